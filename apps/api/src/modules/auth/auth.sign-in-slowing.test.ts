import { contract } from '@madreseh/contract/endpoints';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { rateLimits } from '../../db/schema/system';
import { loginThrottle } from '../../db/schema/users';
import { addressOf } from '../../test/test-app';
import { login, nextIp, t, useAuthApp } from './auth.fixtures';
import { networkBucket, SIGN_IN_SLOWING } from './sign-in-throttle';

useAuthApp();

describe('sign-in slowing (decision 0010): slowed, never locked', () => {
  const { freeFailures, perAddress } = SIGN_IN_SLOWING;

  /** Lets the time of a wait pass, as a clock would (no timed assertions). */
  async function letWaitPass(username: string) {
    await t.db
      .update(loginThrottle)
      .set({ waitUntil: sql`now() - interval '1 second'` })
      .where(and(eq(loginThrottle.username, username), eq(loginThrottle.device, '')));
  }
  /**
   * The networks of this file's addresses (10.0.x.0/24) are guessing too and wait as well: while the
   * shared bucket waits, an attempt from a network whose own bucket waits is not checked (decision 0035).
   */
  async function holdNetworks(username: string) {
    for (let x = 0; x < 4; x++)
      await t.db
        .insert(loginThrottle)
        .values({
          username,
          device: networkBucket(`10.0.${x}.1`),
          failures: 20,
          lastFailureAt: new Date(),
          waitUntil: sql`now() + interval '5 minutes'`,
        })
        .onConflictDoUpdate({
          target: [loginThrottle.username, loginThrottle.device],
          set: { waitUntil: sql`now() + interval '5 minutes'` },
        });
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
    await holdNetworks('student2');
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
    await t.db.delete(loginThrottle).where(eq(loginThrottle.username, 'student2'));
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
    await holdNetworks('superadmin');
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
    await holdNetworks('nobody-here');
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
        waitUntil: sql`now() + interval '5 minutes'`,
      })
      .onConflictDoNothing();
    await holdNetworks('student1');
    const stranger = await login({ username: 'student1', password: 'demo1234' }, nextIp());
    expect(stranger.statusCode).toBe(429);
    const owner = await t.inject({
      method: 'POST',
      url: addressOf(contract.auth.login),
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
      url: addressOf(contract.auth.login),
      payload: { username: 'student1', password: 'demo1234' },
      headers: { cookie: `madreseh_device=${adminDevice}` },
      remoteAddress: nextIp(),
    });
    expect(other.statusCode).toBe(429);
    await t.db.delete(loginThrottle).where(eq(loginThrottle.username, 'student1'));
  });

  it('per address: every failure counts, whether the name exists or not, and a known device always gets in', async () => {
    const ip = nextIp();
    const known = deviceOf(await login({ username: 'student1', password: 'demo1234' }, ip));
    const counted = async () =>
      (
        await t.db
          .select({ count: rateLimits.count })
          .from(rateLimits)
          .where(eq(rateLimits.key, `login:ip:${ip}`))
      )[0]?.count ?? 0;
    // A name that exists and one that does not count the same: the count tells nothing.
    expect((await login({ username: 'no-such-name', password: 'x' }, ip)).statusCode).toBe(401);
    expect(await counted()).toBe(1);
    expect((await login({ username: 'student2', password: 'wrong' }, ip)).statusCode).toBe(401);
    expect(await counted()).toBe(2);
    // After perAddress − 1 failures, one more against a name that does not exist closes the address
    // for new devices just as one against a real account would.
    await t.db
      .update(rateLimits)
      .set({ count: perAddress - 1 })
      .where(eq(rateLimits.key, `login:ip:${ip}`));
    expect((await login({ username: 'no-such-name-2', password: 'x' }, ip)).statusCode).toBe(401);
    expect((await login({ username: 'admin', password: 'demo1234' }, ip)).statusCode).toBe(429);
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
      url: addressOf(contract.auth.login),
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
    const audited = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'clear-sign-in-slowing' and entity_id = ${String(id)}`,
    );
    expect(audited[0]?.n).toBe(1);
    expect((await login({ username: 'student2', password: 'demo1234' }, nextIp())).statusCode).toBe(200);
    const after = await t.call(contract.auth.slowedList, { headers: t.as(admin) });
    expect(after.json().items.some((i: { userId: number }) => i.userId === id)).toBe(false);
  });
});
