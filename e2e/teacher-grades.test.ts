import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, loginByApi, newContext, PHONE, schoolDay, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const SHOTS = path.join(import.meta.dirname, '..', 'docs', 'screenshots');

async function api<T>(token: string, url: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseURL()}/api/v1/${url}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });
  return { status: res.status, body: (await res.json()) as T };
}

interface Group {
  id: number;
  name: string;
  subjects: { id: number; name: string }[];
}
interface Grid {
  subjects: { id: number; name: string }[];
  rows: { studentId: number; fullName: string; grades: Record<string, string> }[];
}

/** Nothing wider than the window: no sideways scroll of the whole page (a wide table scrolls in its box). */
async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('a teacher enters grades for her subject only', () => {
  it('saves a grade of her subject at 390 px; another subject has no column and the API refuses it', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const { token } = await loginByApi(context, 'teacher1');
    const admin = (await (
      await fetch(`${baseURL()}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
      })
    ).json()) as { token: string };
    const groups = await api<{ items: Group[] }>(admin.token, 'panel/group/list');
    const seventhA = groups.body.items.find((g) => g.name === 'هفتم الف');
    if (!seventhA) throw new Error('demo class missing');
    const persian = seventhA.subjects.find((s) => s.name === 'فارسی');
    const math = seventhA.subjects.find((s) => s.name === 'ریاضی');
    if (!persian || !math) throw new Error('demo subjects missing');

    await page.goto(`/teacher/grades?group=${seventhA.id}&term=second`);
    await page.getByTestId('grade-grid').waitFor();
    const headers = (await page.locator('[data-testid="grade-grid"] thead th').allTextContents()).join(' ');
    expect(headers).toContain('ریاضی');
    expect(headers).not.toContain('فارسی');
    expect(await page.getByLabel('فارسی — سارا محمدی', { exact: true }).count()).toBe(0);

    const cell = page.getByLabel('ریاضی — سارا محمدی', { exact: true });
    await cell.fill('۱۷٫۵');
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/v1/teacher/report-card') && r.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'ذخیرهٔ نمره‌ها' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('نمره‌ها ذخیره شد.').waitFor();

    // Saved on the server, and there after a reload.
    const grid = await api<Grid>(token, `teacher/report-card?groupId=${seventhA.id}&term=second`);
    const sara = grid.body.rows.find((r) => r.fullName === 'سارا محمدی');
    expect(sara?.grades[String(math.id)]).toBe('17.5');
    expect(grid.body.subjects.map((s) => s.name)).not.toContain('فارسی');
    await page.reload();
    await page.getByTestId('grade-grid').waitFor();
    expect(await page.getByLabel('ریاضی — سارا محمدی', { exact: true }).inputValue()).toMatch(/^(17\.5|۱۷٫۵|۱۷\.۵)$/);

    // The other subject cannot be reached around the page either.
    const refused = await api<{ message: string }>(token, 'teacher/report-card', {
      method: 'PUT',
      body: JSON.stringify({
        groupId: seventhA.id,
        term: 'second',
        rows: [{ studentId: sara?.studentId, grades: [{ subjectId: persian.id, value: '20' }] }],
      }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('فقط نمرهٔ درس‌های خودتان');
    const staffGrid = await api<Grid>(admin.token, `panel/report-card?groupId=${seventhA.id}&term=second`);
    const staffRow = staffGrid.body.rows.find((r) => r.fullName === 'سارا محمدی');
    expect(staffRow?.grades[String(persian.id)]).not.toBe('20');

    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the teacher area at 1366 px without sideways overflow', async () => {
    const context = await newContext(browser(), { viewport: DESKTOP });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await loginByApi(context, 'teacher1');

    await page.goto('/teacher');
    await page.getByTestId('my-class').first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'teacher-1366.png'), fullPage: true });

    await page.getByRole('link', { name: 'حضور و غیاب' }).first().click();
    await page.waitForURL('**/teacher/attendance');
    // On a Friday the school is closed and there is no sheet: the day before has one.
    await page.goto(`/teacher/attendance?date=${schoolDay()}`);
    await page.getByTestId('attendance-row').first().waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    // The save button stays in the content column, clear of the sidebar (on the right in RTL).
    const save = await page.getByTestId('save-attendance').boundingBox();
    const sidebar = await page.locator('.mantine-AppShell-navbar').boundingBox();
    if (!save || !sidebar) throw new Error('save button or sidebar missing');
    expect(save.x + save.width).toBeLessThanOrEqual(sidebar.x + 1);
    await page.screenshot({ path: path.join(SHOTS, 'teacher-attendance-1366.png'), fullPage: true });

    await page.goto('/teacher/grades?term=second');
    await page.getByTestId('grade-grid').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SHOTS, 'teacher-grades-1366.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });
});
