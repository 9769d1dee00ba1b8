import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { digitsToLatin as toLatin, digitsToPersian as toPersian } from '@madreseh/contract/text';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { nationalCodeFrom as nationalCode } from '../apps/api/src/db/seed/school-demo';
import { baseURL, loginByApi, newContext, PHONE, settledPath, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const SHOTS = path.resolve(import.meta.dirname, '../test-results');

const CODE = nationalCode('071234567');
const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
let trackingCode = '';

/** Fails on any dialog and answers whether a payload ran. */
async function guardScripts(page: Page) {
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
  return async () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
}

describe('pre-registration', () => {
  it('a visitor pre-registers with a Jalali birth date and looks the status up', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/pre-register');
    const form = page.getByTestId('pre-register-form');
    await form.waitFor();
    await form.getByRole('textbox', { name: /^نام\s*\*?$/ }).fill('نیما');
    await page.getByLabel('نام خانوادگی').fill('توکلی');
    // A wrong check digit is caught in the browser.
    const wrong = `${CODE.slice(0, 9)}${(Number(CODE[9]) + 1) % 10}`;
    await page.getByLabel('کد ملی دانش‌آموز').fill(toPersian(wrong));
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    await page.getByText('کد ملی معتبر نیست.').waitFor();
    await page.getByLabel('کد ملی دانش‌آموز').fill(toPersian(CODE));
    const birth = page.getByLabel('تاریخ تولد');
    // Empty, then a day the calendar does not have, then a real one.
    await page.getByText('پسر').click();
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    await page.getByText('تاریخ تولد را وارد کنید.').waitFor();
    await birth.fill('۱۳۹۰/۰۷/۳۱');
    await birth.blur();
    await page.getByText('چنین روزی در تقویم نیست: مهر ۱۳۹۰ ۳۰ روز دارد.').waitFor();
    await birth.fill('۱۳۹۳/۰۱/۰۵');
    await birth.blur();
    // The stepper's four steps fit one row of the phone, numbered in Persian digits.
    const stepper = await page.locator('.mantine-Stepper-steps').boundingBox();
    expect(stepper?.height ?? 999).toBeLessThan(60);
    expect(await page.locator('.mantine-Stepper-stepIcon').allTextContents()).toEqual(['۱', '۲', '۳', '۴']);
    await page.getByText('پسر').click();
    await page.getByRole('combobox', { name: 'پایهٔ درخواستی' }).click();
    await page.getByRole('option', { name: 'هفتم', exact: true }).click();
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    await page.getByLabel('نام و نام خانوادگی پدر').fill('کاوه توکلی');
    // A phone typed with its country code and spaces.
    await page.getByLabel('همراه پدر').fill('+98 912 777 8899');
    await page.getByLabel('نام و نام خانوادگی مادر').fill('شیرین صدری');
    // The average as a Persian keyboard types it; the field shows it the Persian way.
    const average = page.getByLabel('معدل سال گذشته (۰ تا ۲۰)');
    await average.fill('19/25');
    expect(await average.inputValue()).toBe('۱۹٫۲۵');
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    await page.getByLabel('نشانی محل سکونت').fill('شیراز، خیابان زند، کوچهٔ ۵');
    await page.getByLabel('توضیحات').fill(XSS);
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    const review = page.getByTestId('review');
    await review.waitFor();
    expect(await review.textContent()).toContain('۱۳۹۳/۰۱/۰۵');
    expect(await review.textContent()).toContain('۱۹٫۲۵');
    // The phone reads left to right, in one form, never reversed inside the right-to-left table.
    const phone = review.locator('span[dir="ltr"]', { hasText: '۰۹۱۲۷۷۷۸۸۹۹' });
    expect(await phone.count()).toBe(1);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'pre-register-review-390.png'), fullPage: true });
    await page.getByRole('button', { name: 'ثبت نهایی' }).click();
    const code = page.getByTestId('tracking-code');
    await code.waitFor();
    trackingCode = toLatin((await code.textContent()) ?? '');
    expect(trackingCode).toMatch(/^\d{8}$/);
    await page.getByRole('button', { name: 'چاپ رسید' }).waitFor();

    await page.getByRole('tab', { name: 'پیگیری وضعیت' }).click();
    await page.getByLabel('کد پیگیری').fill(toPersian(trackingCode));
    await page.getByLabel('کد ملی دانش‌آموز').fill(CODE);
    await page.getByRole('button', { name: 'نمایش وضعیت' }).click();
    const result = page.getByTestId('lookup-result');
    await result.waitFor();
    expect(await result.textContent()).toContain('جدید');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the server refuses a wrong check digit (400) and answers a second form of the same code like a first', async () => {
    const base = {
      firstName: 'نیما',
      lastName: 'توکلی',
      birthDate: '2014-03-25',
      gender: 'male',
      grade: 7,
      fatherName: 'کاوه',
      fatherMobile: '09127778899',
      motherName: 'شیرین',
      address: 'شیراز، خیابان زند',
    };
    const post = (nc: string) =>
      fetch(`${baseURL()}/api/v1/general/pre-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...base, nationalCode: nc }),
      });
    const bad = await post(`${CODE.slice(0, 9)}${(Number(CODE[9]) + 1) % 10}`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.nationalCode).toBe('کد ملی معتبر نیست.');
    // No enumeration: a second form is a record of its own, answered like any first one.
    const dup = await post(CODE);
    expect(dup.status).toBe(201);
    const body = await dup.text();
    expect(body).not.toContain(trackingCode);
  });

  it('an admin finds it, changes its status, sees the fields as text and prints it', async () => {
    expect(trackingCode).not.toBe('');
    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const ran = await guardScripts(page);
    await page.goto('/dashboard/pre-register');
    await page.getByLabel('جست‌وجو: نام، کد ملی یا کد پیگیری').fill(trackingCode);
    // Two forms carry this name (the repeat form above is a record of its own): wait for either.
    await page.getByTestId('pre-register-row').filter({ hasText: 'توکلی' }).first().waitFor();
    // The search runs on the server; wait for its answer to replace the unfiltered page.
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="pre-register-row"]').length === 1);
    await page.getByRole('button', { name: 'نیما توکلی' }).click();
    const detail = page.getByTestId('pre-register-detail');
    await detail.waitFor();
    // The applicant's notes are shown as text.
    await detail.getByText('onerror', { exact: false }).waitFor();
    expect(await ran()).toBeUndefined();
    await detail.getByRole('combobox', { name: 'وضعیت تازه' }).click();
    await page.getByRole('option', { name: 'در حال بررسی' }).click();
    await detail.getByLabel('یادداشت مدیر').fill('مدارک دریافت شد');
    await detail.getByRole('button', { name: 'ثبت وضعیت' }).click();
    await detail.getByTestId('detail-status').filter({ hasText: 'در حال بررسی' }).waitFor();
    await detail.getByText('آخرین تغییر: علی رضایی', { exact: false }).waitFor();

    await detail.getByRole('link', { name: 'چاپ فرم' }).click();
    await page.waitForURL(/\/dashboard\/pre-register\/print\/\d+$/);
    const sheet = page.getByTestId('print-sheet');
    await sheet.waitFor();
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain(toPersian(trackingCode));
    expect(text).toContain('در حال بررسی');
    expect(text).toContain('۱۳۹۳/۰۱/۰۵');
    expect(text).toContain('مهر و امضای مدرسه');
    await page.getByRole('button', { name: 'چاپ' }).waitFor();
    mkdirSync(SHOTS, { recursive: true });
    const png = await page.screenshot({ path: path.join(SHOTS, 'pre-register-print.png'), fullPage: true });
    expect(png.byteLength).toBeGreaterThan(10_000);
    expect(await ran()).toBeUndefined();
    await context.close();
  });

  it("a visitor sees the lookup change after the admin's decision", async () => {
    const res = await fetch(
      `${baseURL()}/api/v1/general/pre-register?trackingCode=${trackingCode}&nationalCode=${CODE}`,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.status).toBe('reviewing');
    expect(JSON.stringify(body)).not.toContain('مدارک دریافت شد');
  });

  it('keeps the way back home on one line inside the header of a 390 and a 320 px phone', async () => {
    for (const width of [390, 320]) {
      const context = await newContext(browser(), { viewport: { width, height: 740 } });
      const page = await context.newPage();
      await page.goto('/pre-register');
      await page.getByTestId('pre-register-form').waitFor();
      await page.getByTestId('brand-name').waitFor();
      const header = await page.locator('header').first().boundingBox();
      const link = page.locator('header').getByRole('link', { name: 'بازگشت به صفحهٔ اصلی' });
      const box = await link.boundingBox();
      if (!header || !box) throw new Error(`no header or link at ${width} px`);
      // Inside the header's 64 px, on one line (one line of the small text is under 30 px).
      expect(box.y, `${width}`).toBeGreaterThanOrEqual(header.y);
      expect(box.y + box.height, `${width}`).toBeLessThanOrEqual(header.y + header.height);
      expect(box.height, `${width}`).toBeLessThan(30);
      expect(box.x, `${width}`).toBeGreaterThanOrEqual(0);
      // On the brand's row, to its left (right to left), and nothing scrolls sideways.
      const brand = await page.getByTestId('brand-name').boundingBox();
      expect(brand && box.x + box.width <= brand.x, `${width}`).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      if (width === 390) {
        mkdirSync(SHOTS, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS, 'pre-register-header-390.png') });
      }
      await context.close();
    }
  });

  it('says plainly that the form needs the network when offline', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/pre-register');
    await settledPath(page);
    await page.getByTestId('pre-register-form').waitFor();
    await context.setOffline(true);
    await page.getByTestId('offline-form').waitFor();
    await context.setOffline(false);
    await page.getByTestId('offline-form').waitFor({ state: 'detached' });
    await context.close();
  });
});
