import { OTP_RULES } from '@madreseh/contract/auth/auth.contract';
import { contract } from '@madreseh/contract/endpoints';
import { isoDateInTehran } from '@madreseh/contract/jalali';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema/notifications';
import { otpCodes } from '../../db/schema/parents';
import { rateLimits } from '../../db/schema/system';
import { addressOf, useTestApp } from '../../test/test-app';
import { fakeSmsLog } from '../notifications/providers';
import { DEMO_PARENT_MOBILE } from '../parents/parents.seed';

/** The last sign-in code the fake SMS provider took to `mobile`, read off the text a phone would show. */
function lastOtpSentTo(mobile: string): string | undefined {
  const sms = fakeSmsLog.filter((m) => m.mobile === mobile && m.text.includes('کد ورود')).at(-1);
  return sms?.text.match(/\b(\d{6})\b/)?.[1];
}

const t = useTestApp();
let ipCount = 0;
const nextIp = () => `198.51.100.${++ipCount}`;

/** Asks for a code and waits for the work done after the answer (the SMS), as a phone would. */
const request = async (mobile: string, ip = nextIp()) => {
  const res = await t.inject({
    method: 'POST',
    url: addressOf(contract.auth.otpRequest),
    payload: { mobile },
    remoteAddress: ip,
  });
  await t.app.background.settled();
  return res;
};
const verify = (mobile: string, code: string, ip = nextIp()) =>
  t.inject({ method: 'POST', url: addressOf(contract.auth.otpVerify), payload: { mobile, code }, remoteAddress: ip });

/** Starts each case from no codes and no counters. */
async function reset() {
  await t.db.delete(otpCodes);
  await t.db.execute(sql`delete from rate_limits where key like 'otp-%'`);
}

