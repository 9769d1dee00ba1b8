// Takes the README's screenshots from a running portal: BASE_URL (default http://localhost:3000),
// into docs/screenshots/<name>-<width>.png. Usage: node --import tsx scripts/screenshots.ts [name ...]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = path.resolve('docs/screenshots');

interface Shot {
  name: string;
  path: string;
  as?: string;
  fullPage?: boolean;
  /** Runs after the page opened, before the picture (open a drawer, reach a page through the UI). */
  prepare?: (page: Page) => Promise<void>;
  /** Visit once under the service worker, then take the picture with the network off. */
  offline?: boolean;
}

/** Waits for the element with `testId`, then shows the page as printed. */
function printed(testId: string) {
  return async (page: Page) => {
    await page.getByTestId(testId).waitFor();
    await page.emulateMedia({ media: 'print' });
  };
}

/** Picks `item` in the menu of `student`'s row on the student list. */
async function fromStudentMenu(page: Page, student: string, item: string) {
  await page.getByTestId('student-row').filter({ hasText: student }).getByRole('button').click();
  await page.getByRole('menuitem', { name: item }).click();
}

const SHOTS: Shot[] = [
  { name: 'home', path: '/' },
  { name: 'home-offline', path: '/', offline: true },
  { name: 'login', path: '/auth' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'student', path: '/student', as: 'student1' },
  { name: 'dashboard', path: '/dashboard', as: 'superadmin' },
  {
    // After `npm run backup`: the latest backup's time and size, no warning.
    name: 'dashboard-backup',
    path: '/dashboard',
    as: 'superadmin',
    fullPage: false,
    prepare: async (page) => {
      await page.getByTestId('backup-card').getByText('آخرین پشتیبان').waitFor();
      await page.getByTestId('backup-card').scrollIntoViewIfNeeded();
    },
  },
  { name: 'gallery', path: '/Gallery' },
  { name: 'about', path: '/about-us' },
  { name: 'contact', path: '/contact-us' },
  { name: 'student-news', path: '/student/news', as: 'student1' },
  { name: 'dashboard-news', path: '/dashboard/news', as: 'admin' },
  { name: 'dashboard-gallery', path: '/dashboard/gallery', as: 'admin' },
  { name: 'dashboard-achievement', path: '/dashboard/achievement', as: 'admin' },
  { name: 'dashboard-contact', path: '/dashboard/contact-us', as: 'admin' },
  { name: 'dashboard-settings', path: '/dashboard/settings', as: 'admin' },
  { name: 'pre-register', path: '/pre-register' },
  { name: 'dashboard-pre-register', path: '/dashboard/pre-register', as: 'admin' },
  {
    name: 'pre-register-print',
    path: '/dashboard/pre-register/print/1',
    as: 'admin',
    prepare: printed('print-sheet'),
  },
  { name: 'classes', path: '/dashboard/group', as: 'admin' },
  { name: 'students', path: '/dashboard/student/list', as: 'admin' },
  {
    name: 'student-drawer',
    path: '/dashboard/student/list',
    as: 'admin',
    fullPage: false,
    prepare: async (page) => {
      await fromStudentMenu(page, 'زهرا حسینی', 'ویرایش دانش‌آموز');
      await page.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'login-slip',
    path: '/dashboard/student/list',
    as: 'admin',
    prepare: async (page) => {
      await fromStudentMenu(page, 'فاطمه رضوی', 'رمز عبور تازه');
      await page.getByRole('button', { name: 'چاپ برگهٔ ورود' }).click();
      await printed('login-slip')(page);
    },
  },
  { name: 'grades', path: '/dashboard/report-card?group=1&term=first', as: 'admin' },
  { name: 'student-report-card', path: '/student/report-card', as: 'student1' },
  {
    name: 'student-report-card-print',
    path: '/student/report-card/print',
    as: 'student1',
    prepare: (page) => page.emulateMedia({ media: 'print' }),
  },
  { name: 'student-profile', path: '/student/profile', as: 'student1' },
  { name: 'student-invoices', path: '/student/invoices', as: 'student1' },
  { name: 'card-to-card', path: '/student/card-to-card', as: 'student1' },
  { name: 'payment-result', path: '/student/payment/result/1', as: 'student1' },
  {
    name: 'payment-receipt',
    path: '/student/payment/receipt/1',
    as: 'student1',
    prepare: printed('payment-receipt'),
  },
  {
    // The built-in test gateway needs a real payment: student1 starts one from the invoices page.
    name: 'sandbox-gateway',
    path: '/student/invoices',
    as: 'student1',
    prepare: async (page) => {
      await page.getByRole('button', { name: 'پرداخت آنلاین' }).first().click();
      await page.waitForURL(/\/payment-sandbox\//);
      await page.getByTestId('sandbox-amount').waitFor();
    },
  },
  { name: 'student-invoice', path: '/dashboard/student-invoice/2', as: 'admin' },
  { name: 'invoices', path: '/dashboard/invoices', as: 'admin' },
  { name: 'pending-receipts', path: '/dashboard/payments/pending', as: 'admin' },
  { name: 'admins', path: '/dashboard/admins', as: 'superadmin' },
  {
    // A class message previewed: students, SMS recipients and parts before sending.
    name: 'notifications-message',
    path: '/dashboard/notifications/message',
    as: 'admin',
    prepare: async (page) => {
      await page.getByTestId('message-group').click();
      await page.getByRole('option', { name: 'هفتم الف' }).click();
      await page
        .getByTestId('message-text')
        .fill(
          'اولیای گرامی، جلسهٔ اولیا و مربیان پنجشنبه ساعت ۱۰ صبح در سالن اجتماعات مدرسه برگزار می‌شود. حضور شما مایهٔ دلگرمی ماست.',
        );
      await page.getByTestId('message-preview').click();
      await page.getByTestId('message-preview-result').waitFor();
    },
  },
  { name: 'notifications-settings', path: '/dashboard/notifications/settings', as: 'superadmin' },
  { name: 'teachers', path: '/dashboard/teachers', as: 'admin' },
  {
    // After a class message and an invoice: the bell's count and its list.
    name: 'student-bell',
    path: '/student',
    as: 'student1',
    fullPage: false,
    prepare: async (page) => {
      await page.getByTestId('notification-bell').click();
      await page.getByTestId('notification-list').waitFor();
    },
  },
  { name: 'super-admin-only', path: '/dashboard/admins', as: 'admin' },
  {
    name: 'audit',
    path: '/dashboard/audit',
    as: 'superadmin',
    prepare: async (page) => {
      await page.getByTestId('audit-row').first().waitFor();
    },
  },
  {
    name: 'sign-in-slowed',
    path: '/dashboard/sign-in',
    as: 'admin',
    prepare: async (page) => {
      // Somebody guesses student2's password until the sign-in is slowed.
      for (let i = 0; i < 7; i++)
        await page.request.post(`${BASE}/api/v1/auth/login`, {
          data: { username: 'student2', password: `guess-${i}` },
        });
      await page.reload();
      await page.getByTestId('slowed-row').first().waitFor();
    },
  },
];

async function login(page: Page, username: string) {
  const res = await page.request.post(`${BASE}/api/v1/auth/login`, { data: { username, password: 'demo1234' } });
  const { token, user } = (await res.json()) as { token: string; user: unknown };
  const url = new URL(BASE);
  await page.context().addCookies([
    { name: 'token', value: token, domain: url.hostname, path: '/' },
    { name: 'user', value: encodeURIComponent(JSON.stringify(user)), domain: url.hostname, path: '/' },
  ]);
}

async function main() {
  const only = process.argv.slice(2);
  mkdirSync(OUT, { recursive: true });
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  for (const shot of SHOTS.filter((s) => only.length === 0 || only.includes(s.name))) {
    for (const width of [390, 1366]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        deviceScaleFactor: 1,
        locale: 'fa-IR',
        timezoneId: 'Asia/Tehran',
        serviceWorkers: shot.offline ? 'allow' : 'block',
      });
      const page = await context.newPage();
      if (shot.as) await login(page, shot.as);
      await page.goto(`${BASE}${shot.path}`, { waitUntil: 'networkidle' });
      if (shot.offline) {
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready;
        });
        await page.reload({ waitUntil: 'networkidle' });
        await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
        // Scroll through once so the lazily loaded images are fetched (and kept) too.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        await context.setOffline(true);
        await page.goto(`${BASE}${shot.path}`);
        await page.getByTestId('offline-notice').waitFor();
      }
      await shot.prepare?.(page);
      if (shot.fullPage ?? true) {
        // Scroll through once, so lazily loaded images are in the full-page picture.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 500) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 60));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
      }
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(400);
      const file = path.join(OUT, `${shot.name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: shot.fullPage ?? true });
      console.log(file);
      await context.close();
    }
  }
  await browser.close();
}

await main();
