import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { baseURL, loginByApi, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-photos-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function apiAs(username: 'admin' | 'student1') {
  const res = await fetch(`${baseURL()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo1234' }),
  });
  const { token } = (await res.json()) as { token: string };
  return async (method: string, url: string, body?: unknown) => {
    const r = await fetch(`${baseURL()}/api/v1/${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: (await r.json()) as Record<string, unknown> };
  };
}

describe('gallery', () => {
  it('an admin uploads three photos with progress; they appear on /Gallery and on the home page', async () => {
    const files: string[] = [];
    for (const [i, color] of ['#7b2cbf', '#2c7bbf', '#bf2c7b'].entries()) {
      const file = path.join(tmp, `photo-${i}.jpg`);
      // Noise over a colour: a photo-sized file (about half a megabyte), so its upload takes a while.
      const noise = Buffer.alloc(900 * 600 * 3);
      for (let b = 0; b < noise.length; b++) noise[b] = Math.floor(Math.random() * 256);
      await sharp({ create: { width: 1800, height: 1200, channels: 3, background: color } })
        .composite([
          {
            input: await sharp(noise, { raw: { width: 900, height: 600, channels: 3 } })
              .png()
              .toBuffer(),
          },
        ])
        .jpeg({ quality: 90 })
        .toFile(file);
      files.push(file);
    }
    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/gallery');
    await page.getByLabel('آلبوم عکس‌های تازه').and(page.locator('input')).fill('حیاط مدرسه');
    // A slow mobile upload (about 256 KB/s), so each file's bar is seen on its way, not only at the end.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 50,
      downloadThroughput: 1_000_000,
      uploadThroughput: 256 * 1024,
    });
    await page.evaluate(() => {
      const seen: Record<string, number[]> = {};
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      new MutationObserver(() => {
        for (const bar of document.querySelectorAll('[data-testid="upload-row"] [role="progressbar"]')) {
          const name = bar.getAttribute('aria-label') ?? '';
          const value = Number(bar.getAttribute('aria-valuenow'));
          const list = seen[name] ?? [];
          seen[name] = list;
          if (list.at(-1) !== value) list.push(value);
        }
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await page.getByTestId('gallery-file-input').setInputFiles(files);
    const rows = page.getByTestId('upload-row');
    await expect.poll(() => rows.count()).toBe(3);
    await expect
      .poll(() => page.locator('[data-testid="upload-row"][data-state="done"]').count(), { timeout: 60_000 })
      .toBe(3);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: Record<string, number[]> }).progressSeen,
    );
    expect(Object.keys(progress).sort()).toEqual(['photo-0.jpg', 'photo-1.jpg', 'photo-2.jpg']);
    for (const values of Object.values(progress)) {
      expect(
        values.some((v) => v > 0 && v < 100),
        values.join(','),
      ).toBe(true);
      expect(values.at(-1)).toBe(100);
    }
    await expect.poll(() => page.getByTestId('admin-photo').count()).toBeGreaterThanOrEqual(3);

    const visitor = await newContext(browser(), { viewport: PHONE });
    const pub = await visitor.newPage();
    await pub.goto('/Gallery');
    await expect.poll(() => pub.getByTestId('gallery-photo').count()).toBeGreaterThanOrEqual(3);
    // The demo photos are there too: the new album holds exactly the three uploads.
    expect(await pub.getByRole('group').getByText('حیاط مدرسه').count()).toBe(1);
    await pub.getByRole('group').getByText('حیاط مدرسه').click();
    await expect.poll(() => pub.getByTestId('gallery-photo').count()).toBe(3);
    const uploaded = await pub
      .getByTestId('gallery-photo')
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src') ?? ''));
    for (const src of uploaded) expect(src).toMatch(/^\/uploads\/gallery\/\d{4}\/[0-9a-f]{24}-400\.webp$/);
    await pub.getByTestId('gallery-photo').first().click();
    await pub.getByTestId('lightbox-image').waitFor();
    await expect
      .poll(() =>
        pub
          .getByText('۱ از ۳')
          .or(pub.getByText(/^۱ از /))
          .count(),
      )
      .toBeGreaterThan(0);
    await pub.keyboard.press('ArrowLeft');
    await expect.poll(() => pub.getByText(/^۲ از /).count()).toBe(1);
    await pub.keyboard.press('Escape');

    await pub.goto('/');
    await expect.poll(() => pub.getByTestId('home-photo').count()).toBeGreaterThanOrEqual(3);
    // Newest first: the home strip opens with the three uploads.
    const strip = await pub
      .getByTestId('home-photo')
      .evaluateAll((imgs) => imgs.slice(0, 3).map((i) => i.getAttribute('src') ?? ''));
    expect(new Set(strip)).toEqual(new Set(uploaded));
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });
});

