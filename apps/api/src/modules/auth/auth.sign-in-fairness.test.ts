import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { loginThrottle } from '../../db/schema/users';
import { login, t, useAuthApp } from './auth.fixtures';
import { networkOf, SIGN_IN_SLOWING } from './sign-in-throttle';

useAuthApp();

/**
 * Simulated time: every stored instant of the sign-in counters moves back by `ms`, as if that much
 * time had passed (the counters compare with the database's clock).
 */
async function advance(ms: number) {
  const by = `${ms} milliseconds`;
  await t.db.execute(
    sql`update login_throttle set last_failure_at = last_failure_at - ${by}::interval, wait_until = wait_until - ${by}::interval`,
  );
  await t.db.execute(
    sql`update rate_limits set window_start = window_start - ${by}::interval where key like 'login:%'`,
  );
}

describe('a stranger guessing cannot keep the owner out for more than five minutes (decision 0035)', () => {
  it('the owner on a new device gets in while a request every 100 ms from many addresses keeps the account waiting', async () => {
    // Somebody has kept the account at the longest wait, and goes on: a wrong password every 100 ms,
    // turn by turn from 40 addresses of 40 networks.
    await t.db.insert(loginThrottle).values({
      username: 'teacher1',
      device: '',
      failures: 40,
      lastFailureAt: new Date(),
      waitUntil: sql`now() + interval '5 minutes'`,
    });
    const attackers = Array.from({ length: 40 }, (_, i) => `172.20.${i}.9`);
    // The owner: right password, a device that never signed in, retrying when told.
    const ownerIp = '192.0.2.77';
    const startsAtMs = 10_000;
    const limitMs = SIGN_IN_SLOWING.maxWaitMs;
    let ownerNextMs = startsAtMs;
    let inAtMs: number | null = null;
    const statuses = new Set<number>();
    for (let now = 0; now <= limitMs + 30_000 && inAtMs === null; now += 100) {
      const guess = await login({ username: 'teacher1', password: `guess-${now}` }, attackers[(now / 100) % 40]);
      statuses.add(guess.statusCode);
      if (now >= ownerNextMs) {
        const owner = await login({ username: 'teacher1', password: 'demo1234' }, ownerIp);
        if (owner.statusCode === 200) inAtMs = now;
        else {
          expect(owner.statusCode).toBe(429);
          ownerNextMs = now + Number(owner.headers['retry-after']) * 1000;
        }
      }
      await advance(100);
    }
    expect(inAtMs).not.toBeNull();
    expect((inAtMs ?? Number.POSITIVE_INFINITY) - startsAtMs).toBeLessThanOrEqual(limitMs);
    // The stranger was never let in.
    expect(statuses.has(200)).toBe(false);
  }, 180_000);

  it('a network is one IPv4 /24 or one IPv6 /64', () => {
    expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.7')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:0:12::1')).toBe('2001:db8:0:12::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('a staff account slowed by wrong passwords is written to the audit log once, for staff to see', async () => {
    const before = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'sign-in-slowed'`,
    );
    for (let i = 0; i < SIGN_IN_SLOWING.freeFailures + 3; i++) {
      await t.db.execute(sql`update login_throttle set wait_until = null where username = 'admin'`);
      expect((await login({ username: 'admin', password: `wrong-${i}` }, `198.18.${i}.1`)).statusCode).toBe(401);
    }
    const after = await rowsOf<{ n: number; entity: string }>(
      t.db,
      sql`select count(*)::int as n, min(entity) as entity from audit_log where action = 'sign-in-slowed'`,
    );
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(1);
    expect(after[0]?.entity).toBe('user');
    await t.db.execute(sql`delete from login_throttle where username = 'admin'`);
  });
});
