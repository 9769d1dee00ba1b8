import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { digitsToPersian as toPersian } from '@madreseh/contract/text';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nationalCodeFrom as nationalCode } from '../apps/api/src/db/seed/school-demo';
import {
  baseURL,
  checkToken,
  loginByApi,
  newContext,
  offlineCopies,
  PHONE,
  settledPath,
  useBrowser,
  watchErrors,
} from './support';

const browser = useBrowser();

const CLASS = 'نهم ج';
const CODE = nationalCode('004400440');
const OTHER_CODE = nationalCode('004400550');

function toast(page: Page, text: string) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text }).first();
}

describe('classes, students and report cards: the whole journey', () => {
  let admin: BrowserContext;
  let adminPage: Page;
  let adminToken: string;
  let student: BrowserContext;
  let studentPage: Page;
  let password = '';
  const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-shots-'));

  beforeAll(async () => {
    admin = await newContext(browser());
    adminToken = (await loginByApi(admin, 'admin')).token;
    adminPage = await admin.newPage();
  });
  afterAll(async () => {
    await admin?.close();
    await student?.close();
    fs.rmSync(shots, { recursive: true, force: true });
  });

  it('admin creates a class with subjects and weights', async () => {
    const errors = watchErrors(adminPage);
    await adminPage.goto('/dashboard/group');
    await adminPage.getByRole('button', { name: 'کلاس تازه' }).click();
    const dialog = adminPage.getByRole('dialog');
    await dialog.getByLabel('نام کلاس').fill(CLASS);
    await dialog.getByRole('combobox', { name: 'پایه', exact: true }).click();
    await adminPage.getByRole('option', { name: 'نهم' }).click();
    await dialog.getByLabel('نام درس ۱').fill('ریاضی');
    await dialog.getByLabel('ضریب ۱').fill('4');
    await dialog.getByRole('button', { name: 'افزودن درس' }).click();
    await dialog.getByLabel('نام درس ۲').fill('علوم تجربی');
    await dialog.getByLabel('ضریب ۲').fill('۳');
    await dialog.getByRole('button', { name: 'ساخت کلاس' }).click();
    await toast(adminPage, 'کلاس ذخیره شد.').waitFor();
    const card = adminPage.getByTestId('group-card').filter({ hasText: CLASS });
    await card.waitFor();
    expect(await card.textContent()).toContain('ریاضی (۴)، علوم تجربی (۳)');
    expect(errors).toEqual([]);
  });

  it('admin creates a student in the drawer, sees the password once and prints the login slip', async () => {
    await adminPage.goto('/dashboard/student/list');
    await adminPage.getByRole('button', { name: 'دانش‌آموز تازه' }).click();
    const drawer = adminPage.getByRole('dialog');
    await drawer.locator('input[name="firstName"]').fill('پرستو');
    await drawer.locator('input[name="lastName"]').fill('شریفی');
    await drawer.locator('input[name="nationalCode"]').fill(toPersian(CODE));
    await drawer.getByRole('combobox', { name: 'کلاس', exact: true }).click();
    await adminPage.getByRole('option', { name: new RegExp(CLASS) }).click();
    await drawer.getByLabel('تاریخ تولد').fill('۱۳۹۰/۰۶/۱۵');
    await drawer.getByLabel('تاریخ تولد').blur();
    await drawer.getByLabel('شمارهٔ همراه ولی').fill('۰۹۱۲۱۲۳۴۵۶۷');
    await drawer.getByRole('button', { name: 'ثبت دانش‌آموز' }).click();
    const creds = adminPage.getByTestId('credentials');
    await creds.waitFor();
    expect(await creds.getByTestId('cred-username').textContent()).toBe(CODE);
    password = (await creds.getByTestId('cred-password').textContent()) ?? '';
    expect(password).toMatch(/^[a-z2-9]{10}$/);
    await creds.getByRole('button', { name: 'چاپ برگهٔ ورود' }).click();
    await adminPage.waitForURL((u) => u.pathname === '/dashboard/student/login-slip');
    const slip = adminPage.getByTestId('login-slip');
    await slip.waitFor();
    expect(await slip.getByTestId('slip-password').textContent()).toBe(password);
    expect(await slip.textContent()).toContain('پرستو شریفی');
    await adminPage.emulateMedia({ media: 'print' });
    await adminPage.screenshot({ path: path.join(shots, 'slip.png'), fullPage: true });
    expect(await adminPage.getByRole('button', { name: 'چاپ' }).isVisible()).toBe(false);
    await adminPage.emulateMedia({ media: 'screen' });
    expect(fs.statSync(path.join(shots, 'slip.png')).size).toBeGreaterThan(10_000);
  });

  it('the new student logs in with the slip and sees nothing published yet', async () => {
    student = await newContext(browser(), { viewport: PHONE });
    studentPage = await student.newPage();
    await studentPage.goto('/auth');
    await studentPage.getByLabel('نام کاربری').fill(toPersian(CODE));
    await studentPage.getByLabel('رمز عبور', { exact: true }).fill(password);
    await studentPage.getByRole('button', { name: 'ورود' }).click();
    await studentPage.waitForURL((u) => u.pathname === '/student');
    expect(await studentPage.getByTestId('class-name').textContent()).toBe(CLASS);
    expect(await studentPage.getByTestId('average-card').textContent()).toContain('هنوز کارنامه‌ای منتشر نشده است.');
    await studentPage.goto('/student/report-card');
    await studentPage.getByTestId('no-report-card').waitFor();
  });

  it('admin enters grades in the grid (Persian digits, Enter and Tab), is warned about unsaved changes, saves and publishes', async () => {
    // A second pupil in the class, so Enter has a row to move to.
    const groups = await (
      await fetch(`${baseURL()}/api/v1/panel/group/list`, { headers: { authorization: `Bearer ${adminToken}` } })
    ).json();
    const groupId = groups.items.find((g: { name: string }) => g.name === CLASS).id as number;
    const made = await fetch(`${baseURL()}/api/v1/panel/student`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'آیدا', lastName: 'الف', nationalCode: OTHER_CODE, groupId }),
    });
    expect(made.status).toBe(201);

    await adminPage.goto(`/dashboard/report-card?group=${groupId}&term=first`);
    const grid = adminPage.getByTestId('grade-grid');
    await grid.waitFor();
    const math = grid.getByLabel('ریاضی — آیدا الف');
    await math.click();
    await adminPage.keyboard.type('۲۵');
    await adminPage.keyboard.press('Enter');
    // Enter moved down to the next pupil's math cell.
    expect(await grid.getByLabel('ریاضی — پرستو شریفی').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await math.getAttribute('aria-invalid')).toBe('true');
    await adminPage.keyboard.type('۱۸٫۵');
    await adminPage.keyboard.press('Tab');
    await adminPage.keyboard.type('9.75');
    await math.fill('');

    // Leaving with unsaved changes asks first.
    await adminPage.getByRole('link', { name: 'کلاس‌ها' }).first().click();
    const leave = adminPage.getByRole('dialog').filter({ hasText: 'تغییرات ذخیره نشده' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'ماندن' }).click();
    expect(new URL(adminPage.url()).pathname).toBe('/dashboard/report-card');

    await grid.getByLabel('توضیح معلم — پرستو شریفی').fill('در علوم بیشتر تلاش کن.');
    await adminPage.getByRole('button', { name: 'ذخیرهٔ نمره‌ها' }).click();
    await toast(adminPage, 'نمره‌ها ذخیره شد.').waitFor();
    // (18.5 × 4 + 9.75 × 3) / 7 = 14.75
    await grid.getByText('۱۴٫۷۵').waitFor();
    await adminPage.getByRole('button', { name: 'انتشار کارنامه‌ها' }).click();
    // The class is published only once confirmed: how many cards go out is said first.
    const preview = adminPage.getByTestId('publish-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/^کارنامهٔ [۰-۹]+ دانش‌آموز .+ منتشر می‌شود/);
    await adminPage.getByRole('button', { name: 'بله، منتشر شود' }).click();
    await toast(adminPage, 'کارنامه منتشر شد').waitFor();
    await adminPage.getByTestId('publish-state').filter({ hasText: 'منتشرشده' }).waitFor();
  });

  it('the student sees the published report card, fails highlighted, and prints it', async () => {
    await studentPage.goto('/student/report-card');
    const table = studentPage.getByTestId('report-card-table');
    await table.waitFor();
    expect(await studentPage.getByTestId('average').textContent()).toBe('۱۴٫۷۵');
    const failed = table.locator('[data-failed]');
    expect(await failed.count()).toBe(1);
    expect(await failed.textContent()).toBe('۹٫۷۵');
    expect(await studentPage.getByTestId('remarks').textContent()).toBe('در علوم بیشتر تلاش کن.');
    await studentPage.getByRole('link', { name: 'نسخهٔ چاپی' }).click();
    await studentPage.waitForURL((u) => u.pathname === '/student/report-card/print');
    const sheet = studentPage.getByTestId('report-card-print');
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('کارنامهٔ تحصیلی');
    // The school's own name and what an Iranian report card carries, on one A4 page.
    const text = (await sheet.textContent()) ?? '';
    for (const label of [
      'نام پدر',
      'کد ملی',
      'ضریب',
      'معدل',
      'نمرهٔ انضباط',
      'رتبه در کلاس',
      'مهر و امضای مدیر مدرسه',
    ]) {
      expect(text).toContain(label);
    }
    expect(await sheet.getByTestId('brand-name').textContent()).toBe('مدرسهٔ دخترانهٔ فرزانگان امید');
    const pdf = await studentPage.pdf({ format: 'A4', printBackground: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    fs.writeFileSync(path.join(shots, 'report-card.pdf'), pdf);
    await studentPage.emulateMedia({ media: 'print' });
    await studentPage.screenshot({ path: path.join(shots, 'report-card.png'), fullPage: true });
    await studentPage.emulateMedia({ media: 'screen' });
    expect(fs.statSync(path.join(shots, 'report-card.png')).size).toBeGreaterThan(10_000);
    await studentPage.goto('/student');
    expect(await studentPage.getByTestId('latest-average').textContent()).toBe('۱۴٫۷۵');
  });

  it('the student changes the password and the other session ends', async () => {
    const other = await fetch(`${baseURL()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: CODE, password }),
    });
    const otherToken = ((await other.json()) as { token: string }).token;
    expect(await checkToken(otherToken)).toBe(200);
    await studentPage.goto('/student/profile');
    await studentPage.getByLabel('رمز عبور فعلی').fill(password);
    await studentPage.getByLabel('رمز عبور تازه (دست‌کم ۸ نویسه)').fill('a-new-secret-1');
    await studentPage.getByLabel('تکرار رمز عبور تازه').fill('a-new-secret-1');
    await studentPage.getByRole('button', { name: 'تغییر رمز' }).click();
    await toast(studentPage, 'رمز عبور عوض شد').waitFor();
    expect(await checkToken(otherToken)).toBe(401);
    // This session goes on.
    await studentPage.goto('/student/report-card');
    await studentPage.getByTestId('report-card-table').waitFor();
  });

  it('admin prints login slips for selected students (a new password each)', async () => {
    await adminPage.goto('/dashboard/student/list');
    await adminPage.getByRole('searchbox', { name: 'جست‌وجو' }).fill('آیدا');
    const row = adminPage.getByTestId('student-row').filter({ hasText: 'آیدا الف' });
    await row.waitFor();
    await row.getByRole('checkbox').check();
    await adminPage.getByRole('button', { name: 'رمز تازه و برگهٔ ورود' }).click();
    await adminPage.waitForURL((u) => u.pathname === '/dashboard/student/login-slip');
    const items = adminPage.getByTestId('login-slip-item');
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    const slipPassword = (await items.first().getByTestId('slip-password').textContent()) ?? '';
    const login = await fetch(`${baseURL()}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: OTHER_CODE, password: slipPassword }),
    });
    expect(login.status).toBe(200);
  });

  it('multi-delete archives the student with a report card and deletes the one without', async () => {
    await adminPage.goto('/dashboard/student/list');
    await adminPage.getByRole('combobox', { name: 'کلاس', exact: true }).click();
    await adminPage.getByRole('option', { name: CLASS }).click();
    const rows = adminPage.getByTestId('student-row');
    await rows.filter({ hasText: 'آیدا الف' }).waitFor();
    // The previous page stays on screen until the filtered one arrives: wait for it.
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
    await adminPage.getByLabel('انتخاب همهٔ این صفحه').check();
    await adminPage.getByRole('button', { name: 'حذف انتخاب‌شده‌ها' }).click();
    const confirm = adminPage.getByRole('dialog').filter({ hasText: 'حذف دانش‌آموزان' });
    expect(await confirm.textContent()).toContain('۲ دانش‌آموز حذف شوند؟');
    await confirm.getByRole('button', { name: 'بله، حذف شود' }).click();
    await toast(adminPage, '۱ دانش‌آموز حذف و ۱ دانش‌آموز بایگانی شد.').waitFor();
    await adminPage.getByRole('combobox', { name: 'وضعیت', exact: true }).click();
    await adminPage.getByRole('option', { name: 'بایگانی‌شده' }).click();
    await rows.filter({ hasText: 'پرستو شریفی' }).waitFor();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
    // The archived student's session is over.
    await studentPage.goto('/student/report-card');
    expect(await settledPath(studentPage)).toBe('/auth');
  });
});

