import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loginByApi, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const SHOTS = path.join(import.meta.dirname, '..', 'docs', 'screenshots');

describe('a teacher’s news to her class', () => {
  it('is written on a phone by teacher1 and read by student1 and her parent', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await loginByApi(context, 'teacher1');

    await page.goto('/teacher/news');
    await page.getByRole('button', { name: 'خبر تازه به کلاس' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('عنوان').fill('بازدید از موزهٔ علوم');
    await dialog.getByLabel('متن خبر').fill('سه‌شنبه ساعت ۹ با کلاس به موزه می‌رویم.\nرضایت‌نامه را امضا کنید.');
    await dialog.getByLabel('هفتم الف').check();
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/teacher/news') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'انتشار' }).click();
    expect((await created).status()).toBe(201);
    await dialog.waitFor({ state: 'detached' });
    const row = page.getByTestId('teacher-news-row').filter({ hasText: 'بازدید از موزهٔ علوم' });
    await row.waitFor();
    expect(await row.textContent()).toContain('هفتم الف');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    // The toast goes by itself; the page is shown as the teacher sees it after.
    await page.getByText('خبر منتشر شد.').waitFor({ state: 'detached', timeout: 15_000 });
    await page.screenshot({ path: path.join(SHOTS, 'teacher-news-390.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    const student = await newContext(browser(), { viewport: PHONE });
    const sp = await student.newPage();
    await loginByApi(student, 'student1');
    await sp.goto('/student/news');
    const card = sp.getByTestId('student-news').filter({ hasText: 'بازدید از موزهٔ علوم' });
    await card.waitFor();
    await card.click();
    // The item's own page shows the summary, then the whole text: the text is the last of the two.
    await sp.waitForURL(/\/student\/news\/\d+$/);
    await card.waitFor({ state: 'detached' });
    await sp.getByText('رضایت‌نامه را امضا کنید.').last().waitFor();
    await student.close();

    const parent = await newContext(browser(), { viewport: PHONE });
    const pp = await parent.newPage();
    await loginByApi(parent, 'parent1');
    await pp.goto('/parent');
    await pp.getByRole('button', { name: /اعلان/ }).first().click();
    await pp
      .getByText(/«بازدید از موزهٔ علوم»/)
      .first()
      .waitFor();
    await parent.close();
  });
});
