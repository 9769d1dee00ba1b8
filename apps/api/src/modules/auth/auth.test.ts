import { endpoint } from '@madreseh/contract/endpoint';
import { ERROR_MESSAGES } from '@madreseh/contract/errors';
import { STAFF } from '@madreseh/contract/roles';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireAuth } from '../../auth/guard';
import { hashToken } from '../../auth/sessions';
import { rateLimits } from '../../db/schema/system';
import { sessions, users } from '../../db/schema/users';
import { DEMO_ACCOUNTS } from '../../db/seed-demo';
import { implement } from '../../http/implement';
import { createTestApp, type TestApp } from '../../test/test-app';
import { LOGIN_LIMITS, loginRateKeys } from './auth.service';

const LOGIN = '/api/v1/auth/login';
const LOGOUT = '/api/v1/auth/logout';
const CHECK = '/api/v1/auth/check-token';
const REDIRECT = '/api/v1/auth/redirect';

/** A staff-only endpoint that exists only in this test, to prove where the role comes from. */
const staffOnly = endpoint({
  method: 'POST',
  path: 'test/staff-only',
  access: STAFF,
  summary: 'test',
  response: z.object({ role: z.string() }),
});

let t: TestApp;
let ipCounter = 0;
/** Each brute-force test gets its own client address so the per-address limit of one does not touch another. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  t = await createTestApp({
    configure: (app) => implement(app, staffOnly, async ({ request }) => ({ role: requireAuth(request).role })),
  });
});
afterAll(() => t?.close());

function login(body: unknown, remoteAddress?: string) {
  return t.inject({ method: 'POST', url: LOGIN, payload: body as object, ...(remoteAddress ? { remoteAddress } : {}) });
}

async function setSession(token: string, set: Partial<typeof sessions.$inferInsert>) {
  await t.db
    .update(sessions)
    .set(set)
    .where(eq(sessions.tokenHash, hashToken(token)));
}

describe('POST auth/login', () => {
  it.each(DEMO_ACCOUNTS)('signs in $username ($role)', async (account) => {
    const res = await login({ username: account.username, password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43,}$/); // ≥ 32 random bytes, base64url
    expect(body.user).toEqual({ id: await t.userId(account.username), role: account.role, fullName: account.fullName });
  });

  it('stores only a hash of the token', async () => {
    const token = await t.login('student1');
    const rows = await t.db.select({ tokenHash: sessions.tokenHash }).from(sessions);
    expect(rows.some((r) => r.tokenHash === hashToken(token))).toBe(true);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
  });

  it('answers 401 with one Persian message that does not say which part was wrong', async () => {
    const ip = nextIp();
    const wrongPassword = await login({ username: 'student1', password: 'wrong-password' }, ip);
    const unknownUser = await login({ username: 'nobody', password: 'demo1234' }, ip);
    for (const res of [wrongPassword, unknownUser]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'invalid_credentials', message: ERROR_MESSAGES.invalidCredentials });
    }
  });

  it('answers 400 with Persian field messages for an empty body', async () => {
    const res = await login({});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'validation_failed',
      message: ERROR_MESSAGES.validation,
      fields: { username: 'نام کاربری را وارد کنید.', password: 'رمز عبور را وارد کنید.' },
    });
  });

  it('answers 400 for blank strings and for no body at all', async () => {
    const blank = await login({ username: '   ', password: '' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fields).toEqual({
      username: 'نام کاربری را وارد کنید.',
      password: 'رمز عبور را وارد کنید.',
    });
    const none = await t.inject({ method: 'POST', url: LOGIN });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('validation_failed');
  });

  it('answers 400, not 500, for a 10 KB username or password', async () => {
    const longName = await login({ username: 'a'.repeat(10 * 1024), password: 'demo1234' });
    expect(longName.statusCode).toBe(400);
    expect(longName.json().fields).toEqual({ username: 'نام کاربری بیش از حد طولانی است.' });
    const longPassword = await login({ username: 'student1', password: 'a'.repeat(10 * 1024) });
    expect(longPassword.statusCode).toBe(400);
    expect(longPassword.json().fields).toEqual({ password: 'رمز عبور بیش از حد طولانی است.' });
  });

  it('answers 400 for values of the wrong type', async () => {
    const res = await login({ username: 123, password: ['demo1234'] });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields).sort()).toEqual(['password', 'username']);
  });

  it('accepts Persian and Arabic digits in username and password', async () => {
    const persian = await login({ username: 'student۱', password: 'demo۱۲۳۴' });
    expect(persian.statusCode).toBe(200);
    expect(persian.json().user.role).toBe('student');
    const arabic = await login({ username: 'student٢', password: 'demo١٢٣٤' });
    expect(arabic.statusCode).toBe(200);
    expect(arabic.json().user.id).toBe(await t.userId('student2'));
  });

  it('ignores the case of the username and the spaces around it', async () => {
    const res = await login({ username: '  Student1 ', password: 'demo1234' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(await t.userId('student1'));
  });

  it('takes the role from the database, never from the body', async () => {
    const res = await login({ username: 'student1', password: 'demo1234', role: 'super-admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('student');
  });

  it('refuses a deactivated account with the same 401', async () => {
    await t.db.insert(users).values({
      username: 'former',
      passwordHash: (await t.db.select().from(users).where(eq(users.username, 'student1')))[0]?.passwordHash ?? '',
      role: 'student',
      fullName: 'دانش‌آموز پیشین',
      active: false,
    });
    const res = await login({ username: 'former', password: 'demo1234' }, nextIp());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'invalid_credentials', message: ERROR_MESSAGES.invalidCredentials });
  });
});

describe('brute force', () => {
  it(`answers 429 after ${LOGIN_LIMITS.perUsername} failures for one username, even with the right password`, async () => {
    const ip = nextIp();
    for (let i = 0; i < LOGIN_LIMITS.perUsername; i++) {
      const res = await login({ username: 'student2', password: `guess-${i}` }, ip);
      expect(res.statusCode).toBe(401);
    }
    const locked = await login({ username: 'student2', password: 'demo1234' }, nextIp());
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_requests');
    expect(Object.keys(locked.json()).sort()).toEqual(['code', 'message']);
    // Persian digits spell the same username: the same lock.
    expect((await login({ username: 'STUDENT۲', password: 'demo1234' }, nextIp())).statusCode).toBe(429);

    // The limit is per username: another account from the same address still signs in.
    const other = await login({ username: 'admin', password: 'demo1234' }, ip);
    expect(other.statusCode).toBe(200);
  });

  it('counts parallel attempts too: a burst gets no more guesses than the limit', async () => {
    const ip = nextIp();
    const burst = await Promise.all(
      Array.from({ length: LOGIN_LIMITS.perUsername + 5 }, (_, i) =>
        login({ username: 'superadmin', password: `burst-${i}` }, ip),
      ),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMITS.perUsername);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it(`answers 429 after ${LOGIN_LIMITS.perIp} failures from one address, and successes there do not count`, async () => {
    const ip = nextIp();
    // perIp - 1 failures from that address already counted (the per-username test above counts for real).
    await t.db.insert(rateLimits).values({
      key: loginRateKeys('any', ip).ipKey,
      windowStart: new Date(),
      count: LOGIN_LIMITS.perIp - 1,
    });
    // Many pupils sign in from one school address: their successes do not use up the allowance.
    for (const username of ['student1', 'admin', 'student1']) {
      expect((await login({ username, password: 'demo1234' }, ip)).statusCode).toBe(200);
    }
    expect((await login({ username: 'spray-last', password: 'x' }, ip)).statusCode).toBe(401);
    // That was failure number perIp: now even the right password from that address is refused…
    expect((await login({ username: 'student1', password: 'demo1234' }, ip)).statusCode).toBe(429);
    // …while another address is not affected.
    expect((await login({ username: 'student1', password: 'demo1234' }, nextIp())).statusCode).toBe(200);
  });
});

describe('POST auth/check-token', () => {
  it('answers a truthy body with the user, never cached', async () => {
    const token = await t.login('admin');
    const res = await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      valid: true,
      user: { id: await t.userId('admin'), role: 'admin', fullName: 'علی رضایی' },
    });
  });

  it.each([
    ['no header', {}],
    ['a garbage token', { authorization: 'Bearer not-a-real-token-but-long-enough-000000' }],
    ['a short token', { authorization: 'Bearer abc' }],
    ['a 10 KB token', { authorization: `Bearer ${'x'.repeat(10 * 1024)}` }],
    ['another scheme', { authorization: 'Basic c3R1ZGVudDE6ZGVtbzEyMzQ=' }],
    ['a token in a cookie only', { cookie: 'token=whatever; user={"role":"admin"}' }],
  ])('answers 401 for %s', async (_, headers) => {
    const res = await t.inject({ method: 'POST', url: CHECK, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: ERROR_MESSAGES.unauthorized });
  });

  it('answers 401 once the session has passed its absolute expiry', async () => {
    const token = await t.login('student1');
    expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) })).statusCode).toBe(200);
    await setSession(token, { expiresAt: sql`now() - interval '1 second'` as unknown as Date });
    expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) })).statusCode).toBe(401);
  });

  it('answers 401 once the session has been idle too long', async () => {
    const token = await t.login('student1');
    const idleMs = t.policy.idleMs + 60_000;
    await setSession(token, {
      lastSeenAt: sql`now() - ${`${idleMs} milliseconds`}::interval` as unknown as Date,
    });
    expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) })).statusCode).toBe(401);
  });

  it('keeps an active session alive: use moves last_seen forward', async () => {
    const token = await t.login('student1');
    await setSession(token, { lastSeenAt: sql`now() - interval '1 hour'` as unknown as Date });
    expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) })).statusCode).toBe(200);
    const [row] = await t.db
      .select({ idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::int` })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.idleSeconds).toBeLessThan(60);
  });

  it('answers 401 for every session of a user who is deactivated', async () => {
    const token = await t.sessionFor('student2');
    expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) })).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.username, 'student2'));
    try {
      expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: REDIRECT, headers: t.as(token) })).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.username, 'student2'));
    }
  });
});

describe('POST auth/logout', () => {
  it('ends that session only', async () => {
    const token = await t.login('admin');
    const other = await t.sessionFor('admin');
    const res = await t.inject({ method: 'POST', url: LOGOUT, headers: t.as(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(token) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: LOGOUT, headers: t.as(token) })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url: CHECK, headers: t.as(other) })).statusCode).toBe(200);
  });
});

describe('GET auth/redirect', () => {
  it.each([
    ['student1', '/student'],
    ['student2', '/student'],
    ['admin', '/dashboard'],
    ['superadmin', '/dashboard'],
  ])('sends %s to %s', async (username, path) => {
    const res = await t.inject({ method: 'GET', url: REDIRECT, headers: t.as(await t.sessionFor(username)) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ path });
  });

  it('answers 401 without a token', async () => {
    expect((await t.inject({ method: 'GET', url: REDIRECT })).statusCode).toBe(401);
  });
});

describe('the role comes from the session row', () => {
  it('a student token never reaches a staff endpoint, whatever the cookie, headers or body say', async () => {
    const token = await t.login('student1');
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/test/staff-only',
      headers: {
        ...t.as(token),
        cookie: `token=${token}; user=${encodeURIComponent(JSON.stringify({ id: 1, role: 'super-admin', fullName: 'x' }))}`,
        'x-role': 'super-admin',
        'x-user-role': 'admin',
      },
      payload: { role: 'super-admin', user: { role: 'super-admin' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: ERROR_MESSAGES.forbidden });
  });

  it('a malformed user cookie changes nothing', async () => {
    const token = await t.login('student1');
    const res = await t.inject({
      method: 'POST',
      url: CHECK,
      headers: { ...t.as(token), cookie: 'user={"role":super-admin; token=broken' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('student');
  });

  it('staff tokens reach it and see their own role', async () => {
    for (const username of ['admin', 'superadmin']) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/v1/test/staff-only',
        headers: { ...t.as(await t.sessionFor(username)), cookie: 'user={"role":"student"}' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe(username === 'admin' ? 'admin' : 'super-admin');
    }
  });

  it('a role changed in the database applies to the next request of an existing session', async () => {
    const token = await t.sessionFor('student1');
    const url = '/api/v1/test/staff-only';
    expect((await t.inject({ method: 'POST', url, headers: t.as(token) })).statusCode).toBe(403);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.username, 'student1'));
    try {
      expect((await t.inject({ method: 'POST', url, headers: t.as(token) })).statusCode).toBe(200);
    } finally {
      await t.db.update(users).set({ role: 'student' }).where(eq(users.username, 'student1'));
    }
  });
});
