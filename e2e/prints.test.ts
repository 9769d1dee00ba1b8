import fs from 'node:fs';
import path from 'node:path';
import { academicYearOf } from '@madreseh/contract/jalali';
import { digitsToPersian } from '@madreseh/contract/text';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nationalCodeFrom as nationalCode } from '../apps/api/src/db/seed/school-demo';
import { type RunningServer, startServer } from './server';
import { DEMO_PASSWORD, newContext, PHONE, setSessionCookies, signInByApi, useBrowser, watchErrors } from './support';

/**
 * The official papers as they come out of a printer: A4, one page, the school's own name and its
 * stamp where the principal signs, no grey blocks even with background graphics on.
 */

const browser = useBrowser();
let server: RunningServer;
let schoolName = '';
/** The prints (PNG and PDF) are kept for a look by eye, like the other browser tests' pictures. */
const shots = path.resolve('test-results/prints');

/** An Iranian lower-secondary timetable stretched to 16 subjects, the most one page has to hold. */
const SUBJECTS = [
  'قرآن',
  'پیام‌های آسمان',
  'فارسی',
  'نگارش',
  'ریاضی',
  'علوم تجربی',
  'مطالعات اجتماعی',
  'عربی',
  'زبان انگلیسی',
  'کار و فناوری',
  'تربیت بدنی',
  'هنر',
  'تفکر و سبک زندگی',
  'آمادگی دفاعی',
  'فرهنگ و هنر',
  'املای فارسی',
];

const login = (username: string, password: string) => signInByApi(username, password, server.url);

