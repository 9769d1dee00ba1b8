import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { contract } from '@madreseh/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { otpCodes } from '../../db/schema/parents';
import { addressOf, useTestApp } from '../../test/test-app';
import { DEMO_PARENT_MOBILE } from '../parents/parents.seed';

/**
 * A Kavenegar imitation that holds every request until the test lets it answer: a provider slower
 * than anything, to prove the code request never waits for it.
 */
let server: Server;
const held: { url: string; res: ServerResponse }[] = [];
let arrived: () => void = () => {};
let answer = { status: 200, body: { return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 1 }] } };
function nextArrival(): Promise<void> {
  return new Promise((r) => {
    arrived = r;
  });
}
function releaseAll() {
  for (const { res } of held.splice(0)) {
    res.statusCode = answer.status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(answer.body));
  }
}

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      held.push({ url: req.url ?? '', res });
      arrived();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(() => {
  releaseAll();
  return new Promise<void>((r) => server.close(() => r()));
});

const t = useTestApp({
  config: {
    sms: {
      provider: 'kavenegar',
      apiKey: 'KEY',
      otpTemplate: 'madreseh-code',
      get baseUrl() {
        return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      },
    },
  },
});

let ipCount = 0;
const request = (mobile: string) =>
  t.inject({
    method: 'POST',
    url: addressOf(contract.auth.otpRequest),
    payload: { mobile },
    remoteAddress: `203.0.113.${++ipCount}`,
  });
const STRANGER = '09199998877';

describe('asking for a one-time code tells no parent’s number apart', () => {
  it('answers a parent’s number and any other the same, before the provider answers', async () => {
    await t.db.delete(otpCodes);
    const calling = nextArrival();
    // The provider holds the parent's SMS: both answers come while it has not answered.
    const parent = await request(DEMO_PARENT_MOBILE);
    const stranger = await request(STRANGER);
    expect(parent.statusCode).toBe(200);
    expect([stranger.statusCode, stranger.body]).toEqual([parent.statusCode, parent.body]);
    expect(parent.json()).toEqual({ ok: true, expiresInS: 120 });
    // The SMS goes after the answer, to the parent only, through the outbox.
    await calling;
    expect(held).toHaveLength(1);
    // Through the provider's code route, with the school's template.
    expect(held[0]?.url).toBe('/v1/KEY/verify/lookup.json');
    releaseAll();
    await t.app.background.settled();
    const rows = await t.db.select().from(notifications).where(eq(notifications.template, 'sign_in_code'));
    expect(rows.map((r) => [r.mobile, r.state])).toEqual([[DEMO_PARENT_MOBILE, 'sent']]);
  });

  it('a provider that refuses changes no answer; the refusal is kept for staff', async () => {
    await t.db.delete(otpCodes);
    await t.db.execute(sql`delete from rate_limits where key like 'otp-%'`);
    answer = { status: 403, body: { return: { status: 403, message: 'کلید نامعتبر' }, entries: [] } as never };
    const calling = nextArrival();
    const parent = await request(DEMO_PARENT_MOBILE);
    const stranger = await request(STRANGER);
    expect([parent.statusCode, parent.body]).toEqual([stranger.statusCode, stranger.body]);
    expect(parent.statusCode).toBe(200);
    await calling;
    releaseAll();
    await t.app.background.settled();
    const [row] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.template, 'sign_in_code'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(row).toMatchObject({ mobile: DEMO_PARENT_MOBILE, state: 'failed' });
    expect(row?.lastError).toContain('403');
  });
});
