import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  arrivesAt,
  baseURL,
  DESKTOP,
  loginByApi,
  newContext,
  PHONE,
  seriousA11yViolations,
  settledPath,
  useBrowser,
  watchErrors,
} from './support';

const browser = useBrowser();

const rowOf = (page: Page, username: string) => page.locator(`[data-testid="admin-row"][data-username="${username}"]`);

describe('managing admin accounts (super-admin)', () => {
  it('a super-admin creates an admin, who signs in without the page, and deactivating them ends their session', async () => {
    const boss = await newContext(browser(), { viewport: DESKTOP });
    await loginByApi(boss, 'superadmin');
    const page = await boss.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/admins');
    await page.getByRole('heading', { level: 1, name: 'مدیران سامانه' }).waitFor();
    await rowOf(page, 'superadmin').waitFor();
    expect(await rowOf(page, 'superadmin').innerText()).toContain('مدیر ارشد');

    // The form checks with the contract's own rules before sending anything.
    await page.getByRole('button', { name: 'مدیر تازه' }).click();
    const dialog = page.getByRole('dialog', { name: 'ساخت حساب مدیر' });
    await dialog.getByRole('textbox', { name: /^رمز عبور/ }).fill('');
    await dialog.getByRole('button', { name: 'ساخت حساب' }).click();
    await dialog.getByText('نام کاربری را وارد کنید.').waitFor();
    await dialog.getByText('نام و نام خانوادگی را وارد کنید.').waitFor();
    await dialog.getByText('رمز عبور تازه دست‌کم ۸ نویسه باشد.').waitFor();
    await dialog.getByRole('textbox', { name: /^نام کاربری/ }).fill('مدیر');
    await dialog.getByRole('button', { name: 'ساخت حساب' }).click();
    await dialog.getByText(/نام کاربری ۳ تا ۶۴ نویسه/).waitFor();

    // A generated strong password fills the field; the super-admin copies it from there.
    await dialog.getByRole('button', { name: 'ساختن رمز دیگر' }).click();
    const password = await dialog.getByRole('textbox', { name: /^رمز عبور/ }).inputValue();
    expect(password).toMatch(/^[A-Za-z0-9]{14}$/);
    await dialog.getByRole('textbox', { name: /^نام و نام خانوادگی/ }).fill('نرگس  صالحي');
    await dialog.getByRole('textbox', { name: /^نام کاربری/ }).fill('Daftar۱۴۰۵');
    await dialog.getByRole('button', { name: 'ساخت حساب' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = rowOf(page, 'daftar1405');
    await row.waitFor();
    expect(await row.innerText()).toContain('نرگس صالحی');
    expect(await row.innerText()).toContain('فعال');

    // The new admin signs in, typing the username with Persian digits, and lands on the dashboard.
    const office = await newContext(browser(), { viewport: DESKTOP });
    const desk = await office.newPage();
    await desk.goto('/auth');
    await desk.getByRole('textbox', { name: /^نام کاربری/ }).fill('daftar۱۴۰۵');
    await desk.getByLabel(/^رمز عبور/).fill(password);
    await desk.getByRole('button', { name: 'ورود', exact: true }).click();
    await desk.waitForURL('**/dashboard');
    await desk.getByRole('link', { name: 'اخبار', exact: true }).waitFor();
    expect(await desk.getByRole('link', { name: 'مدیران سامانه' }).count()).toBe(0);
    // The page is the super-admin's: the admin is told so plainly and stays signed in.
    await desk.goto('/dashboard/admins');
    await desk.getByTestId('super-admin-only').waitFor();
    expect(await settledPath(desk)).toBe('/dashboard/admins');
    await desk.goto('/dashboard');
    await desk.goto('/dashboard/news');
    expect(await settledPath(desk)).toBe('/dashboard/news');

    // The super-admin deactivates the account, after a confirmation.
    await row.getByRole('button', { name: 'کارهای حساب نرگس صالحی' }).click();
    await page.getByRole('menuitem', { name: 'غیرفعال کردن' }).click();
    const confirm = page.getByRole('dialog', { name: 'غیرفعال کردن حساب' });
    await confirm.getByText(/نشست‌های باز این حساب بسته می‌شود/).waitFor();
    await confirm.getByRole('button', { name: 'غیرفعال کردن' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(() => row.innerText()).toContain('غیرفعال');

    // The admin's open session is refused on the next page they open.
    await desk.getByRole('link', { name: 'پیش‌ثبت‌نام‌ها' }).click();
    await desk.waitForURL('**/auth');
    expect(await settledPath(desk)).toBe('/auth');

    // One's own account cannot be switched off: the item is disabled and says why.
    await rowOf(page, 'superadmin')
      .getByRole('button', { name: /^کارهای حساب/ })
      .click();
    const own = page.getByRole('menuitem', { name: 'غیرفعال کردن' });
    await own.waitFor();
    expect(await own.isDisabled()).toBe(true);
    await page.getByText('حساب خودتان را نمی‌توانید غیرفعال کنید.').first().waitFor();
    await page.keyboard.press('Escape');

    expect(errors).toEqual([]);
    await office.close();
    await boss.close();
  });

  it('a super-admin sets a new password for an admin; the old one stops working', async () => {
    const boss = await newContext(browser(), { viewport: PHONE });
    const { token } = await loginByApi(boss, 'superadmin');
    // An account of its own: the demo accounts keep their password for the other browser tests.
    const created = await fetch(`${baseURL()}/api/v1/panel/admins`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'forgetful',
        fullName: 'کاوه فراموشکار',
        role: 'admin',
        password: 'first-pass-1',
      }),
    });
    expect(created.status).toBe(201);
    const page = await boss.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/admins');
    // Below 992 px the accounts are cards, not a table.
    const card = rowOf(page, 'forgetful');
    await card.waitFor();
    expect(await page.getByTestId('admins-table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    await card.getByRole('button', { name: /^کارهای حساب/ }).click();
    await page.getByRole('menuitem', { name: 'رمز عبور تازه' }).click();
    const dialog = page.getByRole('dialog');
    const field = dialog.getByRole('textbox', { name: /^رمز عبور/ });
    expect(await field.inputValue()).toMatch(/^[A-Za-z0-9]{14}$/);
    await field.fill('کوتاه');
    await dialog.getByRole('button', { name: 'ثبت رمز تازه' }).click();
    await dialog.getByText('رمز عبور تازه دست‌کم ۸ نویسه باشد.').waitFor();
    await field.fill('Office-pass-۲۰۲۵');
    await dialog.getByRole('button', { name: 'ثبت رمز تازه' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.locator('.mantine-Notification-root').filter({ hasText: 'رمز عبور تازه ثبت شد' }).first().waitFor();

    const login = (password: string) =>
      fetch(new URL('/api/v1/auth/login', page.url()), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'forgetful', password }),
      }).then((r) => r.status);
    expect(await login('first-pass-1')).toBe(401);
    expect(await login('Office-pass-2025')).toBe(200);
    expect(errors).toEqual([]);
    await boss.close();
  });

  it("an admin who opens the staff page is told plainly it is the super-admin's, and stays signed in", async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    await page.goto('/dashboard/admins');
    await page.getByTestId('super-admin-only').waitFor();
    expect(await page.getByRole('heading', { name: 'فقط مدیر ارشد' }).count()).toBe(1);
    expect(await arrivesAt(page, '/dashboard/admins')).toBe('/dashboard/admins');
    await page.getByRole('link', { name: 'بازگشت به داشبورد' }).click();
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  for (const viewport of [PHONE, DESKTOP]) {
    it(`passes axe without serious findings at ${viewport.width} px`, async () => {
      const context = await newContext(browser(), { viewport });
      await loginByApi(context, 'superadmin');
      const page = await context.newPage();
      await page.goto('/dashboard/admins');
      await rowOf(page, 'superadmin').waitFor();
      expect(await arrivesAt(page, '/dashboard/admins')).toBe('/dashboard/admins');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'مدیر تازه' }).click();
      await page.getByRole('dialog').waitFor();
      // Judge the form once it has faded in (colours mid-transition are not what people see).
      await page.waitForFunction(() => document.getAnimations().length === 0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
