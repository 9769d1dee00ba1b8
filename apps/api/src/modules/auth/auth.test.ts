import { endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { ERROR_MESSAGES } from '@madreseh/contract/errors';
import { STAFF } from '@madreseh/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireAuth } from '../../auth/guard';
import { hashToken } from '../../auth/sessions';
import { rateLimits } from '../../db/schema/system';
import { loginThrottle, sessions, users } from '../../db/schema/users';
import { DEMO_ACCOUNTS } from '../../db/seed-demo';
import { implement } from '../../http/implement';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SIGN_IN_SLOWING } from './sign-in-throttle';

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
    expect(body.user).toEqual({
      id: await t.userId(account.username),
      role: account.role,
      fullName: account.fullName,
      demoPassword: account.role === 'super-admin',
    });
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

describe('sign-in slowing (decision 0010): slowed, never locked', () => {
  const { freeFailures, perAddress } = SIGN_IN_SLOWING;

  /** Lets the time of a wait pass, as a clock would (no timed assertions). */
  async function letWaitPass(username: string) {
    await t.db
      .update(loginThrottle)
      .set({ waitUntil: sql`now() - interval '1 second'` as unknown as Date })
      .where(eq(loginThrottle.username, username));
  }
  async function throttleRow(username: string, device = '') {
    const [row] = await t.db
      .select({
        failures: loginThrottle.failures,
        waitS: sql<number>`extract(epoch from ${loginThrottle.waitUntil} - ${loginThrottle.lastFailureAt})::float8`,
      })
      .from(loginThrottle)
      .where(and(eq(loginThrottle.username, username), eq(loginThrottle.device, device)));
    return row ? { failures: row.failures, waitS: row.waitS === null ? null : Math.round(Number(row.waitS)) } : null;
  }
  const deviceOf = (res: { headers: Record<string, unknown> }) => {
    const cookie = String(res.headers['set-cookie'] ?? '');
    return /madreseh_device=([^;]+)/.exec(cookie)?.[1] ?? '';
  };

  it('the first failures are free; then each waits twice as long, at most 5 minutes; the right password waits too', async () => {
    const ip = nextIp();
    for (let i = 1; i <= freeFailures; i++) {
      expect((await login({ username: 'student2', password: `guess-${i}` }, ip)).statusCode).toBe(401);
      expect((await throttleRow('student2'))?.waitS).toBeNull();
    }
    expect((await login({ username: 'student2', password: 'guess-6' }, ip)).statusCode).toBe(401);
    expect(await throttleRow('student2')).toEqual({ failures: 6, waitS: 1 });
    // During the wait nothing is checked, not even the right password: 429 with the wait in Persian.
    const waiting = await login({ username: 'student2', password: 'demo1234' }, nextIp());
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json().code).toBe('too_many_requests');
    expect(Object.keys(waiting.json()).sort()).toEqual(['code', 'message']);
    expect(waiting.json().message).toContain('ثانیه');
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Persian digits spell the same username: the same count.
    expect((await login({ username: 'STUDENT۲', password: 'demo1234' }, nextIp())).statusCode).toBe(429);
    expect((await throttleRow('student2'))?.failures).toBe(6);

    for (const [n, waitS] of [
      [7, 2],
      [8, 4],
      [9, 8],
    ] as const) {
      await letWaitPass('student2');
      expect((await login({ username: 'student2', password: `guess-${n}` }, ip)).statusCode).toBe(401);
      expect(await throttleRow('student2')).toEqual({ failures: n, waitS });
    }
    await t.db.update(loginThrottle).set({ failures: 40 }).where(eq(loginThrottle.username, 'student2'));
    await letWaitPass('student2');
    expect((await login({ username: 'student2', password: 'guess-41' }, ip)).statusCode).toBe(401);
    expect(await throttleRow('student2')).toEqual({ failures: 41, waitS: 300 });

    // Never a lock: once the wait has passed the right password gets in, and the count starts again.
    await letWaitPass('student2');
    expect((await login({ username: 'student2', password: 'demo1234' }, nextIp())).statusCode).toBe(200);
    expect(await throttleRow('student2')).toBeNull();
    // Another account was never touched.
    expect((await login({ username: 'admin', password: 'demo1234' }, ip)).statusCode).toBe(200);
  });

  it('counts parallel attempts too: a burst gets no more guesses than the free ones and one more', async () => {
    // The free failures, all at once: each is counted (no update lost), none waits.
    const ip = nextIp();
    const free = await Promise.all(
      Array.from({ length: freeFailures }, (_, i) => login({ username: 'superadmin', password: `free-${i}` }, ip)),
    );
    expect(free.map((r) => r.statusCode)).toEqual(Array(freeFailures).fill(401));
    expect((await throttleRow('superadmin'))?.failures).toBe(freeFailures);
    // Past them, a burst gets one guess: the first failure makes the rest wait. Three failures further
    // on that wait is 8 s, longer than any burst takes however slow the machine (1 s could pass meanwhile).
    await t.db
      .update(loginThrottle)
      .set({ failures: freeFailures + 3 })
      .where(eq(loginThrottle.username, 'superadmin'));
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => login({ username: 'superadmin', password: `burst-${i}` }, ip)),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
    expect((await throttleRow('superadmin'))?.failures).toBe(freeFailures + 4);
    await t.db.delete(loginThrottle).where(eq(loginThrottle.username, 'superadmin'));
  });

  it('a username that does not exist is slowed the same way (nothing tells them apart)', async () => {
    const ip = nextIp();
    for (let i = 0; i <= freeFailures; i++)
      expect((await login({ username: 'nobody-here', password: `x-${i}` }, ip)).statusCode).toBe(401);
    const waiting = await login({ username: 'nobody-here', password: 'x' }, ip);
    expect(waiting.statusCode).toBe(429);
  });

  it("a stranger's guessing never slows a device that signed in to the account before", async () => {
    const first = await login({ username: 'student1', password: 'demo1234' }, nextIp());
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    expect(device).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    // Somebody keeps the account at the longest wait.
    await t.db
      .insert(loginThrottle)
      .values({
        username: 'student1',
        device: '',
        failures: 50,
        lastFailureAt: new Date(),
        waitUntil: sql`now() + interval '5 minutes'` as unknown as Date,
      })
      .onConflictDoNothing();
    const stranger = await login({ username: 'student1', password: 'demo1234' }, nextIp());
    expect(stranger.statusCode).toBe(429);
    const owner = await t.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'student1', password: 'demo1234' },
      headers: { cookie: `madreseh_device=${device}` },
      remoteAddress: nextIp(),
    });
    expect(owner.statusCode).toBe(200);
    expect(deviceOf(owner)).toBe(device);
    // The stranger's wait is still there; the owner's device has its own count.
    expect((await throttleRow('student1'))?.failures).toBe(50);
    // A cookie of a device that signed in to another account gives nothing here.
    const adminDevice = deviceOf(await login({ username: 'admin', password: 'demo1234' }, nextIp()));
    const other = await t.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'student1', password: 'demo1234' },
      headers: { cookie: `madreseh_device=${adminDevice}` },
      remoteAddress: nextIp(),
    });
    expect(other.statusCode).toBe(429);
    await t.db.delete(loginThrottle).where(eq(loginThrottle.username, 'student1'));
  });

  it('per address: only failures against existing accounts count, and a known device always gets in', async () => {
    const ip = nextIp();
    const known = deviceOf(await login({ username: 'student1', password: 'demo1234' }, ip));
    // A whole school mistyping national codes behind one address: nothing adds up.
    for (let i = 0; i < 3; i++) await login({ username: `no-such-${i}`, password: 'x' }, ip);
    const counted = async () =>
      (
        await t.db
          .select({ count: rateLimits.count })
          .from(rateLimits)
          .where(eq(rateLimits.key, `login:ip:${ip}`))
      )[0]?.count ?? 0;
    expect(await counted()).toBe(0);
    expect((await login({ username: 'student2', password: 'wrong' }, ip)).statusCode).toBe(401);
    expect(await counted()).toBe(1);
    // One pupil has sent perAddress wrong passwords for classmates from the school's address.
    await t.db
      .update(rateLimits)
      .set({ count: perAddress })
      .where(eq(rateLimits.key, `login:ip:${ip}`));
    const newDevice = await login({ username: 'admin', password: 'demo1234' }, ip);
    expect(newDevice.statusCode).toBe(429);
    expect(newDevice.json().message).toContain('دستگاهی که پیش‌تر');
    // Every pupil whose device signed in before still signs in with the right password.
    const knownDevice = await t.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: 'student1', password: 'demo1234' },
      headers: { cookie: `madreseh_device=${known}` },
      remoteAddress: ip,
    });
    expect(knownDevice.statusCode).toBe(200);
    // And another address is not affected.
    expect((await login({ username: 'admin', password: 'demo1234' }, nextIp())).statusCode).toBe(200);
    await t.db.delete(loginThrottle).where(eq(loginThrottle.username, 'student2'));
  });

  it('staff see the slowed accounts and clear them (audited); students may not', async () => {
    const ip = nextIp();
    for (let i = 0; i <= freeFailures + 1; i++) {
      await letWaitPass('student2');
      await login({ username: 'student2', password: `g-${i}` }, ip);
    }
    const admin = await t.sessionFor('admin');
    const list = await t.call(contract.auth.slowedList, { headers: t.as(admin) });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    const id = await t.userId('student2');
    const item = list.json().items.find((i: { userId: number }) => i.userId === id);
    expect(item).toMatchObject({ username: 'student2', role: 'student', failures: freeFailures + 2 });
    expect(item.waitSeconds).toBeGreaterThan(0);
    expect((await t.call(contract.auth.slowedClear, { params: { id }, headers: t.as(admin) })).statusCode).toBe(200);
    expect(await throttleRow('student2')).toBeNull();
    const audited = await t.db.execute(
      sql`select count(*)::int as n from audit_log where action = 'clear-sign-in-slowing' and entity_id = ${String(id)}`,
    );
    expect((audited as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    expect((await login({ username: 'student2', password: 'demo1234' }, nextIp())).statusCode).toBe(200);
    const after = await t.call(contract.auth.slowedList, { headers: t.as(admin) });
    expect(after.json().items.some((i: { userId: number }) => i.userId === id)).toBe(false);
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
      user: { id: await t.userId('admin'), role: 'admin', fullName: 'علی رضایی', demoPassword: false },
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
