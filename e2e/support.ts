import { AxeBuilder } from '@axe-core/playwright';
import { jalaliWeekday, todayIso } from '@madreseh/contract/jalali';
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

export { CHROMIUM_ARGS, CHROMIUM_PATH };

export const DEMO_PASSWORD = 'demo1234';
export type DemoUser = 'superadmin' | 'admin' | 'student1' | 'student2' | 'teacher1' | 'parent1';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export function baseURL(): string {
  return inject('baseURL');
}

/** What the demo's fake SMS provider has sent to `mobile` so far (the server's control command). */
export async function fakeSmsTo(
  mobile: string,
  control: { url: string; token: string } = inject('control'),
): Promise<{ mobile: string; text: string; at: string }[]> {
  const res = await fetch(`${control.url}/_control/fake-sms`, {
    method: 'POST',
    headers: { authorization: `Bearer ${control.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ input: { mobile } }),
  });
  if (!res.ok) throw new Error(`fake-sms: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { result: { mobile: string; text: string; at: string }[] }).result;
}

/** One Chromium per test file. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('Browser not started');
    return browser;
  };
}

export async function newContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseURL(),
    viewport: DESKTOP,
    locale: 'fa-IR',
    timezoneId: 'Asia/Tehran',
    serviceWorkers: 'block',
    ...options,
  });
}

/** Collects console errors and uncaught page errors, to assert on them. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/**
 * Adds up the layout shifts of every page of `context` that the visitor did not cause (CLS as the browser
 * reports it); read a page's sum with `layoutShiftOf`.
 */
export async function watchLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!e.hadRecentInput) w.__shift += e.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift a page has had so far (`watchLayoutShift`). */
export function layoutShiftOf(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __shift: number }).__shift);
}

/** Logs in through the API and sets the two cookies the web app keeps, as the login page does. */
export async function loginByApi(context: BrowserContext, username: DemoUser, server = baseURL()) {
  const body = await signInByApi(username, DEMO_PASSWORD, server);
  await setSessionCookies(context, body.token, body.user, server);
  return body;
}

/** Signs in through the API (a demo account's password unless another is given): its token and user. */
export async function signInByApi(username: string, password = DEMO_PASSWORD, server = baseURL()) {
  const res = await fetch(`${server}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username} failed: ${res.status}`);
  return (await res.json()) as { token: string; user: { id: number; role: string; fullName: string } };
}

export async function setSessionCookies(
  context: BrowserContext,
  token: string | null,
  user: unknown | null,
  server = baseURL(),
) {
  const cookies = [];
  if (token !== null) cookies.push({ name: 'token', value: token, url: server });
  if (user !== null) {
    const value = typeof user === 'string' ? user : encodeURIComponent(JSON.stringify(user));
    cookies.push({ name: 'user', value, url: server });
  }
  await context.addCookies(cookies);
}

export async function checkToken(token: string, server = baseURL()): Promise<number> {
  const res = await fetch(`${server}/api/v1/auth/check-token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  return res.status;
}

/** The path the page ends on once navigation settles. */
/** How many answers of a signed-in user's pages the service worker keeps on the device (decision 0004). */
export function offlineCopies(page: Page): Promise<number> {
  return page.evaluate(async () =>
    (await caches.has('student-offline')) ? (await (await caches.open('student-offline')).keys()).length : 0,
  );
}

export async function settledPath(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  return new URL(page.url()).pathname;
}

/**
 * The path the page settles on once it has had the chance to reach `path`: a click on a plain link
 * (before the app takes over the server's first screen) starts a full navigation that `networkidle`
 * alone does not wait for. Returns the path it ended on, so a wrong one still reads clearly.
 */
export async function arrivesAt(page: Page, path: string): Promise<string> {
  await page.waitForURL((url) => url.pathname === path).catch(() => undefined);
  return settledPath(page);
}

/** axe's serious and critical findings on the page as it is now, one line each (rule: elements). */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * axe's findings about landmarks, whatever their impact: a second banner, main or contentinfo, a
 * landmark inside another, two navigations a screen reader cannot tell apart (one line each).
 */
export async function landmarkViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.id.startsWith('landmark-'))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Today in Tehran, or the day before when today is a Friday (the school is closed, no sheet to take). */
export function schoolDay(): string {
  const today = todayIso();
  if (jalaliWeekday(today) !== 6) return today;
  return new Date(Date.parse(`${today}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}
