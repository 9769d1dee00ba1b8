import { CONTACT_LIMIT } from '@madreseh/contract/contact/contact.contract';
import { digitsToPersian as toPersian } from '@madreseh/contract/text';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { nationalCodeFrom as nationalCode } from '../apps/api/src/db/seed/school-demo';
import { hugePng } from '../apps/api/src/test/images';
import { useServer } from './server';
import {
  DEMO_PASSWORD,
  DESKTOP,
  loginByApi,
  newContext,
  PHONE,
  seriousA11yViolations,
  signInByApi,
  useBrowser,
  watchErrors,
} from './support';

/**
 * Bad input on the public site and its admin pages, seen in Chromium: images the server must refuse,
 * a contact flood, a second pre-registration of one national code, and script payloads in
 * achievements and gallery captions. This file runs its own server, so its flood and its payloads
 * reach no other browser test.
 */

const browser = useBrowser();
const server = useServer();

const adminToken = async () => (await signInByApi('admin', DEMO_PASSWORD, server.url)).token;

async function galleryTotal(): Promise<number> {
  const res = await fetch(`${server.url}/api/v1/general/gallery`);
  return ((await res.json()) as { total: number }).total;
}

/** Fails on any dialog and answers whether a payload ran (it sets window.__xss). */
function guardScripts(page: Page): () => Promise<unknown> {
  page.on('dialog', (d) => {
    throw new Error(`a dialog opened: ${d.message()}`);
  });
  return () => page.evaluate(() => (window as unknown as { __xss?: number }).__xss);
}

describe('images the server refuses', () => {
  it('an 11 MB photo, HTML named .jpg, an SVG and a 20,000 × 20,000 PNG each fail with a Persian reason; nothing is added', async () => {
    const before = await galleryTotal();
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7b2cbf' } })
      .jpeg()
      .toBuffer();
    const files = [
      { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([jpeg, Buffer.alloc(11 * 1024 * 1024)]) },
      {
        name: 'page.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from('<html><body><script>window.__xss=1</script></body></html>'),
      },
      {
        name: 'vector.svg',
        mimeType: 'image/svg+xml',
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="window.__xss=2"/>'),
      },
      { name: 'bomb.png', mimeType: 'image/png', buffer: hugePng(20_000, 20_000) },
    ];
    const context = await newContext(browser(), { baseURL: server.url });
    await loginByApi(context, 'admin', server.url);
    const page = await context.newPage();
    const ran = guardScripts(page);
    const statuses: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith('/api/v1/panel/gallery')) statuses.push(r.status());
    });
    await page.goto('/dashboard/gallery');
    await page.getByTestId('gallery-file-input').setInputFiles(files);
    const failed = page.locator('[data-testid="upload-row"][data-state="failed"]');
    await expect.poll(() => failed.count(), { timeout: 30_000 }).toBe(4);
    const reasons: Record<string, RegExp> = {
      'big.jpg': /بیش از ۱۰ مگابایت/,
      'page.jpg': /تصویر معتبری نیست/,
      'vector.svg': /تصویر معتبری نیست/,
      'bomb.png': /مگاپیکسل/,
    };
    for (const [name, reason] of Object.entries(reasons)) {
      expect(await failed.filter({ hasText: name }).innerText()).toMatch(reason);
    }
    expect(await page.locator('[data-testid="upload-row"][data-state="done"]').count()).toBe(0);
    // The browser keeps the 11 MB file to itself; the server refuses the canvas as too large and the
    // HTML and SVG as not images (the API tests prove the server refuses an 11 MB body too).
    expect(statuses.sort()).toEqual([413, 415, 415]);
    expect(await galleryTotal()).toBe(before);
    expect(await ran()).toBeUndefined();
    await context.close();
  });
});

