import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from './server';
import {
  arrivesAt,
  baseURL,
  type DemoUser,
  loginByApi,
  newContext,
  setSessionCookies,
  settledPath,
  useBrowser,
} from './support';

const browser = useBrowser();

const AREA_PATHS = [
  '/student',
  '/student/news',
  '/teacher',
  '/teacher/attendance',
  '/parent',
  '/dashboard',
  '/dashboard/news',
  '/dashboard/pre-register/print/1',
];

/** Who may open which area (the access rule of decision 0002); everything else goes to /auth. */
const EXPECTED: Record<Exclude<DemoUser, 'student2'> | 'anonymous', (path: string) => boolean> = {
  anonymous: () => false,
  student1: (p) => p.startsWith('/student'),
  parent1: (p) => p.startsWith('/parent'),
  admin: (p) => p.startsWith('/dashboard'),
  superadmin: (p) => p.startsWith('/dashboard'),
  teacher1: (p) => p.startsWith('/teacher'),
};

async function visit(context: BrowserContext, path: string): Promise<{ page: Page; landed: string }> {
  const page = await context.newPage();
  await page.goto(path);
  return { page, landed: await settledPath(page) };
}

describe('the access guard (decision 0002)', () => {
  for (const who of Object.keys(EXPECTED) as (keyof typeof EXPECTED)[]) {
    for (const path of AREA_PATHS) {
      const allowed = EXPECTED[who](path);
      it(`${who} visiting ${path} ${allowed ? 'opens it' : 'is sent to /auth'}`, async () => {
        const context = await newContext(browser());
        if (who !== 'anonymous') await loginByApi(context, who);
        const { landed } = await visit(context, path);
        expect(landed).toBe(allowed ? path : '/auth');
        await context.close();
      });
    }
  }

  it('a forged user cookie (role parent) with a student token cannot open the parent area', async () => {
    const context = await newContext(browser());
    const { token, user } = await loginByApi(context, 'student1');
    await context.clearCookies();
    await setSessionCookies(context, token, { ...user, role: 'parent' });
    expect((await visit(context, '/parent')).landed).toBe('/auth');
    await context.close();
  });

  it('a missing user cookie sends to /auth even with a valid token', async () => {
    const context = await newContext(browser());
    const { token } = await loginByApi(context, 'admin');
    await context.clearCookies();
    await setSessionCookies(context, token, null);
    expect((await visit(context, '/dashboard')).landed).toBe('/auth');
    await context.close();
  });

  it('a missing token cookie sends to /auth even with a user cookie', async () => {
    const context = await newContext(browser());
    const { user } = await loginByApi(context, 'admin');
    await context.clearCookies();
    await setSessionCookies(context, null, user);
    expect((await visit(context, '/dashboard')).landed).toBe('/auth');
    await context.close();
  });

  it('a forged user cookie (role admin) with a student token cannot open the dashboard', async () => {
    const context = await newContext(browser());
    const { token, user } = await loginByApi(context, 'student1');
    await context.clearCookies();
    await setSessionCookies(context, token, { ...user, role: 'admin' });
    expect((await visit(context, '/dashboard')).landed).toBe('/auth');
    await context.close();
  });

  it('a malformed user cookie sends to /auth', async () => {
    const context = await newContext(browser());
    const { token } = await loginByApi(context, 'student1');
    await context.clearCookies();
    await setSessionCookies(context, token, '%7Bnot-json');
    expect((await visit(context, '/student')).landed).toBe('/auth');
    await context.close();
  });

  it('a revoked (logged-out) token sends to /auth', async () => {
    const context = await newContext(browser());
    const { token } = await loginByApi(context, 'student1');
    await fetch(`${baseURL()}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect((await visit(context, '/student')).landed).toBe('/auth');
    await context.close();
  });

  it('an unknown token sends to /auth', async () => {
    const context = await newContext(browser());
    await setSessionCookies(context, 'x'.repeat(43), { id: 1, role: 'super-admin', fullName: 'جعلی' });
    expect((await visit(context, '/dashboard')).landed).toBe('/auth');
    await context.close();
  });

  it('check-token failing (network error) sends to /auth and logs the error', async () => {
    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.route('**/api/v1/auth/check-token', (route) => route.abort('failed'));
    await page.goto('/dashboard');
    expect(await arrivesAt(page, '/auth')).toBe('/auth');
    expect(errors.some((e) => e.includes('Token check failed'))).toBe(true);
    await context.close();
  });

  it('check-token answering a server error sends to /auth', async () => {
    const context = await newContext(browser());
    await loginByApi(context, 'admin');
    const page = await context.newPage();
    await page.route('**/api/v1/auth/check-token', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"code":"internal_error","message":"Internal Server Error"}',
      }),
    );
    await page.goto('/dashboard');
    expect(await arrivesAt(page, '/auth')).toBe('/auth');
    await context.close();
  });

  it('check-token answering nothing sends to /auth', async () => {
    const context = await newContext(browser());
    await loginByApi(context, 'student1');
    const page = await context.newPage();
    await page.route('**/api/v1/auth/check-token', (route) => route.fulfill({ status: 200, body: '' }));
    await page.goto('/student');
    expect(await arrivesAt(page, '/auth')).toBe('/auth');
    await context.close();
  });

  it('paths outside /student and /dashboard are never checked', async () => {
    const context = await newContext(browser());
    await loginByApi(context, 'student1');
    const page = await context.newPage();
    let checks = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/v1/auth/check-token')) checks++;
    });
    for (const path of ['/', '/Gallery', '/about-us', '/contact-us', '/pre-register', '/auth', '/no-such-page']) {
      await page.goto(path);
      expect(await settledPath(page)).toBe(path);
    }
    expect(checks).toBe(0);
    await context.close();
  });

  it('every visit inside an area is checked again (a session ended elsewhere is noticed on the next click)', async () => {
    const context = await newContext(browser());
    const { token } = await loginByApi(context, 'student1');
    const page = await context.newPage();
    await page.goto('/student');
    expect(await arrivesAt(page, '/student')).toBe('/student');
    await fetch(`${baseURL()}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    await page.getByRole('link', { name: 'اخبار' }).first().click();
    await page.waitForURL((u) => u.pathname === '/auth');
    await context.close();
  });
});

describe('an expired token', () => {
  let shortLived: RunningServer;
  beforeAll(async () => {
    // A server whose sessions last about six seconds (time enough to sign in and open a page on a slow machine).
    shortLived = await startServer({ SESSION_MAX_DAYS: String(6 / 86_400) });
  }, 90_000);
  afterAll(async () => {
    await shortLived?.stop();
  });

  it('sends to /auth once the session has expired', async () => {
    const context = await newContext(browser(), { baseURL: shortLived.url });
    await loginByApi(context, 'admin', shortLived.url);
    const page = await context.newPage();
    await page.goto('/dashboard');
    expect(await arrivesAt(page, '/dashboard')).toBe('/dashboard');
    await new Promise((r) => setTimeout(r, 6500));
    await page.goto('/dashboard/news');
    expect(await arrivesAt(page, '/auth')).toBe('/auth');
    await context.close();
  });
});