async function call<T>(token: string, method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function pageOf(session: { token: string; user: unknown }): Promise<Page> {
  const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
  await setSessionCookies(context, session.token, session.user, server.url);
  return context.newPage();
}

/** Pages in a PDF Chromium printed (each page object, not the /Pages tree). */
const pagesOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;

/** Prints the page as a printer would (A4, background graphics on) and checks the paper. */
async function printOnePage(page: Page, name: string) {
  await page.emulateMedia({ media: 'print' });
  // No tinted header cells or stripes: every table cell of the paper is transparent in print.
  const tinted = await page.evaluate(() =>
    [...document.querySelectorAll('table th, table td')]
      .map((el) => getComputedStyle(el).backgroundColor)
      .filter((c) => c !== 'rgba(0, 0, 0, 0)' && c !== 'transparent'),
  );
  expect(tinted).toEqual([]);
  const stamp = page.getByTestId('school-stamp-image');
  await expect.poll(() => stamp.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  fs.writeFileSync(path.join(shots, `${name}.pdf`), pdf);
  expect(pagesOf(pdf)).toBe(1);
  await page.emulateMedia({ media: 'screen' });
}

beforeAll(async () => {
  fs.mkdirSync(shots, { recursive: true });
  server = await startServer();
  const school = await (await fetch(`${server.url}/api/v1/general/school`)).json();
  schoolName = school.name;
  expect(schoolName.length).toBeGreaterThan(2);
  // The principal's stamp and signature, set by the super-admin.
  const superAdmin = await login('superadmin', DEMO_PASSWORD);
  const png = await sharp({
    create: { width: 480, height: 240, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="240"><circle cx="120" cy="120" r="100" fill="none" stroke="#2b3f9e" stroke-width="8"/><path d="M240 160 C 280 60, 320 200, 360 110 S 420 180, 460 120" fill="none" stroke="#111" stroke-width="5"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('kind', 'stamp');
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'stamp.png');
  const up = await fetch(`${server.url}/api/v1/panel/settings/image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${superAdmin.token}` },
    body: form,
  });
  expect(up.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

describe('printed papers at 390 px', () => {
  it('a report card of 16 subjects is one A4 page with the school name and stamp', async () => {
    const admin = await login('admin', DEMO_PASSWORD);
    const group = await call<{ id: number; subjects: { id: number }[] }>(admin.token, 'POST', 'panel/group', {
      name: 'نهم شانزده‌درس',
      gradeLevel: 9,
      academicYear: academicYearOf().start,
      gradingScale: 'numeric',
      subjects: SUBJECTS.map((name, i) => ({ name, weight: (i % 4) + 1 })),
    });
    const made = await call<{ student: { id: number }; credentials: { username: string; password: string } }>(
      admin.token,
      'POST',
      'panel/student',
      {
        firstName: 'ستایش',
        lastName: 'شانزده‌درسی',
        nationalCode: nationalCode('006116116'),
        groupId: group.id,
        fatherName: 'بهزاد',
        studentNumber: '1405916',
      },
    );
    await call(admin.token, 'PUT', 'panel/report-card', {
      groupId: group.id,
      term: 'first',
      rows: [
        {
          studentId: made.student.id,
          grades: group.subjects.map((s, i) => ({ subjectId: s.id, value: String(12 + (i % 9)) })),
          remarks: 'در همهٔ درس‌ها کوشا بوده است.',
        },
      ],
    });
    await call(admin.token, 'POST', 'panel/report-card/publish', { groupId: group.id, term: 'first', published: true });

    const page = await pageOf(await login(made.credentials.username, made.credentials.password));
    const errors = watchErrors(page);
    await page.goto('/student/report-card/print');
    const sheet = page.getByTestId('report-card-print');
    await sheet.waitFor();
    expect(await sheet.getByTestId('report-card-table').locator('tbody tr').count()).toBeGreaterThanOrEqual(16);
    for (const subject of SUBJECTS) expect(await sheet.textContent()).toContain(subject);
    expect(await sheet.getByTestId('brand-name').textContent()).toBe(schoolName);
    expect(await sheet.textContent()).toContain('مهر و امضای مدیر مدرسه');
    await printOnePage(page, 'report-card-16');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a payment receipt is one A4 page with the school name, stamp and a copyable reference', async () => {
    const student = await login('student1', DEMO_PASSWORD);
    const mine = await call<{
      invoices: {
        payments: { id: number; status: string; referenceId: string | null; trackingNumber: string | null }[];
      }[];
    }>(student.token, 'GET', 'student/invoices');
    const paid = mine.invoices.flatMap((i) => i.payments).filter((p) => p.status === 'succeeded');
    const withCode = paid.find((p) => p.trackingNumber || p.referenceId) ?? paid[0];
    if (!withCode) throw new Error('the demo student has no succeeded payment');
    const page = await pageOf(student);
    const errors = watchErrors(page);
    await page.goto(`/student/payment/receipt/${withCode.id}`);
    const receipt = page.getByTestId('payment-receipt');
    await receipt.waitFor();
    expect(await receipt.getByTestId('brand-name').textContent()).toBe(schoolName);
    expect(await receipt.textContent()).toContain(`رسید پرداخت ${schoolName}`);
    const code = withCode.trackingNumber ?? withCode.referenceId;
    if (code) {
      expect(await receipt.textContent()).toContain(digitsToPersian(code));
      await receipt.getByRole('button', { name: 'کپی' }).first().waitFor();
    }
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await printOnePage(page, 'receipt');
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

/** The fonts Chromium really drew an element's text with (not what the CSS asks for). */
async function drawnFonts(page: Page, selector: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  const { root } = await cdp.send('DOM.getDocument', {});
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map((f) => `${f.familyName}${f.isCustomFont ? '' : ' (system)'}`);
}

/**
 * The lightest the paper is below what it prints, with background graphics on: a tall A4-wide window
 * in print media, its bottom rows (under the sheet) read pixel by pixel; 255 is white paper.
 */
async function blankPaperDarkest(page: Page, name: string): Promise<number> {
  await page.setViewportSize({ width: 794, height: 2400 });
  await page.emulateMedia({ media: 'print' });
  const png = await page.screenshot({ path: path.join(shots, `${name}-blank.png`) });
  fs.writeFileSync(path.join(shots, `${name}.pdf`), await page.pdf({ format: 'A4', printBackground: true }));
  const strip = await sharp(png)
    .extract({ left: 0, top: 2200, width: 794, height: 200 })
    .removeAlpha()
    .raw()
    .toBuffer();
  await page.emulateMedia({ media: 'screen' });
  return strip.reduce((darkest, v) => Math.min(darkest, v), 255);
}

describe('printed papers with background graphics on', () => {
  it('the pre-registration form is set in Vazirmatn, even when the font comes late, and shows the logo', async () => {
    const admin = await login('admin', DEMO_PASSWORD);
    const page = await pageOf(admin);
    // A slow network: the font files arrive after the page has drawn its first text.
    await page.context().route(/\.woff2$/, async (route) => {
      await new Promise((r) => setTimeout(r, 2000));
      await route.continue();
    });
    const errors = watchErrors(page);
    await page.goto('/dashboard/pre-register/print/1');
    const sheet = page.getByTestId('print-sheet');
    await sheet.waitFor();
    await page.evaluate(() => document.fonts.ready);
    expect(await page.evaluate(() => document.fonts.check('700 16px "Vazirmatn Print"', 'فرم پیش‌ثبت‌نام'))).toBe(true);
    for (const selector of ['[data-testid="print-sheet"] h1', '[data-testid="print-sheet"] td']) {
      expect(await drawnFonts(page, selector)).toEqual(['Vazirmatn']);
    }
    // The school's logo (or the app's mark until one is set), loaded, beside the school's name.
    const logo = sheet.locator('img').first();
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await sheet.getByTestId('brand-name').textContent()).toBe(schoolName);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('no paper has a tinted block under its text', async () => {
    const admin = await login('admin', DEMO_PASSWORD);
    const student = await login('student1', DEMO_PASSWORD);
    const mine = await call<{ invoices: { payments: { id: number; status: string }[] }[] }>(
      student.token,
      'GET',
      'student/invoices',
    );
    const paid = mine.invoices.flatMap((i) => i.payments).find((p) => p.status === 'succeeded');
    if (!paid) throw new Error('the demo student has no succeeded payment');
    const slip = { username: 'ta-1404-17', password: 'Kf7-mq2-Lp9', fullName: 'زهرا کریمی' };
    const papers = [
      { name: 'pre-register-form', as: admin, path: '/dashboard/pre-register/print/1', testId: 'print-sheet' },
      { name: 'report-card', as: student, path: '/student/report-card/print', testId: 'report-card-print' },
      { name: 'payment-receipt', as: student, path: `/student/payment/receipt/${paid.id}`, testId: 'payment-receipt' },
      { name: 'login-slip', as: admin, path: '/dashboard/teachers/login-slip', testId: 'login-slip', state: slip },
    ];
    const darkest: Record<string, number> = {};
    for (const paper of papers) {
      const page = await pageOf(paper.as);
      await page.goto(paper.path);
      if (paper.state) {
        await page.evaluate(
          (credentials) => history.replaceState({ usr: { credentials }, key: 'p', idx: 0 }, ''),
          paper.state,
        );
        await page.reload();
      }
      await page.getByTestId(paper.testId).first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      darkest[paper.name] = await blankPaperDarkest(page, paper.name);
      await page.context().close();
    }
    expect(darkest).toEqual({
      'pre-register-form': 255,
      'report-card': 255,
      'payment-receipt': 255,
      'login-slip': 255,
    });
  });
});