describe('notices', () => {
  it('a public notice published by an admin shows on home; a scheduled one does not', async () => {
    const api = await apiAs('admin');
    const scheduled = await api('POST', 'panel/news', {
      title: 'اطلاعیهٔ زمان‌بندی‌شدهٔ آزمون',
      audience: 'public',
      status: 'published',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(scheduled.status).toBe(201);

    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/dashboard/news');
    await page.getByRole('button', { name: 'خبر تازه' }).click();
    await page.getByRole('textbox', { name: 'عنوان', exact: true }).fill('اطلاعیهٔ اردوی پاییزی آزمون');
    await page.getByRole('textbox', { name: 'خلاصه', exact: true }).fill('ثبت‌نام اردو از شنبه');
    await page.getByRole('textbox', { name: 'متن خبر' }).fill('جزئیات اردو در دفتر مدرسه.');
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await page.getByText('خبر ذخیره شد.').waitFor();
    await page.getByText('اطلاعیهٔ اردوی پاییزی آزمون').waitFor();

    const visitor = await newContext(browser());
    const home = await visitor.newPage();
    await home.goto('/');
    await home.getByText('اطلاعیهٔ اردوی پاییزی آزمون').waitFor();
    expect(await home.getByText('اطلاعیهٔ زمان‌بندی‌شدهٔ آزمون').count()).toBe(0);
    await home.getByText('اطلاعیهٔ اردوی پاییزی آزمون').click();
    await home.getByText('جزئیات اردو در دفتر مدرسه.').waitFor();
    expect(errors).toEqual([]);
    await visitor.close();
    await context.close();
  });

  it('a student reads news for students on /student/news', async () => {
    const context = await newContext(browser(), { viewport: PHONE });
    await loginByApi(context, 'student1');
    const page = await context.newPage();
    await page.goto('/student/news');
    const exams = page.getByRole('heading', { name: 'برنامهٔ امتحانات میان‌ترم' });
    await exams.waitFor();
    expect(await page.getByText('اطلاعیهٔ اردوی پاییزی آزمون').count()).toBe(0);
    await exams.click();
    await page.waitForURL(/\/student\/news\/\d+$/);
    await page.getByText('امتحانات از ۱۵ آبان آغاز می‌شود', { exact: false }).waitFor();
    await context.close();
  });
});

describe('contact', () => {
  it('a visitor sends a message and an admin reads it', async () => {
    const visitor = await newContext(browser(), { viewport: PHONE });
    const page = await visitor.newPage();
    const errors = watchErrors(page);
    await page.goto('/contact-us');
    await page.getByLabel('نام و نام خانوادگی').fill('پروین اعتمادی');
    await page.getByLabel('شمارهٔ همراه یا ایمیل').fill('۰۹۱۲۱۱۱۲۲۳');
    await page.getByLabel('موضوع').fill('پرسش آزمون تماس');
    await page.getByLabel('متن پیام').fill('سلام، ساعت کاری دفتر در تابستان چیست؟');
    await page.getByRole('button', { name: 'ارسال پیام' }).click();
    await page.getByText('شمارهٔ همراه (۰۹xxxxxxxxx) یا ایمیل معتبر وارد کنید.').waitFor();
    await page.getByLabel('شمارهٔ همراه یا ایمیل').fill('۰۹۱۲۱۱۱۲۲۳۳');
    await page.getByRole('button', { name: 'ارسال پیام' }).click();
    await page.getByText('پیام شما فرستاده شد.', { exact: false }).waitFor();
    expect(await page.getByLabel('موضوع').inputValue()).toBe('');
    expect(errors).toEqual([]);

    const admin = await newContext(browser());
    await loginByApi(admin, 'admin');
    const panel = await admin.newPage();
    await panel.goto('/dashboard/contact-us');
    const row = panel.getByTestId('message-row').filter({ hasText: 'پرسش آزمون تماس' });
    expect(await row.getAttribute('data-read')).toBe('false');
    await row.getByRole('button', { name: 'پرسش آزمون تماس' }).click();
    await panel.getByTestId('message-body').getByText('ساعت کاری دفتر در تابستان').waitFor();
    await expect.poll(() => row.getAttribute('data-read')).toBe('true');
    await visitor.close();
    await admin.close();
  });
});

describe('stored script payloads', () => {
  it('never run on the public pages or in the dashboard', async () => {
    const payload =
      '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:window.__xss=3">پیوند</a>';
    const api = await apiAs('admin');
    const item = await api('POST', 'panel/news', {
      title: 'آزمون امنیت <img src=x onerror="window.__xss=4">',
      summary: '<script>window.__xss=5</script>',
      bodyHtml: `<p>متن امن</p>${payload}`,
      audience: 'public',
      status: 'published',
    });
    expect(item.status).toBe(201);
    const settings = await api('GET', 'panel/settings');
    const school = settings.json.school as Record<string, unknown>;
    const { logo: _l, hero: _h, updatedAt: _u, ...profile } = school;
    await api('PUT', 'panel/settings', { school: { ...profile, aboutHtml: `<p>درباره</p>${payload}` } });
    await fetch(`${baseURL()}/api/v1/general/contact-us`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: '<img src=x onerror="window.__xss=6">',
        replyTo: 'a@b.ir',
        subject: '<script>window.__xss=7</script>',
        message: payload,
      }),
    });

    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const pages: [string, string][] = [
      ['/', 'آزمون امنیت'],
      [`/news/${item.json.id}`, 'متن امن'],
      ['/about-us', 'درباره'],
      ['/dashboard/news', 'آزمون امنیت'],
      ['/dashboard/contact-us', 'window.__xss=7'],
    ];
    for (const [url, text] of pages) {
      await page.goto(url);
      await page.getByText(text, { exact: false }).first().waitFor();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), url).toBeUndefined();
    }
    await page.goto(`/news/${item.json.id}`);
    await page.getByText('متن امن').waitFor();
    // The javascript: target was dropped: no link in the notice points anywhere but the web.
    const hrefs = await page.locator('article a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs.every((h) => h === null || /^https?:/.test(h))).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await context.close();
  });
});
