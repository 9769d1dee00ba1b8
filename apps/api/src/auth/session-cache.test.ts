import type { Endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { Invalidation, RowCache } from '../db/invalidation';
import { settings } from '../db/schema/site';
import { sessions, users } from '../db/schema/users';
import { secondInstance } from '../test/second-instance';
import { addressOf, useTestApp } from '../test/test-app';
import { hashToken } from './sessions';

/**
 * Sessions and settings kept in memory (db/invalidation.ts): a kept session costs no statement, and
 * anything that ends it or changes its user — through this app, straight in the database, or through
 * another instance on the same PostgreSQL — is seen by the next request.
 */
describe('sessions and settings kept in memory', () => {
  const t = useTestApp();

  const check = (token: string) => t.call(contract.auth.checkToken, { headers: t.as(token) });

  it('answers a known session without a statement', async () => {
    const token = await t.sessionFor('student1');
    expect((await check(token)).statusCode).toBe(200);
    const { result, queries } = await t.queriesDuring(() => check(token));
    expect(result.statusCode).toBe(200);
    expect(queries).toEqual([]);
  });

  it('refuses the token at once after logout', async () => {
    const token = await t.sessionFor('student1');
    expect((await check(token)).statusCode).toBe(200);
    const out = await t.call(contract.auth.logout, { headers: t.as(token) });
    expect(out.statusCode).toBeLessThan(300);
    expect((await check(token)).statusCode).toBe(401);
  });

  it('sees changes made straight in the database: session deleted, role changed, account deactivated', async () => {
    const gone = await t.sessionFor('student2');
    expect((await check(gone)).statusCode).toBe(200);
    await t.db.delete(sessions).where(eq(sessions.tokenHash, hashToken(gone)));
    expect((await check(gone)).statusCode).toBe(401);

    const token = await t.sessionFor('student2');
    expect((await t.call(contract.student.me, { headers: t.as(token) })).statusCode).toBe(200);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.username, 'student2'));
    try {
      expect((await t.call(contract.student.me, { headers: t.as(token) })).statusCode).toBe(403);
    } finally {
      await t.db.update(users).set({ role: 'student' }).where(eq(users.username, 'student2'));
    }
    expect((await t.call(contract.student.me, { headers: t.as(token) })).statusCode).toBe(200);

    await t.db.update(users).set({ fullName: 'نام تازه' }).where(eq(users.username, 'student2'));
    expect((await check(token)).json()).toMatchObject({ user: { fullName: 'نام تازه' } });

    await t.db.update(users).set({ active: false }).where(eq(users.username, 'student2'));
    try {
      expect((await check(token)).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ active: true }).where(eq(users.username, 'student2'));
    }
  });

  it('still checks expiry on a kept session', async () => {
    const token = await t.sessionFor('student1');
    expect((await check(token)).statusCode).toBe(200);
    await t.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await check(token)).statusCode).toBe(401);
  });

  it("keeps the school's settings, and answers a change made straight in the database", async () => {
    const school = () => t.call(contract.settings.publicProfile);
    const before = (await school()).json() as { name: string };
    const { queries } = await t.queriesDuring(school);
    expect(queries).toEqual([]);
    await t.db
      .update(settings)
      .set({ value: sql`jsonb_set(${settings.value}, '{name}', '"دبستان تازه"')` })
      .where(eq(settings.key, 'school'));
    try {
      expect((await school()).json().name).toBe('دبستان تازه');
    } finally {
      await t.db
        .update(settings)
        .set({ value: sql`jsonb_set(${settings.value}, '{name}', ${JSON.stringify(before.name)}::jsonb)` })
        .where(eq(settings.key, 'school'));
    }
  });

  it('is seen by another instance on the same database: a logout there ends the session here', async () => {
    const other = await secondInstance(t);
    try {
      const token = await t.sessionFor('student1');
      const there = (endpoint: Endpoint) =>
        other.app.inject({ method: endpoint.method, url: addressOf(endpoint), headers: t.as(token) });
      expect((await there(contract.auth.checkToken)).statusCode).toBe(200);
      expect((await there(contract.auth.checkToken)).statusCode).toBe(200);
      expect((await check(token)).statusCode).toBe(200);
      expect((await there(contract.auth.logout)).statusCode).toBeLessThan(300);
      // The notification comes after the logout commits; it is not instant on another instance.
      await vi.waitFor(async () => expect((await check(token)).statusCode).toBe(401), { timeout: 5000 });
    } finally {
      await other.close();
    }
  });
});

describe('RowCache', () => {
  it('keeps nothing while no notification can reach it', async () => {
    const cache = new RowCache<string, number>(new Invalidation(undefined), {
      ttlMs: 60_000,
      max: 10,
      dropWhen: () => true,
    });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('does not keep a value whose load overlapped a change', async () => {
    let live = true;
    const inv = new Invalidation({ subscribe: async () => {}, onReset: () => {}, live: () => live });
    await inv.start();
    const cache = new RowCache<string, string>(inv, { ttlMs: 60_000, max: 10, dropWhen: () => true });
    expect(await cache.get('k', async () => 'v1')).toBe('v1');
    expect(await cache.get('k', async () => 'v2')).toBe('v1');
    inv.drop('users:1');
    expect(
      await cache.get('k', async () => {
        inv.drop('users:1');
        return 'stale';
      }),
    ).toBe('stale');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
    live = false;
    inv.drop(null);
    expect(await cache.get('k', async () => 'not kept')).toBe('not kept');
    expect(await cache.get('k', async () => 'read again')).toBe('read again');
  });
});