describe('one-time sign-in codes for parents', () => {
  it('signs a parent in with the code sent to their mobile, once', async () => {
    await reset();
    const res = await request(DEMO_PARENT_MOBILE);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, expiresInS: 120 });
    const code = lastOtpSentTo(DEMO_PARENT_MOBILE) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    // Only a salted hash is kept.
    const [row] = await t.db.select().from(otpCodes).where(eq(otpCodes.mobile, DEMO_PARENT_MOBILE));
    expect(row?.codeHash).not.toContain(code);
    // The SMS is counted with the month's messages, its text kept with the code hidden.
    const [sent] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.template, 'sign_in_code'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(sent).toMatchObject({ channel: 'sms', mobile: DEMO_PARENT_MOBILE, state: 'sent', essential: true });
    expect(sent?.body).not.toContain(code);
    expect(sent?.body).toContain('••••••');

    const ok = await verify(DEMO_PARENT_MOBILE, code);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({ role: 'parent', id: await t.userId('parent1') });
    const kids = await t.call(contract.parent.children, { headers: t.as(ok.json().token) });
    expect(kids.json().items).toHaveLength(2);

    // Single use: the same code again is refused.
    const again = await verify(DEMO_PARENT_MOBILE, code);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toContain('کد ورود');
  });

  it('refuses a wrong code, and spends the code after five wrong tries', async () => {
    await reset();
    await request(DEMO_PARENT_MOBILE);
    const code = lastOtpSentTo(DEMO_PARENT_MOBILE) ?? '';
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(DEMO_PARENT_MOBILE, wrong)).statusCode).toBe(401);
    expect((await verify(DEMO_PARENT_MOBILE, code)).statusCode).toBe(401);
    // A malformed code is a 400 with a Persian message.
    const bad = await verify(DEMO_PARENT_MOBILE, '12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields?.code).toBe('کد ورود شش رقم است.');
  });

  it('refuses a code after its two minutes', async () => {
    await reset();
    await request(DEMO_PARENT_MOBILE);
    const code = lastOtpSentTo(DEMO_PARENT_MOBILE) ?? '';
    await t.db.update(otpCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await verify(DEMO_PARENT_MOBILE, code)).statusCode).toBe(401);
  });

  it('a new code replaces the one before', async () => {
    await reset();
    await request(DEMO_PARENT_MOBILE);
    const first = lastOtpSentTo(DEMO_PARENT_MOBILE) ?? '';
    await request(DEMO_PARENT_MOBILE);
    const second = lastOtpSentTo(DEMO_PARENT_MOBILE) ?? '';
    if (first !== second) expect((await verify(DEMO_PARENT_MOBILE, first)).statusCode).toBe(401);
    expect((await verify(DEMO_PARENT_MOBILE, second)).statusCode).toBe(200);
  });

  it('limits requests per mobile and per address', async () => {
    await reset();
    for (let i = 0; i < 3; i++) expect((await request(DEMO_PARENT_MOBILE)).statusCode).toBe(200);
    const limited = await request(DEMO_PARENT_MOBILE);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    await reset();
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      expect((await request(`0912000${String(1000 + i)}`, ip)).statusCode).toBe(200);
    }
    expect((await request('09120009999', ip)).statusCode).toBe(429);
  });

  it('answers a mobile that is no parent’s the same, and sends nothing', async () => {
    await reset();
    const res = await request('09199998877');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, expiresInS: 120 });
    expect(lastOtpSentTo('09199998877')).toBeUndefined();
    expect(await t.db.select().from(otpCodes)).toHaveLength(0);
  });

  it('caps wrong codes per number a day from any addresses, then waits for the next day and tells staff', async () => {
    await reset();
    await t.db.execute(sql`delete from rate_limits where key like 'otp-wrong:%'`);
    const { attempts, wrongPerMobileDaily } = OTP_RULES;
    const wrongChecked = async () =>
      (await t.db.select({ a: otpCodes.attempts }).from(otpCodes).where(eq(otpCodes.mobile, DEMO_PARENT_MOBILE)))
        .map((r) => r.a)
        .reduce((a, b) => a + b, 0);
    const statuses: number[] = [];
    // A code asked for and five wrong guesses, every request from another address; the request
    // windows pass between rounds (simulated: their counters start earlier).
    for (let round = 0; round < 6; round++) {
      await request(DEMO_PARENT_MOBILE);
      const code = lastOtpSentTo(DEMO_PARENT_MOBILE) ?? '';
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < attempts; i++) statuses.push((await verify(DEMO_PARENT_MOBILE, wrong)).statusCode);
      await t.db.execute(
        sql`update rate_limits set window_start = window_start - interval '11 minutes' where key like 'otp-request:%' or key like 'otp-verify:%'`,
      );
    }
    expect(await wrongChecked()).toBe(wrongPerMobileDaily);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    // Any code waits for the next day now; the answer says so in Persian.
    const refused = await verify(DEMO_PARENT_MOBILE, lastOtpSentTo(DEMO_PARENT_MOBILE) ?? '');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toContain('فردا');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const alerts = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'otp-guesses-capped'`,
    );
    expect(alerts[0]?.n).toBe(1);
    // A number that is no parent's is capped the same way: the cap tells nothing.
    for (let i = 0; i < wrongPerMobileDaily; i++) expect((await verify('09199998877', '123456')).statusCode).toBe(401);
    expect((await verify('09199998877', '123456')).statusCode).toBe(429);
    await t.db.execute(sql`delete from rate_limits where key like 'otp-wrong:%'`);
  });

  it('codes have their own budget a day, per number and per school, which staff see', async () => {
    await reset();
    const codesSent = () =>
      fakeSmsLog.filter((m) => m.mobile === DEMO_PARENT_MOBILE && m.text.includes('کد ورود')).length;
    const passWindows = () =>
      t.db.execute(
        sql`update rate_limits set window_start = window_start - interval '11 minutes' where key like 'otp-request:%'`,
      );
    // Anonymous requests from many addresses, the request windows passing: five codes a day to a number.
    const before = codesSent();
    for (let i = 0; i < 3 * OTP_RULES.codesPerMobileDaily; i++) {
      expect((await request(DEMO_PARENT_MOBILE)).statusCode).toBe(200);
      if (i % OTP_RULES.perMobile === OTP_RULES.perMobile - 1) await passWindows();
    }
    expect(codesSent() - before).toBe(OTP_RULES.codesPerMobileDaily);

    // The school's budget: the day has used all but one of its codes.
    await reset();
    const day = isoDateInTehran();
    const superadmin = t.as(await t.sessionFor('superadmin'));
    const cap = (await t.call(contract.notifications.getSettings, { headers: superadmin })).json().otpToday.dailyCap;
    expect(cap).toBeGreaterThan(0);
    await t.db.insert(rateLimits).values({ key: `otp-sms:school:${day}`, windowStart: new Date(), count: cap - 1 });
    const last = codesSent();
    await request(DEMO_PARENT_MOBILE);
    await request(DEMO_PARENT_MOBILE);
    expect(codesSent() - last).toBe(1);
    const view = (await t.call(contract.notifications.getSettings, { headers: superadmin })).json();
    expect(view.otpToday).toEqual({ sent: cap, dailyCap: cap });
    const alerts = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from audit_log where action = 'otp-sms-cap-reached'`,
    );
    expect(alerts[0]?.n).toBe(1);
    await reset();
  });
});