describe('contact flood', () => {
  it('the form shows the Persian 429 message and keeps what was typed', async () => {
    const message = { name: 'آزمون', replyTo: '09121234567', subject: 'پرسش', message: 'سلام، پرسشی داشتم.' };
    // The browser and this test reach the server from the same address: fill its allowance first.
    for (let i = 0; i < CONTACT_LIMIT.perWindow; i++) {
      const res = await fetch(`${server.url}/api/v1/general/contact-us`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(message),
      });
      expect(res.status).toBe(201);
    }
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    await page.goto('/contact-us');
    await page.getByLabel('نام و نام خانوادگی').fill('سیمین دانشور');
    await page.getByLabel('شمارهٔ همراه یا ایمیل').fill('۰۹۱۲۷۶۵۴۳۲۱');
    await page.getByLabel('موضوع').fill('پرسش ششم');
    await page.getByLabel('متن پیام').fill('این پیام از سقف مجاز بیشتر است.');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/v1/general/contact-us'));
    await page.getByRole('button', { name: 'ارسال پیام' }).click();
    expect((await sent).status()).toBe(429);
    await page.getByText('پیام‌های زیادی', { exact: false }).waitFor();
    expect(await page.getByLabel('موضوع').inputValue()).toBe('پرسش ششم');
    await context.close();
  });
});

