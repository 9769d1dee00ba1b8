import path from 'node:path';
import { academicYearOf, formatJalaliIso, jalaliToIso } from '@madreseh/contract/jalali';
import { digitsToPersian } from '@madreseh/contract/text';
import { describe, expect, it } from 'vitest';
import { baseURL, DESKTOP, loginByApi, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const SHOTS = path.join(import.meta.dirname, '..', 'docs', 'screenshots');

async function api<T>(token: string, url: string): Promise<T> {
  const res = await fetch(`${baseURL()}/api/v1/${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe('a teacher’s continuous marks on a phone', () => {
  it('records a quiz with Persian digits and fills the term grade of her subject from it', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const { token } = await loginByApi(context, 'teacher1');
    const classes = await api<{ items: { groupId: number; subjects: { id: number; name: string }[] }[] }>(
      token,
      'teacher/classes',
    );
    const groupId = classes.items[0]?.groupId;
    const math = classes.items[0]?.subjects.find((s) => s.name === 'ریاضی')?.id;
    if (!groupId || !math) throw new Error('teacher1 has no mathematics class');

    // Her mark book opens on her first subject, with the demo's assessments.
    await page.goto('/teacher/marks');
    await page.getByTestId('assessment').first().waitFor();
    expect(await page.getByTestId('assignment').inputValue()).toContain('ریاضی');

    // A quiz of the second term (Bahman of this school year), out of 20 by default.
    const date = jalaliToIso(academicYearOf().start, 11, 10);
    await page.getByTestId('add-assessment').click();
    await page.getByLabel('عنوان').fill('آزمونک کسرها');
    const dateField = page.getByRole('textbox', { name: 'تاریخ' });
    await dateField.fill(digitsToPersian(formatJalaliIso(date)));
    await dateField.press('Tab');
    await page.getByRole('button', { name: 'ذخیره', exact: true }).click();
    await page.getByTestId('marks-sheet').waitFor();

    // Marks typed on a Persian keyboard; 25 of 20 is caught before saving; one student is left blank.
    const rows = page.getByTestId('mark-row');
    const count = await rows.count();
    expect(count).toBeGreaterThan(2);
    const first = rows.nth(0).getByRole('textbox');
    await first.fill('۲۵');
    await page.getByTestId('save-marks').click();
    await page.getByText('نمره‌های قرمز را درست کنید.').waitFor();
    await first.fill('۱۸/۵');
    expect(await first.inputValue()).toBe('۱۸٫۵');
    await rows.nth(1).getByRole('textbox').fill('20');
    await page.getByTestId('save-marks').click();
    await page.getByText('نمره‌ها ذخیره شد.').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'teacher-marks-390.png'), fullPage: true });

    const book = await api<{
      students: { id: number; fullName: string }[];
      assessments: { title: string; maxScore: number; marks: Record<string, number> }[];
    }>(token, `teacher/assessments?groupId=${groupId}&subjectId=${math}`);
    const quiz = book.assessments.find((a) => a.title === 'آزمونک کسرها');
    const [a, b, c] = book.students;
    if (!quiz || !a || !b || !c) throw new Error('the quiz was not saved');
    expect(quiz.maxScore).toBe(20);
    expect(quiz.marks).toEqual({ [a.id]: 18.5, [b.id]: 20 });

    // The grade grid of the second term: «از مستمر» on her mathematics column fills it.
    await page.goto(`/teacher/grades?group=${groupId}&term=second`);
    await page.getByTestId('grade-grid').waitFor();
    await page.getByRole('button', { name: 'پر کردن ستون ریاضی از نمرات مستمر' }).click();
    await page.getByTestId('fill-confirm').click();
    const cell = page.getByLabel(`ریاضی — ${a.fullName}`, { exact: true });
    await expect.poll(() => cell.first().inputValue()).toBe('۱۸٫۵');
    const grid = await api<{ rows: { studentId: number; grades: Record<string, string> }[] }>(
      token,
      `teacher/report-card?groupId=${groupId}&term=second`,
    );
    expect(grid.rows.find((r) => r.studentId === a.id)?.grades[String(math)]).toBe('18.5');
    expect(grid.rows.find((r) => r.studentId === b.id)?.grades[String(math)]).toBe('20');
    expect(grid.rows.find((r) => r.studentId === c.id)?.grades[String(math)]).toBeUndefined();
    // The filled grade is still hers to change.
    expect(await cell.first().getAttribute('readonly')).toBeNull();
    await page.screenshot({ path: path.join(SHOTS, 'teacher-marks-grades-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the mark book and the averages by the school’s rule on a desktop', async () => {
    const context = await newContext(browser(), { viewport: DESKTOP });
    const page = await context.newPage();
    await loginByApi(context, 'teacher1');
    await page.goto('/teacher/marks?tab=averages&term=first');
    await page.getByTestId('averages').waitFor();
    expect(await page.getByTestId('rule-line').textContent()).toContain('میانگین سادهٔ نمره‌ها');
    const cells = await page.locator('[data-testid="averages"] tbody tr').first().locator('td').allTextContents();
    expect(cells[1]).toMatch(/[۰-۹]/);
    await page.goto('/teacher/marks');
    await page.getByTestId('assessment').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'teacher-marks-1366.png') });
    await context.close();
  });
});