describe('the student list on a phone', () => {
  it('shows one card per student with its menu, fits 390 px and selects for the bulk actions', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/student/list');
    const card = page.getByTestId('student-row').filter({ hasText: 'سارا محمدی' });
    await card.waitFor();
    expect(await page.locator('main table').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    const text = await card.innerText();
    expect(text).toMatch(/کد ملی: [۰-۹]{10}/);
    expect(text).not.toMatch(/[0-9]/);

    await card.getByRole('checkbox').check();
    await page.getByText('۱ دانش‌آموز انتخاب شده').waitFor();
    await card.getByRole('button', { name: 'کارهای سارا محمدی' }).click();
    await page.getByRole('menuitem', { name: 'صورت‌حساب‌ها و پرداخت‌ها' }).click();
    await page.waitForURL((u) => /^\/dashboard\/student-invoice\/\d+$/.test(u.pathname));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the student list under an open menu', () => {
  it("keeps a card's menu open and in place while a refetch brings a new student above it", async () => {
    const context = await newContext(browser(), { viewport: PHONE, hasTouch: true });
    const { token } = await loginByApi(context, 'admin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.clock.install();
    await page.goto('/dashboard/student/list');
    const card = page.getByTestId('student-row').filter({ hasText: 'سارا محمدی' });
    await card.waitFor();
    const target = card.getByRole('button', { name: 'کارهای سارا محمدی' });
    await target.tap();
    const edit = page.getByRole('menuitem', { name: 'ویرایش' });
    await edit.waitFor();

    // Meanwhile another admin adds a student whose name comes first; coming back to the tab refetches the
    // stale list. The list keeps its cards until the menu closes.
    const api = (method: string, url: string, body: unknown) =>
      fetch(`${baseURL()}/api/v1/${url}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    const made = await api('POST', 'panel/student', {
      firstName: 'آرش',
      lastName: 'آبادی',
      nationalCode: nationalCode('004400660'),
    });
    expect(made.status).toBe(201);
    const { student } = (await made.json()) as { student: { id: number } };
    const before = await target.boundingBox();
    await page.clock.fastForward(31_000);
    const refetched = page.waitForResponse((r) => r.url().includes('/api/v1/panel/student?'));
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    expect(((await (await refetched).json()) as { items: { lastName: string }[] }).items[0]?.lastName).toBe('آبادی');
    await page.waitForTimeout(300);
    expect(await target.boundingBox()).toEqual(before);
    expect(await target.getAttribute('aria-expanded')).toBe('true');
    await edit.tap();
    await expect.poll(() => page.getByRole('textbox', { name: 'نام', exact: true }).inputValue()).toBe('سارا');
    // Once the menu is closed, the list shows the new student.
    await page.keyboard.press('Escape');
    await page.getByTestId('student-row').filter({ hasText: 'آرش آبادی' }).waitFor();
    expect((await api('POST', 'panel/student/multi-delete', { ids: [student.id] })).status).toBe(200);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offline', () => {
  it('after one visit, the report card opens with the network off and says since when', async () => {
    const context = await newContext(browser(), { serviceWorkers: 'allow', viewport: PHONE });
    await loginByApi(context, 'student1');
    const page = await context.newPage();
    await page.goto('/student/report-card');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Visit again under the service worker's control so it sees the page's code and answers.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByTestId('report-card-table').waitFor();
    await page.goto('/student');
    await page.getByTestId('latest-average').waitFor();
    await settledPath(page);

    await context.setOffline(true);
    await page.goto('/student/report-card');
    await page.getByTestId('report-card-table').waitFor();
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^آفلاین — اطلاعات .*ساعت [۰-۹]{2}:[۰-۹]{2}$/);
    await page.goto('/student');
    await page.getByTestId('latest-average').waitFor();
    await context.setOffline(false);

    // Signing out leaves none of the student's data on the phone.
    const savedCopies = () => offlineCopies(page);
    expect(await savedCopies()).toBeGreaterThan(0);
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'خروج' }).click();
    await page.waitForURL((u) => u.pathname === '/auth');
    expect(await savedCopies()).toBe(0);
    await context.close();
  });
});