describe('duplicate pre-registration', () => {
  it('a second form for the same national code is answered like a first, with its own tracking code', async () => {
    const code = nationalCode('081234567');
    const first = await fetch(`${server.url}/api/v1/general/pre-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'رها',
        lastName: 'نیک‌نام',
        nationalCode: code,
        birthDate: '2014-03-25',
        gender: 'female',
        grade: 7,
        fatherName: 'بهرام',
        fatherMobile: '09127778899',
        motherName: 'مهسا',
        address: 'تبریز، خیابان امام',
      }),
    });
    expect(first.status).toBe(201);
    const { trackingCode } = (await first.json()) as { trackingCode: string };

    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/pre-register');
    const form = page.getByTestId('pre-register-form');
    await form.waitFor();
    await form.getByRole('textbox', { name: /^نام\s*\*?$/ }).fill('رها');
    await page.getByLabel('نام خانوادگی').fill('نیک‌نام');
    await page.getByLabel('کد ملی دانش‌آموز').fill(toPersian(code));
    const birth = page.getByLabel('تاریخ تولد');
    await birth.fill('۱۳۹۳/۰۱/۰۵');
    await birth.blur();
    await form.getByText('دختر', { exact: true }).click();
    await page.getByRole('combobox', { name: 'پایهٔ درخواستی' }).click();
    await page.getByRole('option', { name: 'هفتم', exact: true }).click();
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    await page.getByLabel('نام و نام خانوادگی پدر').fill('بهرام نیک‌نام');
    await page.getByLabel('همراه پدر').fill('۰۹۱۲۷۷۷۸۸۹۹');
    await page.getByLabel('نام و نام خانوادگی مادر').fill('مهسا رادمنش');
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    await page.getByLabel('نشانی محل سکونت').fill('تبریز، خیابان امام، کوچهٔ ۳');
    await page.getByRole('button', { name: 'مرحلهٔ بعد' }).click();
    await page.getByTestId('review').waitFor();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/v1/general/pre-register'));
    await page.getByRole('button', { name: 'ثبت نهایی' }).click();
    // No answer tells a stranger that this national code has registered: the same 201 and receipt as
    // any first form, with a tracking code of its own and never the first one.
    expect((await answer).status()).toBe(201);
    await page.getByTestId('tracking-code').waitFor();
    const text = await page.locator('body').innerText();
    expect(text).not.toContain(trackingCode);
    expect(text).not.toContain(toPersian(trackingCode));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('stored script payloads in achievements and gallery captions', () => {
  it('never run on the home page, /Gallery with its lightbox, or the admin pages', async () => {
    const token = await adminToken();
    const auth = { authorization: `Bearer ${token}` };
    const achievement = await fetch(`${server.url}/api/v1/panel/achievement`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'جایزهٔ ادبی <img src=x onerror="window.__xss=1">',
        description: '<script>window.__xss=2</script>داستان کوتاه <b onmouseover="window.__xss=3">برگزیده</b>',
        date: '2026-01-10',
      }),
    });
    expect(achievement.status).toBe(201);

    const caption = 'قاب آزمون <img src=x onerror="window.__xss=4"><script>window.__xss=5</script>';
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2c7bbf' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.set('caption', caption);
    form.set('album', '<svg onload="window.__xss=6">');
    form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'frame.jpg');
    const upload = await fetch(`${server.url}/api/v1/panel/gallery`, { method: 'POST', headers: auth, body: form });
    expect(upload.status).toBe(201);

    const context = await newContext(browser(), { baseURL: server.url });
    await loginByApi(context, 'admin', server.url);
    const page = await context.newPage();
    const ran = guardScripts(page);
    const pages: [string, (p: Page) => Promise<void>][] = [
      ['/', (p) => p.getByText('جایزهٔ ادبی', { exact: false }).first().waitFor()],
      ['/dashboard/achievement', (p) => p.getByText('جایزهٔ ادبی', { exact: false }).first().waitFor()],
      // The admin page shows the caption in its field and as the thumbnail's alt text.
      [
        '/dashboard/gallery',
        (p) =>
          p
            .locator('img')
            .and(p.getByAltText(caption, { exact: true }))
            .first()
            .waitFor(),
      ],
    ];
    for (const [url, shown] of pages) {
      await page.goto(url);
      await shown(page);
      await page.waitForTimeout(300);
      expect(await ran(), url).toBeUndefined();
    }
    // The caption is text: the alt of the thumbnail, and the caption under the photo in the lightbox.
    await page.goto('/Gallery');
    const thumb = page.getByTestId('gallery-photo').first();
    await thumb.waitFor();
    expect(await thumb.locator('img').getAttribute('alt')).toBe(caption);
    await thumb.click();
    await page.getByTestId('lightbox-image').waitFor();
    await page.getByText('قاب آزمون', { exact: false }).last().waitFor();
    await page.waitForTimeout(300);
    expect(await ran()).toBeUndefined();
    expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
    await context.close();
  });
});

describe('school settings', () => {
  it('shows the academic year and the map coordinates in Persian digits and takes any digits typed', async () => {
    const context = await newContext(browser(), { baseURL: server.url, viewport: PHONE });
    await loginByApi(context, 'admin', server.url);
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/settings');
    const year = page.getByLabel('سال تحصیلی (سال شروع، مهر)');
    const lat = page.getByLabel('عرض جغرافیایی');
    const lng = page.getByLabel('طول جغرافیایی');
    await year.waitFor();
    expect(await year.inputValue()).toBe('۱۴۰۵');
    expect(await lat.inputValue()).toBe('۳۵٫۷۶۸۱');
    expect(await lng.inputValue()).toBe('۵۱٫۴۴۶۷');
    expect(await page.getByText('۰۲۱۲۲۲۲۳۳۴۴').count()).toBe(1);

    await year.fill('1406');
    expect(await year.inputValue()).toBe('۱۴۰۶');
    await lat.fill('٣٥.٧');
    expect(await lat.inputValue()).toBe('۳۵٫۷');
    await lng.fill('');
    await lng.pressSequentially('51.4a5');
    expect(await lng.inputValue()).toBe('۵۱٫۴۵');
    await page.getByRole('button', { name: 'ذخیرهٔ تنظیمات' }).click();
    await page.getByText('تنظیمات ذخیره شد.').waitFor();
    const school = (await (await fetch(`${server.url}/api/v1/general/school`)).json()) as {
      academicYear: number;
      location: { lat: number; lng: number };
    };
    expect(school.academicYear).toBe(1406);
    expect(school.location).toEqual({ lat: 35.7, lng: 51.45 });

    await year.fill('');
    await page.getByRole('button', { name: 'ذخیرهٔ تنظیمات' }).click();
    await page.getByText('سال تحصیلی را وارد کنید.').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('accessibility (axe) of the admin pages changed for phones', () => {
  for (const viewport of [PHONE, DESKTOP]) {
    for (const path of ['/dashboard/news', '/dashboard/contact-us', '/dashboard/settings']) {
      it(`${path} at ${viewport.width} px has no serious or critical violations`, async () => {
        const context = await newContext(browser(), { baseURL: server.url, viewport });
        await loginByApi(context, 'admin', server.url);
        const page = await context.newPage();
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await page.locator('main input, main [data-testid]').first().waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await context.close();
      });
    }
  }
});
