import { describe, expect, it } from 'vitest';
import { DESKTOP, loginByApi, newContext, PHONE, seriousA11yViolations, useBrowser, watchErrors } from './support';

const browser = useBrowser();

describe('backups and the audit log', () => {
  it('a super-admin is warned of no backup, downloads one, and sees it on the dashboard and in the audit log', async () => {
    const context = await newContext(browser(), { viewport: DESKTOP, acceptDownloads: true });
    await loginByApi(context, 'superadmin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard');
    const card = page.getByTestId('backup-card');
    await card.getByText('هنوز هیچ پشتیبانی گرفته نشده است.').waitFor();
    await page.getByTestId('backup-warning').waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'دریافت پشتیبان' }).click(),
    ]);
    const file = await download.path();
    const { readFileSync } = await import('node:fs');
    const bytes = readFileSync(file);
    // A tar whose first member is the manifest.
    expect(bytes.subarray(0, 13).toString()).toBe('manifest.json');
    expect(bytes.subarray(257, 262).toString()).toBe('ustar');
    await card.getByText(/^آخرین پشتیبان: /).waitFor();
    await page.getByTestId('backup-warning').waitFor({ state: 'detached' });

    await page.goto('/dashboard/audit');
    await page.getByRole('heading', { level: 1, name: 'گزارش تغییرات' }).waitFor();
    const row = page.getByTestId('audit-row').filter({ hasText: 'پشتیبان' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('دریافت');
    expect(await row.innerText()).toContain('مریم احمدی');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an admin reads only their own actions, on a phone', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/audit');
    await page.getByRole('heading', { level: 1, name: 'گزارش تغییرات' }).waitFor();
    await page.getByText('تغییرهایی که شما در سامانه داده‌اید.', { exact: false }).waitFor();
    expect(await page.getByRole('combobox', { name: 'شخص' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    const texts = await page.getByTestId('audit-row').allInnerTexts();
    expect(texts.every((t) => !t.includes('مریم احمدی'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
