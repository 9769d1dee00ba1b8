import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, CHROMIUM_ARGS, CHROMIUM_PATH, newContext, settledPath, useBrowser } from './support';

const browser = useBrowser();

describe('the installable app', () => {
  it('serves a manifest with Persian names, rtl, standalone display and the three icons', async () => {
    const res = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const m = (await res.json()) as Record<string, unknown> & {
      icons: { sizes: string; purpose?: string; src: string }[];
    };
    expect(m).toMatchObject({ lang: 'fa', dir: 'rtl', display: 'standalone', start_url: '/', theme_color: '#ffffff' });
    expect(String(m.name)).toMatch(/[\u0600-\u06FF]/);
    // Built from the settings: the school's own name, not the generic «درگاه مدرسه».
    expect(m.name).toBe('مدرسهٔ دخترانهٔ فرزانگان امید');
    expect(m.short_name).toBe('دخترانهٔ فرزانگان امید');
    expect(String(m.short_name)).toMatch(/[\u0600-\u06FF]/);
    expect(m.icons.some((i) => i.sizes === '192x192')).toBe(true);
    expect(m.icons.some((i) => i.sizes === '512x512' && i.purpose !== 'maskable')).toBe(true);
    expect(m.icons.some((i) => i.purpose === 'maskable')).toBe(true);
    for (const icon of m.icons) {
      const img = await fetch(`${baseURL()}${icon.src}`);
      expect(img.headers.get('content-type')).toBe('image/png');
    }
  });

  it('registers /sw.js, passes Chromium installability checks and opens a visited page offline', async () => {
    // Installability is only judged outside incognito, so this test uses a real profile.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: baseURL(),
      serviceWorkers: 'allow',
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    const scope = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return { scope: reg.scope, script: reg.active?.scriptURL };
    });
    expect(new URL(scope.scope).pathname).toBe('/');
    expect(new URL(scope.script ?? 'http://x/').pathname).toBe('/sw.js');
    expect(await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'))).toBe(
      '/manifest.webmanifest',
    );

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    // Visit once more under the service worker's control, then go offline.
    await page.reload();
    await settledPath(page);
    await page.goto('/auth');
    await settledPath(page);
    await context.setOffline(true);
    await page.goto('/');
    await page.getByRole('link', { name: 'پیش‌ثبت‌نام' }).first().waitFor();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'ورود' }).waitFor();
    await context.setOffline(false);
    await context.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  it('offers the new version with an "update available" toast when the service worker changes', async () => {
    const swFile = path.resolve(import.meta.dirname, '../apps/web/dist/sw.js');
    const original = fs.readFileSync(swFile, 'utf8');
    // The server sends the precompressed copies (scripts/precompress.mjs): a new release changes them too.
    const copies = ['.br', '.gz'].filter((ext) => fs.existsSync(swFile + ext));
    const originals = copies.map((ext) => fs.readFileSync(swFile + ext));
    const release = (text: string) => {
      fs.writeFileSync(swFile, text);
      for (const ext of copies)
        fs.writeFileSync(swFile + ext, ext === '.br' ? brotliCompressSync(text) : gzipSync(text));
    };
    const context = await newContext(browser(), { serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      release(`${original}\n// a new release\n`);
      await page.evaluate(async () => {
        const reg = await navigator.serviceWorker.getRegistration();
        await reg?.update();
      });
      await page.getByText('نسخهٔ تازه‌ای از برنامه آماده است.').waitFor({ timeout: 20_000 });
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'به‌روزرسانی' }).click();
      await reloaded;
    } finally {
      fs.writeFileSync(swFile, original);
      copies.forEach((ext, i) => {
        fs.writeFileSync(swFile + ext, originals[i] ?? '');
      });
      await context.close();
    }
  });
});
