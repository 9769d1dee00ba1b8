import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../config';
import { rateLimits } from '../db/schema/system';
import { SIGN_IN_SLOWING } from '../modules/auth/sign-in-throttle';
import { addressOf, createTestApp, type TestApp } from '../test/test-app';

/**
 * Decision 0011: only the configured proxies are believed. A client that writes its own
 * X-Forwarded-For entries must neither change the address the server sees nor escape the
 * per-address sign-in limit.
 */

const apps: TestApp[] = [];
async function appTrusting(trustProxy: TrustProxy): Promise<TestApp> {
  const t = await createTestApp({
    config: { trustProxy },
    configure: (app) => {
      app.get('/test/ip', async (request) => ({ ip: request.ip, protocol: request.protocol }));
    },
  });
  apps.push(t);
  return t;
}
afterAll(async () => {
  for (const t of apps) await t.close();
});

async function seenAs(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  const res = await t.inject({
    method: 'GET',
    url: '/test/ip',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'https' } : {},
  });
  return res.json() as { ip: string; protocol: string };
}

describe('TRUST_PROXY=1: exactly one hop', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appTrusting(1);
  });

  it('takes the entry the proxy appended, whatever the client wrote before it', async () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy (10.0.0.2) appended the real address.
    expect((await seenAs(t, '10.0.0.2', '6.6.6.6, 203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await seenAs(t, '10.0.0.2', '1.1.1.1, 2.2.2.2, 203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await seenAs(t, '10.0.0.2', '203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await seenAs(t, '10.0.0.2', '203.0.113.9')).protocol).toBe('https');
  });

  it('a client cannot escape the per-address sign-in limit by inventing addresses', async () => {
    const real = '203.0.113.77';
    await t.db
      .insert(rateLimits)
      .values({ key: `login:ip:${real}`, windowStart: new Date(), count: SIGN_IN_SLOWING.perAddress });
    for (const fake of ['1.2.3.4', '5.6.7.8', '9.9.9.9']) {
      const res = await t.inject({
        method: 'POST',
        url: addressOf(contract.auth.login),
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-for': `${fake}, ${real}` },
        payload: { username: 'admin', password: 'demo1234' },
      });
      expect(res.statusCode).toBe(429);
    }
    const made = await t.db.select().from(rateLimits).where(eq(rateLimits.key, 'login:ip:1.2.3.4'));
    expect(made).toEqual([]);
  });
});

describe('TRUST_PROXY=2: two hops (a load balancer, then nginx)', () => {
  it('takes the entry two places from the end', async () => {
    const t = await appTrusting(2);
    expect((await seenAs(t, '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.0.0.1')).ip).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY=<list of proxy addresses>', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await appTrusting(['10.0.0.0/8', '127.0.0.1']);
  });

  it('believes the header only from a listed proxy, and walks back only through listed proxies', async () => {
    expect((await seenAs(t, '10.0.0.2', '6.6.6.6, 203.0.113.9')).ip).toBe('203.0.113.9');
    expect((await seenAs(t, '10.0.0.2', '6.6.6.6, 203.0.113.9, 10.1.1.1')).ip).toBe('203.0.113.9');
    // A client talking to the server directly is not a listed proxy: its header is ignored.
    expect((await seenAs(t, '198.51.100.5', '6.6.6.6')).ip).toBe('198.51.100.5');
    expect((await seenAs(t, '198.51.100.5', '6.6.6.6')).protocol).toBe('http');
  });
});

describe('TRUST_PROXY=0 (no proxy)', () => {
  it('ignores X-Forwarded-For altogether', async () => {
    const t = await appTrusting(false);
    expect((await seenAs(t, '198.51.100.5', '6.6.6.6')).ip).toBe('198.51.100.5');
  });
});
