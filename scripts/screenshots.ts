// Takes the README's screenshots from a running portal: BASE_URL (default http://localhost:3000),
// into docs/screenshots/<name>-<width>.png. Usage: node --import tsx scripts/screenshots.ts [name ...]
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';

const BASE = process.env.BASE_URL ?? 'http://localhost:3000';
const OUT = path.resolve('docs/screenshots');
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Shot {
  name: string;
  path: string;
  as?: string;
  fullPage?: boolean;
}

const SHOTS: Shot[] = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/auth' },
  { name: 'not-found', path: '/no-such-page' },
  { name: 'student', path: '/student', as: 'student1' },
  { name: 'dashboard', path: '/dashboard', as: 'superadmin' },
  { name: 'gallery', path: '/Gallery' },
  { name: 'about', path: '/about-us' },
  { name: 'contact', path: '/contact-us' },
  { name: 'student-news', path: '/student/news', as: 'student1' },
  { name: 'dashboard-news', path: '/dashboard/news', as: 'admin' },
  { name: 'dashboard-gallery', path: '/dashboard/gallery', as: 'admin' },
  { name: 'dashboard-contact', path: '/dashboard/contact-us', as: 'admin' },
  { name: 'dashboard-settings', path: '/dashboard/settings', as: 'admin' },
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
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  for (const shot of SHOTS.filter((s) => only.length === 0 || only.includes(s.name))) {
    for (const width of [390, 1366]) {
      const context = await browser.newContext({
        viewport: { width, height: width < 800 ? 844 : 900 },
        deviceScaleFactor: 1,
        locale: 'fa-IR',
        timezoneId: 'Asia/Tehran',
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      if (shot.as) await login(page, shot.as);
      await page.goto(`${BASE}${shot.path}`, { waitUntil: 'networkidle' });
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
