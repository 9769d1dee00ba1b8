import path from 'node:path';
import { digitsToPersian } from '@madreseh/contract/digits';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useServer } from './server';
import {
  DEMO_PASSWORD,
  fakeSmsTo,
  layoutShiftOf,
  loginByApi,
  newContext,
  offlineCopies,
  PHONE,
  settledPath,
  useBrowser,
  watchErrors,
  watchLayoutShift,
} from './support';

const browser = useBrowser();
const SHOTS = path.resolve(import.meta.dirname, '../docs/screenshots');
const server = useServer();

async function signIn(page: Page) {
  await page.goto('/auth');
  await page.getByLabel('نام کاربری').fill('parent1');
  await page.getByLabel('رمز عبور', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'ورود' }).click();
  await page.waitForURL(/\/parent$/);
}

describe('a parent on a phone', () => {
  it('the home does not move while what each child owes comes in', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    await loginByApi(context, 'parent1', server.url);
    await watchLayoutShift(context);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/parent');
    await expect.poll(() => page.getByTestId('child-card').count()).toBe(2);
    // Both amounts in (no «…» left), and whatever else the answers bring.
    await expect.poll(() => page.getByTestId('child-remaining').filter({ hasText: '…' }).count()).toBe(0);
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('pay-all-card').count()).toBe(1);
    expect(await layoutShiftOf(page)).toBeLessThan(0.02);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reaches a child’s attendance and card-to-card from the child’s card, without the menu', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    await loginByApi(context, 'parent1', server.url);
    const page = await context.newPage();
    await page.goto('/parent');
    const card = page.getByTestId('child-card').filter({ hasText: 'ستایش محمدی' });
    await card.getByRole('link', { name: 'حضور و غیاب' }).click();
    await page.waitForURL(/\/parent\/\d+\/attendance$/);
    const child = page.url().split('/')[4];
    await page.goto('/parent');
    await card.getByRole('link', { name: 'کارت به کارت' }).click();
    await page.waitForURL(new RegExp(`/parent/${child}/card-to-card$`));
    await context.close();
  });

  it('signs in, switches between two children, reads the report card and pays an invoice online', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page);

    // Both children, each with her class.
    const cards = page.getByTestId('child-card');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByText('سوم الف').first().waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'parent-390.png'), fullPage: true });

    // Into the younger child's invoices, then switch to the older one: the page stays «invoices».
    await cards.filter({ hasText: 'ستایش محمدی' }).getByRole('link', { name: 'صورت‌حساب‌ها' }).click();
    await page.waitForURL(/\/parent\/\d+\/invoices$/);
    const setayesh = Number(page.url().split('/')[4]);
    await page.getByText('قسط اول شهریه').waitFor();
    await page
      .getByTestId('child-switcher')
      .getByRole('radio', { name: /سارا محمدی/ })
      .click();
    await page.waitForURL((u) => /\/parent\/\d+\/invoices$/.test(u.pathname) && !u.pathname.includes(`/${setayesh}/`));
    await page.getByText('کتاب و لوازم آزمایشگاه').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'parent-invoices-390.png'), fullPage: true });

    // The older child's report card, with its print view.
    await page.getByRole('navigation', { name: 'منوی ولی' }).getByRole('link', { name: 'کارنامه' }).last().click();
    await page.getByTestId('remarks').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'parent-report-card-390.png'), fullPage: true });

    // Back to the younger child, and pay her invoice online through the test gateway.
    await page
      .getByTestId('child-switcher')
      .getByRole('radio', { name: /ستایش محمدی/ })
      .click();
    await page.waitForURL(new RegExp(`/parent/${setayesh}(/report-card)?$`));
    await page.goto(`/parent/${setayesh}/invoices`);
    await page.getByRole('button', { name: 'پرداخت آنلاین' }).first().click();
    await page.waitForURL(/\/payment-sandbox\//);
    await page.getByRole('link', { name: 'پرداخت موفق' }).click();
    await page.waitForURL(new RegExp(`/parent/${setayesh}/payment/result/\\d+$`));
    const result = page.getByTestId('payment-result');
    await expect.poll(() => result.getAttribute('data-status')).toBe('succeeded');
    await page.screenshot({ path: path.join(SHOTS, 'parent-payment-result-390.png'), fullPage: true });
    await page.getByRole('link', { name: 'بازگشت به صورت‌حساب‌ها' }).click();
    await page.getByText('پرداخت‌شده').first().waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });

  it('after one visit, a child’s report card and the children open with the network off', async () => {
    const context = await newContext(browser(), { baseURL: server.url, serviceWorkers: 'allow', viewport: PHONE });
    await loginByApi(context, 'parent1', server.url);
    const page = await context.newPage();
    await page.goto('/parent');
    await page.getByTestId('child-card').first().waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Visit again under the service worker's control so it sees the pages' code and answers.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('child-card').first().waitFor();
    await page
      .getByTestId('child-card')
      .first()
      .getByRole('link', { name: /کارنامه/ })
      .click();
    await page.waitForURL(/\/parent\/\d+\/report-card$/);
    const reportCard = new URL(page.url()).pathname;
    await page.getByTestId('remarks').waitFor();
    const news = reportCard.replace(/report-card$/, 'news');
    await page.goto(news);
    await page.getByTestId('student-news').first().waitFor();
    await settledPath(page);

    await context.setOffline(true);
    await page.goto(reportCard);
    await page.getByTestId('remarks').waitFor();
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^آفلاین — اطلاعات .*ساعت [۰-۹]{2}:[۰-۹]{2}$/);
    await page.screenshot({ path: path.join(SHOTS, 'parent-report-card-offline-390.png'), fullPage: true });
    await page.goto('/parent');
    await expect.poll(() => page.getByTestId('child-card').count()).toBe(2);
    await page.getByTestId('offline-notice').waitFor();
    // What each child owes is never kept on the phone: offline its place says it cannot be read.
    await expect
      .poll(() => page.getByTestId('child-remaining').allInnerTexts(), { timeout: 10_000 })
      .toEqual([expect.stringContaining('—'), expect.stringContaining('—')]);
    await page.screenshot({ path: path.join(SHOTS, 'parent-offline-390.png'), fullPage: true });
    await page.goto(news);
    await page.getByTestId('student-news').first().waitFor();
    await page.getByTestId('offline-notice').waitFor();
    await context.setOffline(false);

    // Signing out leaves none of the children's data on the phone.
    const savedCopies = () => offlineCopies(page);
    expect(await savedCopies()).toBeGreaterThan(0);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'خروج' }).click();
    await page.waitForURL(/\/auth$/);
    await expect.poll(savedCopies).toBe(0);
    await context.close();
  });

  it('opens their bell, turns non-essential SMS off and on, and reads a child’s attendance', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await signIn(page);

    // The bell in the parent header opens the parent's own list.
    await page.getByTestId('notification-bell').click();
    await page.getByRole('dialog', { name: 'اعلان‌ها' }).waitFor();
    await page.keyboard.press('Escape');

    // The SMS switch: off, kept after a reload, and on again.
    await page.goto('/parent/settings');
    const sms = page.getByTestId('sms-optional');
    await expect.poll(() => sms.isChecked()).toBe(true);
    // Mantine's switch input is visually hidden under its track.
    await sms.click({ force: true });
    await page.getByText('پیامک‌های اطلاع‌رسانی خاموش شد.').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'parent-settings-390.png'), fullPage: true });
    await page.reload();
    await expect.poll(() => page.getByTestId('sms-optional').isChecked()).toBe(false);
    await page.getByTestId('sms-optional').click({ force: true });
    await page.getByText('پیامک‌های اطلاع‌رسانی روشن شد.').waitFor();

    // The older child's month of attendance, through the student's page.
    await page.goto('/parent');
    await page
      .getByTestId('child-card')
      .filter({ hasText: 'سارا محمدی' })
      .getByRole('link', { name: 'صورت‌حساب‌ها' })
      .click();
    await page.waitForURL(/\/parent\/\d+\/invoices$/);
    const sara = Number(page.url().split('/')[4]);
    await page.goto(`/parent/${sara}/attendance`);
    await page.getByTestId('month-title').waitFor();
    await page.getByTestId('my-counts').waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'parent-attendance-390.png'), fullPage: true });

    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs in with a one-time code the SMS provider took to the mobile', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByText('ولی: با کد پیامکی').click();
    await page.getByLabel('شمارهٔ همراه ولی').fill('۰۹۱۲۱۲۳۴۵۶۷');
    await page.getByRole('button', { name: 'فرستادن کد ورود' }).click();
    await page.getByText(/کد شش‌رقمی ورود تا دو دقیقه/).waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'parent-login-code-390.png'), fullPage: true });
    // The SMS, as the demo's fake provider sent it after the answer: the school's name and the code.
    const lastSms = async () => (await fakeSmsTo('09121234567', server.control)).at(-1);
    await expect.poll(async () => (await lastSms())?.text ?? '', { timeout: 10_000 }).toContain('کد ورود شما');
    const sms = await lastSms();
    expect(sms?.text).toContain('کد ورود شما');
    const code = sms?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Six boxes, one digit each: typed from the first, on a Persian keyboard.
    await page.getByLabel('کد شش‌رقمی ورود').locator('input').first().click();
    await page.keyboard.type(digitsToPersian(code));
    const enter = page.getByRole('button', { name: 'ورود', exact: true });
    if (await enter.isVisible()) await enter.click();
    await page.waitForURL(/\/parent$/);
    await expect.poll(() => page.getByTestId('child-card').count()).toBe(2);
    await context.close();
  });
});

describe('staff and parents', () => {
  it('shows a student’s parents on the drawer and links a new one', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    await loginByApi(context, 'admin', server.url);
    const page = await context.newPage();
    await page.goto('/dashboard/student/list');
    await page.getByTestId('student-row').filter({ hasText: 'سارا محمدی' }).getByRole('button').click();
    await page.getByRole('menuitem', { name: 'ویرایش دانش‌آموز' }).click();
    const section = page.getByTestId('parents-section');
    await section.getByText('حمیدرضا محمدی').waitFor();
    await section.getByLabel('شمارهٔ همراه ولی').fill('09351234000');
    await section.getByLabel('نام و نام خانوادگی ولی').fill('لیلا محمدی');
    await section
      .getByRole('textbox', { name: 'نسبت', exact: true })
      .or(section.getByRole('combobox', { name: 'نسبت', exact: true }))
      .first()
      .click();
    await page.getByRole('option', { name: 'مادر' }).click();
    await section.getByRole('button', { name: 'افزودن ولی' }).click();
    await section.getByText('لیلا محمدی').waitFor();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'parent-drawer-390.png') });
    await context.close();
  });
});
