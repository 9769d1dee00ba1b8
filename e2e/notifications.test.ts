import { describe, expect, it } from 'vitest';
import { baseURL, loginByApi, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();

describe('notifications', () => {
  it('staff send a class message on a phone and the student sees it in the bell', async () => {
    const text = `جلسهٔ اولیای هفتم الف پنجشنبه ساعت ۱۰ در سالن مدرسه است. ${Date.now()}`;
    const staff = await newContext(browser(), { viewport: PHONE });
    await loginByApi(staff, 'admin');
    const page = await staff.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/notifications/message');
    await page.getByRole('heading', { level: 1, name: 'پیام به اولیا' }).waitFor();
    await page.getByTestId('message-group').click();
    await page.getByRole('option', { name: 'هفتم الف' }).click();
    await page.getByTestId('message-text').fill(text);
    await page.getByTestId('message-preview').click();
    await page.getByTestId('message-preview-result').waitFor();
    // The preview says how many and how many SMS parts before anything is sent.
    expect(
      Number(
        (await page.getByTestId('preview-students').innerText()).replace(/[۰-۹]/g, (d) =>
          String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)),
        ),
      ),
    ).toBeGreaterThan(0);
    expect(await page.getByTestId('message-preview-result').innerText()).toContain(text.slice(0, 20));
    await page.getByTestId('message-send').click();
    await page.getByTestId('message-confirm').click();
    await page.getByText(/پیام فرستاده شد/).waitFor();
    expect(errors).toEqual([]);
    await staff.close();

    const student = await newContext(browser(), { viewport: PHONE });
    await loginByApi(student, 'student1');
    const home = await student.newPage();
    const studentErrors = watchErrors(home);
    await home.goto('/student');
    const bell = home.getByTestId('notification-bell');
    await bell.waitFor();
    await expect.poll(async () => bell.getAttribute('aria-label')).toMatch(/خوانده‌نشده/);
    await bell.click();
    const item = home.getByTestId('notification-item').filter({ hasText: text.slice(0, 30) });
    await item.waitFor();
    // Opening the list marks what it shows read: the count goes.
    await expect.poll(async () => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('اعلان‌ها');
    expect(studentErrors).toEqual([]);
    await student.close();
  });

  it('the super-admin sets an API key that is never shown again', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    await loginByApi(context, 'superadmin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/notifications/settings');
    await page.getByRole('heading', { level: 1, name: 'تنظیمات اعلان و پیامک' }).waitFor();
    await page.getByRole('textbox', { name: 'شمارهٔ خط فرستنده' }).fill('10004346');
    await page.getByTestId('api-key').fill('e2e-secret-key-123');
    await page.getByTestId('notification-settings-save').click();
    await page.getByText('تنظیمات ذخیره شد.').waitFor();
    expect(await page.getByTestId('api-key-state').innerText()).toBe('ثبت شده');
    expect(await page.getByTestId('api-key').inputValue()).toBe('');
    await page.reload();
    await page.getByTestId('api-key-state').waitFor();
    expect(await page.content()).not.toContain('e2e-secret-key-123');
    expect(await page.getByRole('textbox', { name: 'شمارهٔ خط فرستنده' }).inputValue()).toBe('10004346');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a secretary edits a template with Persian placeholder chips, the template stored as the server reads it', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const { token } = await loginByApi(context, 'superadmin');
    const settings = async () =>
      (
        (await (
          await fetch(`${baseURL()}/api/v1/panel/notifications/settings`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { templates: Record<string, string> }
      ).templates;
    const before = await settings();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/notifications/settings');
    const box = page.getByRole('textbox', { name: 'تأیید پرداخت', exact: true });
    await box.waitFor();
    // No English token to read or keep intact: the placeholders in Persian.
    const shown = await box.inputValue();
    expect(shown).toContain('{نام مدرسه}');
    expect(shown).toContain('{مبلغ}');
    expect(shown).not.toMatch(/[A-Za-z]/);
    // A chip puts its placeholder where the cursor is.
    await box.focus();
    await box.press('ControlOrMeta+End');
    await box.pressSequentially(' مانده: ');
    await page.getByRole('group', { name: 'جای‌گذاری‌های «تأیید پرداخت»' }).getByRole('button', { name: 'مبلغ' }).click();
    await expect.poll(() => box.inputValue()).toBe(`${shown} مانده: {مبلغ}`);
    await page.getByTestId('notification-settings-save').click();
    await page.getByText('تنظیمات ذخیره شد.').waitFor();
    const after = await settings();
    expect(after.payment_confirmed).toBe(`${before.payment_confirmed} مانده: {amount}`);
    // The templates not touched are stored exactly as they were.
    expect({ ...after, payment_confirmed: '' }).toEqual({ ...before, payment_confirmed: '' });
    expect(errors).toEqual([]);
    await context.close();
  });
});
