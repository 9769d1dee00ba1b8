import { endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { ERROR_MESSAGES } from '@madreseh/contract/errors';
import { STAFF } from '@madreseh/contract/roles';
import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { requireAuth } from '../../auth/guard';
import { hashToken } from '../../auth/sessions';
import { sessions, users } from '../../db/schema/users';
import { DEMO_ACCOUNTS } from '../../db/seed-demo';
import { implement } from '../../http/implement';
import { login, nextIp, t, useAuthApp } from './auth.fixtures';

/** A staff-only endpoint that exists only in this test, to prove where the role comes from. */
const staffOnly = endpoint({
  method: 'POST',
  path: 'test/staff-only',
  access: STAFF,
  summary: 'test',
  response: z.object({ role: z.string() }),
});

useAuthApp({
  configure: (app) => implement(app, staffOnly, async ({ request }) => ({ role: requireAuth(request).role })),
});

async function setSession(token: string, set: PgUpdateSetSource<typeof sessions>) {
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
    const none = await t.call(contract.auth.login);
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

describe('POST auth/check-token', () => {
  it('answers a truthy body with the user, never cached', async () => {
    const token = await t.login('admin');
    const res = await t.call(contract.auth.checkToken, { headers: t.as(token) });
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
    const res = await t.call(contract.auth.checkToken, { headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'unauthorized', message: ERROR_MESSAGES.unauthorized });
  });

  it('answers 401 once the session has passed its absolute expiry', async () => {
    const token = await t.login('student1');
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(200);
    await setSession(token, { expiresAt: sql`now() - interval '1 second'` });
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(401);
  });

  it('answers 401 once the session has been idle too long', async () => {
    const token = await t.login('student1');
    const idleMs = t.policy.idleMs + 60_000;
    await setSession(token, {
      lastSeenAt: sql`now() - ${`${idleMs} milliseconds`}::interval`,
    });
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(401);
  });

  it('keeps an active session alive: use moves last_seen forward', async () => {
    const token = await t.login('student1');
    await setSession(token, { lastSeenAt: sql`now() - interval '1 hour'` });
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(200);
    const [row] = await t.db
      .select({ idleSeconds: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::int` })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.idleSeconds).toBeLessThan(60);
  });

  it('answers 401 for every session of a user who is deactivated', async () => {
    const token = await t.sessionFor('student2');
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(200);
    await t.db.update(users).set({ active: false }).where(eq(users.username, 'student2'));
    try {
      expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(401);
      expect((await t.call(contract.auth.redirect, { headers: t.as(token) })).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.username, 'student2'));
    }
  });
});

describe('POST auth/logout', () => {
  it('ends that session only', async () => {
    const token = await t.login('admin');
    const other = await t.sessionFor('admin');
    const res = await t.call(contract.auth.logout, { headers: t.as(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(401);
    expect((await t.call(contract.auth.logout, { headers: t.as(token) })).statusCode).toBe(401);
    expect((await t.call(contract.auth.checkToken, { headers: t.as(other) })).statusCode).toBe(200);
  });
});

describe('GET auth/redirect', () => {
  it.each([
    ['student1', '/student'],
    ['student2', '/student'],
    ['admin', '/dashboard'],
    ['superadmin', '/dashboard'],
  ])('sends %s to %s', async (username, path) => {
    const res = await t.call(contract.auth.redirect, { headers: t.as(await t.sessionFor(username)) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ path });
  });

  it('answers 401 without a token', async () => {
    expect((await t.call(contract.auth.redirect)).statusCode).toBe(401);
  });
});

describe('the role comes from the session row', () => {
  it('a student token never reaches a staff endpoint, whatever the cookie, headers or body say', async () => {
    const token = await t.login('student1');
    const res = await t.call(staffOnly, {
      headers: {
        ...t.as(token),
        cookie: `token=${token}; user=${encodeURIComponent(JSON.stringify({ id: 1, role: 'super-admin', fullName: 'x' }))}`,
        'x-role': 'super-admin',
        'x-user-role': 'admin',
      },
      body: { role: 'super-admin', user: { role: 'super-admin' } },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'forbidden', message: ERROR_MESSAGES.forbidden });
  });

  it('a malformed user cookie changes nothing', async () => {
    const token = await t.login('student1');
    const res = await t.call(contract.auth.checkToken, {
      headers: { ...t.as(token), cookie: 'user={"role":super-admin; token=broken' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.role).toBe('student');
  });

  it('staff tokens reach it and see their own role', async () => {
    for (const username of ['admin', 'superadmin']) {
      const res = await t.call(staffOnly, {
        headers: { ...t.as(await t.sessionFor(username)), cookie: 'user={"role":"student"}' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().role).toBe(username === 'admin' ? 'admin' : 'super-admin');
    }
  });

  it('a role changed in the database applies to the next request of an existing session', async () => {
    const token = await t.sessionFor('student1');
    expect((await t.call(staffOnly, { headers: t.as(token) })).statusCode).toBe(403);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.username, 'student1'));
    try {
      expect((await t.call(staffOnly, { headers: t.as(token) })).statusCode).toBe(200);
    } finally {
      await t.db.update(users).set({ role: 'student' }).where(eq(users.username, 'student1'));
    }
  });
});
