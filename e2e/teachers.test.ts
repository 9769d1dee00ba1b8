import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, loginByApi, newContext, PHONE, schoolDay, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const SHOTS = path.join(import.meta.dirname, '..', 'docs', 'screenshots');

describe('a teacher on a phone', () => {
  it('takes attendance with the network cut, it syncs when it returns, and the student sees the absence', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const { token } = await loginByApi(context, 'teacher1');

    await page.goto('/teacher');
    await page.getByTestId('my-class').first().waitFor();
    expect(await page.getByTestId('my-class').first().textContent()).toContain('ریاضی');
    await page.screenshot({ path: path.join(SHOTS, 'teacher-390.png'), fullPage: true });

    const classes = (await (
      await fetch(`${baseURL()}/api/v1/teacher/classes`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { items: { groupId: number }[] };
    const groupId = classes.items[0]?.groupId;
    const date = schoolDay();
    await page.goto(`/teacher/attendance?group=${groupId}&date=${date}`);
    await page.getByTestId('attendance-row').first().waitFor();
    const rows = await page.getByTestId('attendance-row').count();
    expect(rows).toBeGreaterThan(2);
    expect(await page.locator('[data-testid="attendance-row"][data-state="present"]').count()).toBe(rows);

    // The network goes; the teacher marks student1 absent and saves.
    await context.setOffline(true);
    await page.getByRole('button', { name: /^سارا محمدی:/ }).click();
    expect(await page.locator('[data-testid="attendance-row"][data-state="absent"]').count()).toBe(1);
    await page.getByTestId('save-attendance').click();
    await page.getByTestId('attendance-queue').waitFor();
    expect(await page.getByTestId('attendance-queue').textContent()).toContain('۱');
    await page.screenshot({ path: path.join(SHOTS, 'teacher-attendance-offline-390.png') });

    // The network returns: the queued save goes by itself, once.
    await context.setOffline(false);
    await page.getByTestId('attendance-queue').waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByTestId('attendance-synced').waitFor();
    const sheet = (await (
      await fetch(`${baseURL()}/api/v1/attendance/sheet?groupId=${groupId}&date=${date}`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { rows: { fullName: string; state: string }[]; taken: boolean };
    expect(sheet.taken).toBe(true);
    expect(sheet.rows.filter((r) => r.state === 'absent').map((r) => r.fullName)).toEqual(['سارا محمدی']);
    await page.reload();
    await page.getByTestId('attendance-row').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'teacher-attendance-390.png') });

    // Her grade grid has her two subjects only.
    await page.goto(`/teacher/grades?group=${groupId}&term=second`);
    await page.getByTestId('grade-grid').waitFor();
    const headers = await page.locator('[data-testid="grade-grid"] thead th').allTextContents();
    expect(headers.join(' ')).toContain('ریاضی');
    expect(headers.join(' ')).toContain('علوم تجربی');
    expect(headers.join(' ')).not.toContain('فارسی');
    await page.screenshot({ path: path.join(SHOTS, 'teacher-grades-390.png') });
    // The first term is published: read-only for her.
    await page.goto(`/teacher/grades?group=${groupId}&term=first`);
    await page.getByTestId('read-only').waitFor();
    expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED|net::/.test(e))).toEqual([]);
    await context.close();

    // student1 sees the absence and its notice.
    const student = await newContext(browser(), { viewport: PHONE });
    const sp = await student.newPage();
    await loginByApi(student, 'student1');
    await sp.goto('/student/attendance');
    await sp.getByTestId('notice').first().waitFor();
    expect(await sp.getByTestId('notices').textContent()).toContain('غیبت');
    await sp.getByTestId('my-counts').waitFor();
    expect(await sp.getByTestId('my-days').textContent()).toContain('غایب');
    await sp.screenshot({ path: path.join(SHOTS, 'teacher-student-attendance-390.png'), fullPage: true });
    await student.close();
  });

  it('lands on /teacher after login and is sent to /auth from the other areas', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByLabel('نام کاربری').fill('teacher1');
    await page.getByLabel('رمز عبور', { exact: true }).fill('demo1234');
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await page.waitForURL('**/teacher');
    for (const area of ['/student', '/dashboard']) {
      await page.goto(area);
      await page.waitForURL('**/auth');
    }
    await context.close();
  });
});

describe('the teachers list', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    it(`at ${viewport.width} px shows each teacher's actions on the screen, the menu one tap away`, async () => {
      const context = await newContext(browser(), { viewport });
      await loginByApi(context, 'admin');
      const page = await context.newPage();
      await page.goto('/dashboard/teachers');
      const row = page.getByTestId('teacher-row').first();
      await row.waitFor();
      const actions = row.getByRole('button', { name: /^کارها — / });
      // Inside the window, not behind a table that scrolls sideways.
      const box = await actions.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await actions.click();
      await page.getByRole('menuitem', { name: 'تعیین درس‌ها' }).waitFor();
      await context.close();
    });
  }
});
