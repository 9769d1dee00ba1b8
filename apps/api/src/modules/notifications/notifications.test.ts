import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { notificationsContract as c, smsParts } from '@madreseh/contract/notifications/notifications.contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications, smsOptOuts } from '../../db/schema/notifications';
import { invoices, payments } from '../../db/schema/payments';
import { preRegistrations } from '../../db/schema/pre-register';
import { students } from '../../db/schema/school';
import { settings } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { createTestApp, type TestApp } from '../../test/test-app';
import { DEMO_PARENT_MOBILE } from '../parents/parents.seed';
import { SandboxGateway } from '../payments/gateways';
import { createInvoice } from '../payments/invoices.service';
import { settlePayment } from '../payments/online-payments';
import { decideReceipt, recordManualPayment } from '../payments/receipts.service';
import { setStatus } from '../pre-register/pre-register.service';
import { publish } from '../report-cards/report-cards.service';
import { enqueue } from './outbox';
import { fakeProvider, fakeSmsLog, kavenegarProvider, type SmsProvider, smsirProvider } from './providers';
import { enqueueDueReminders } from './reminders';
import { backoffMs, MAX_ATTEMPTS, pollDelivery, sendDue } from './sender';

let t: TestApp;
let actor: Actor;
let student1: { id: number; userId: number; groupId: number; parentMobile: string };
/** parent1's account, linked to student1 (the record's parent mobile is the same number). */
let parent1UserId: number;
let studentToken: string;
let adminToken: string;
let superToken: string;
const sign = (k: string) => k;
let due = 0;
const nextDue = () => new Date(Date.UTC(2027, 5, 1) + ++due * 86_400_000).toISOString().slice(0, 10);

/** A provider that records sends and fails the first `failures` of them. */
function recording(failures = 0, error = 'network down'): SmsProvider & { sent: { mobile: string; text: string }[] } {
  let left = failures;
  const sent: { mobile: string; text: string }[] = [];
  return {
    name: 'fake',
    sent,
    async send(mobile, text) {
      if (left > 0) {
        left--;
        return { ok: false, error };
      }
      sent.push({ mobile, text });
      return { ok: true, messageId: `m${sent.length}` };
    },
  };
}

const smsRows = () => t.db.select().from(notifications).where(eq(notifications.channel, 'sms'));

beforeAll(async () => {
  t = await createTestApp();
  const userId = await t.userId('student1');
  const [s] = await t.db.select().from(students).where(eq(students.userId, userId));
  if (!s?.groupId) throw new Error('student1 has no class');
  await t.db.update(students).set({ parentMobile: DEMO_PARENT_MOBILE }).where(eq(students.id, s.id));
  student1 = { id: s.id, userId, groupId: s.groupId, parentMobile: DEMO_PARENT_MOBILE };
  parent1UserId = await t.userId('parent1');
  actor = { userId: await t.userId('admin'), role: 'admin', ip: '127.0.0.1' };
  studentToken = await t.sessionFor('student1');
  adminToken = await t.sessionFor('admin');
  superToken = await t.sessionFor('superadmin');
});
afterAll(() => t?.close());
beforeEach(async () => {
  // Each test starts with an empty outbox and no opt-outs (the SMS of other tests are not its business).
  await t.db.delete(notifications);
  await t.db.delete(smsOptOuts);
  await t.db.delete(settings).where(eq(settings.key, 'notifications'));
});

const issue = () =>
  createInvoice(t.db, actor, student1.id, { title: 'شهریه', amount: 12_000_000, dueDate: nextDue() }, sign);

describe('outbox', () => {
  it('writes nothing when the event’s transaction fails', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await enqueue(tx, { kind: 'staff_message', messageId: 'rolled-back', studentId: student1.id, text: 'سلام' });
        throw new Error('the event failed');
      }),
    ).rejects.toThrow('the event failed');
    expect(await t.db.select().from(notifications)).toHaveLength(0);
    const p = recording();
    expect((await sendDue(t.db, { provider: p })).sent).toBe(0);
    expect(p.sent).toHaveLength(0);
  });

  it('sends once what committed before a crash, however many senders run', async () => {
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'crash', studentId: student1.id, text: 'پیش از خرابی' }),
    );
    // The event is told again after the restart (a retried request): the key keeps it one row.
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'crash', studentId: student1.id, text: 'پیش از خرابی' }),
    );
    const p = recording();
    const reports = await Promise.all([sendDue(t.db, { provider: p }), sendDue(t.db, { provider: p })]);
    await sendDue(t.db, { provider: p });
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(p.sent).toEqual([{ mobile: student1.parentMobile, text: expect.stringContaining('پیش از خرابی') }]);
    const [row] = await smsRows();
    expect(row?.state).toBe('sent');
    expect(row?.parts).toBe(smsParts(row?.body ?? ''));
  });

  it('takes again a row whose sender died after claiming it, once its lease is over', async () => {
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'lease', studentId: student1.id, text: 'اجاره' }),
    );
    const now = new Date();
    // A sender claimed it and died (the lease is set, the row never settled).
    await t.db.update(notifications).set({ claimedUntil: new Date(now.getTime() + 60_000), attempts: 1 });
    const p = recording();
    expect((await sendDue(t.db, { provider: p, now: () => now })).sent).toBe(0);
    expect((await sendDue(t.db, { provider: p, now: () => new Date(now.getTime() + 61_000) })).sent).toBe(1);
    expect(p.sent).toHaveLength(1);
  });
});

describe('sender', () => {
  it('retries with back-off 1, 2, 4, 8 minutes, then succeeds', async () => {
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'retry', studentId: student1.id, text: 'دوباره' }),
    );
    const p = recording(2);
    let now = new Date();
    const clock = () => now;
    expect(await sendDue(t.db, { provider: p, now: clock })).toMatchObject({ retried: 1, sent: 0 });
    let [row] = await smsRows();
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
    expect(row?.lastError).toBe('network down');
    // Not due yet: nothing happens.
    now = new Date(now.getTime() + 30_000);
    expect(await sendDue(t.db, { provider: p, now: clock })).toMatchObject({ retried: 0, sent: 0 });
    now = new Date(now.getTime() + 31_000);
    expect(await sendDue(t.db, { provider: p, now: clock })).toMatchObject({ retried: 1 });
    [row] = await smsRows();
    expect(row?.nextAttemptAt.getTime()).toBe(now.getTime() + 120_000);
    now = new Date(now.getTime() + 120_000);
    expect(await sendDue(t.db, { provider: p, now: clock })).toMatchObject({ sent: 1 });
    [row] = await smsRows();
    expect(row).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
    expect([1, 2, 3, 4].map(backoffMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it('gives up after the last attempt with the reason', async () => {
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'give-up', studentId: student1.id, text: 'نمی‌رسد' }),
    );
    const p = recording(100, 'kavenegar 502: bad gateway');
    let now = Date.now();
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      await sendDue(t.db, { provider: p, now: () => new Date(now) });
      now += 60 * 60_000;
    }
    const [row] = await smsRows();
    expect(row).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, lastError: 'kavenegar 502: bad gateway' });
    expect(await sendDue(t.db, { provider: p, now: () => new Date(now) })).toMatchObject({ sent: 0, failed: 0 });
  });

  it('stops at the daily cap and sends the rest the next day', async () => {
    await t.db.insert(settings).values({ key: 'notifications', value: { dailyCap: 2 } });
    await t.db.transaction((tx) =>
      enqueue(
        tx,
        ['۱', '۲', '۳'].map((n) => ({
          kind: 'staff_message' as const,
          messageId: `cap-${n}`,
          studentId: student1.id,
          text: `پیام ${n}`,
        })),
      ),
    );
    const p = recording();
    const now = new Date();
    expect(await sendDue(t.db, { provider: p, now: () => now })).toMatchObject({ sent: 2, capped: true });
    expect(await sendDue(t.db, { provider: p, now: () => now })).toMatchObject({ sent: 0, capped: true });
    expect(await sendDue(t.db, { provider: p, now: () => new Date(now.getTime() + 86_400_000) })).toMatchObject({
      sent: 1,
    });
    // The environment wins over the saved cap.
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'cap-env', studentId: student1.id, text: 'env' }),
    );
    expect(
      await sendDue(t.db, { provider: p, env: { dailyCap: 0 }, now: () => new Date(now.getTime() + 86_400_000) }),
    ).toMatchObject({ sent: 1 });
  });

  it('skips opted-out numbers for ordinary messages but always sends payment messages', async () => {
    await t.db.insert(smsOptOuts).values({ mobile: student1.parentMobile });
    const inv = await issue();
    await recordManualPayment(t.db, actor, inv.id, { amount: 1_000_000 }, sign);
    const rows = await smsRows();
    expect(rows.map((r) => r.template)).toEqual(['payment_confirmed']);
    expect(rows[0]?.essential).toBe(true);
    // In the bell both are there.
    const inApp = await t.db.select().from(notifications).where(eq(notifications.userId, student1.userId));
    expect(inApp.map((r) => r.template).sort()).toEqual(['invoice_issued', 'payment_confirmed']);
  });

  it('reads delivery reports from the provider', async () => {
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'dlr', studentId: student1.id, text: 'رسید؟' }),
    );
    const before = fakeSmsLog.length;
    const fake = fakeProvider();
    await sendDue(t.db, { provider: fake });
    expect(fakeSmsLog.length).toBe(before + 1);
    expect(await pollDelivery(t.db, { provider: fake })).toEqual({ delivered: 1, failed: 0 });
    const [row] = await smsRows();
    expect(row?.state).toBe('delivered');
  });
});

describe('events', () => {
  async function messagesOf(template: string) {
    return t.db.select().from(notifications).where(eq(notifications.template, template));
  }

  it('invoice issued: the student in the bell and the parent by SMS, with the school and amount', async () => {
    const inv = await issue();
    const rows = await messagesOf('invoice_issued');
    // parent1 is linked to student1 and their mobile is the record's: one SMS, two bells.
    expect(rows.map((r) => `${r.channel}:${r.userId ?? r.mobile}`).sort()).toEqual(
      [`in_app:${student1.userId}`, `in_app:${parent1UserId}`, `sms:${student1.parentMobile}`].sort(),
    );
    expect(rows[0]?.body).toContain('شهریه');
    expect(rows[0]?.body).toContain('۱۲٬۰۰۰٬۰۰۰ ریال');
    expect(rows[0]?.idempotencyKey).toContain(`invoice_issued:${inv.id}`);
  });

  it('invoice issued to student1 reaches parent1’s bell and parent1’s mobile in the fake provider', async () => {
    // The record holds another number: both get the SMS, each once.
    await t.db.update(students).set({ parentMobile: '09121110001' }).where(eq(students.id, student1.id));
    try {
      await issue();
    } finally {
      await t.db.update(students).set({ parentMobile: DEMO_PARENT_MOBILE }).where(eq(students.id, student1.id));
    }
    const rows = await messagesOf('invoice_issued');
    expect(rows.filter((r) => r.channel === 'in_app').map((r) => r.userId)).toContain(parent1UserId);
    expect(
      rows
        .filter((r) => r.channel === 'sms')
        .map((r) => r.mobile)
        .sort(),
    ).toEqual(['09121110001', DEMO_PARENT_MOBILE].sort());
    const before = fakeSmsLog.length;
    await sendDue(t.db, { provider: fakeProvider() });
    const sent = fakeSmsLog.slice(before);
    expect(sent.filter((m) => m.mobile === DEMO_PARENT_MOBILE)).toHaveLength(1);
    expect(sent.find((m) => m.mobile === DEMO_PARENT_MOBILE)?.text).toContain('شهریه');
  });

  it('payment confirmed, receipt approved and rejected with its reason', async () => {
    const inv = await issue();
    await recordManualPayment(t.db, actor, inv.id, { amount: 2_000_000 }, sign);
    expect(await messagesOf('payment_confirmed')).toHaveLength(3);
    const receipt = async (n: string) => {
      const [p] = await t.db
        .insert(payments)
        .values({
          invoiceId: inv.id,
          method: 'card_to_card',
          amount: 1_000_000,
          status: 'pending',
          trackingNumber: `TR${n}${Date.now()}`,
          cardMasked: '************1234',
          transferredAt: new Date(),
        })
        .returning({ id: payments.id });
      return p?.id ?? 0;
    };
    await decideReceipt(t.db, actor, await receipt('a'), { approve: true }, sign);
    await decideReceipt(t.db, actor, await receipt('b'), { approve: false, reason: 'مبلغ با رسید نمی‌خواند' }, sign);
    expect(await messagesOf('receipt_approved')).toHaveLength(3);
    const rejected = await messagesOf('receipt_rejected');
    expect(rejected).toHaveLength(3);
    expect(rejected[0]?.body).toContain('مبلغ با رسید نمی‌خواند');
  });

  it('online payment confirmed through the test gateway', async () => {
    const inv = await issue();
    const authority = `SBX${'AB'.repeat(16)}`;
    const [p] = await t.db
      .insert(payments)
      .values({
        invoiceId: inv.id,
        method: 'gateway',
        amount: 500_000,
        status: 'pending',
        gateway: 'sandbox',
        authority,
      })
      .returning();
    if (!p) throw new Error('insert');
    const quiet = { info() {}, warn() {}, error() {} };
    const outcome = await settlePayment(t.db, new SandboxGateway(), p.id, quiet, {
      failIfUnpaid: true,
      actor,
      source: 'callback',
    });
    expect(outcome).toBe('credited');
    const told = await messagesOf('payment_confirmed');
    expect(told.map((r) => r.channel).sort()).toEqual(['in_app', 'in_app', 'sms']);
    expect(told[0]?.body).toContain('۵۰۰٬۰۰۰ ریال');
  });

  it('report card published, once per card', async () => {
    await publish(t.db, actor, { groupId: student1.groupId, term: 'first', published: true });
    const first = await messagesOf('report_card_published');
    expect(first.some((r) => r.userId === student1.userId)).toBe(true);
    await publish(t.db, actor, { groupId: student1.groupId, term: 'first', published: true });
    expect(await messagesOf('report_card_published')).toHaveLength(first.length);
  });

  it('pre-registration status changed: to the applicant’s father', async () => {
    const [pr] = await t.db.select().from(preRegistrations).where(eq(preRegistrations.status, 'new')).limit(1);
    if (!pr) throw new Error('no new pre-registration in the demo');
    await setStatus(t.db, actor, pr.id, 'reviewing', '', actor.userId ?? 0);
    const rows = await messagesOf('pre_register_status');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ channel: 'sms', mobile: pr.fatherMobile });
    expect(rows[0]?.body).toContain('در حال بررسی');
  });

  it('due-date reminder: N days before, once per invoice and day, not for paid ones', async () => {
    const now = new Date();
    const inThree = new Date(now.getTime() + 3 * 86_400_000 + 3.5 * 3_600_000).toISOString().slice(0, 10);
    const [open] = await t.db
      .insert(invoices)
      .values({ studentId: student1.id, title: 'یادآوری', amount: 3_000_000, dueDate: inThree })
      .returning();
    const [paid] = await t.db
      .insert(invoices)
      .values({ studentId: student1.id, title: 'پرداخت‌شده', amount: 1_000_000, dueDate: inThree })
      .returning();
    if (!open || !paid) throw new Error('insert');
    await t.db
      .insert(payments)
      .values({ invoiceId: paid.id, method: 'manual', amount: 1_000_000, status: 'succeeded' });
    const first = await enqueueDueReminders(t.db, { now });
    const again = await enqueueDueReminders(t.db, { now });
    expect(first.invoices).toBeGreaterThanOrEqual(1);
    expect(again.queued).toBe(0);
    const rows = await messagesOf('due_reminder');
    expect(rows.filter((r) => r.idempotencyKey.startsWith(`due_reminder:${open.id}:`))).toHaveLength(3);
    expect(rows.some((r) => r.idempotencyKey.startsWith(`due_reminder:${paid.id}:`))).toBe(false);
  });
});

describe('endpoints', () => {
  it('staff preview and send a class message; the student reads it in the bell', async () => {
    const body = { audience: 'group', groupId: student1.groupId, text: 'جلسهٔ اولیا پنجشنبه ساعت ۱۰ است.' };
    const preview = await t.call(c.preview, { body, headers: t.as(adminToken) });
    expect(preview.statusCode, preview.body).toBe(200);
    const p = preview.json();
    expect(p.students).toBeGreaterThanOrEqual(1);
    expect(p.smsRecipients).toBeGreaterThanOrEqual(1);
    expect(p.totalParts).toBe(p.partsEach * p.smsRecipients);
    expect(await t.db.select().from(notifications)).toHaveLength(0);

    const sent = await t.call(c.send, { body, headers: t.as(adminToken) });
    expect(sent.statusCode, sent.body).toBe(201);
    expect((await t.call(c.unread, { headers: t.as(studentToken) })).json()).toEqual({ count: 1 });
    const list = (await t.call(c.mine, { headers: t.as(studentToken) })).json();
    expect(list.items[0]).toMatchObject({ template: 'staff_message', read: false });
    expect(list.items[0].text).toContain('جلسهٔ اولیا');
    const read = await t.call(c.markRead, { body: {}, headers: t.as(studentToken) });
    expect(read.json()).toEqual({ ok: true, count: 1 });
    expect((await t.call(c.unread, { headers: t.as(studentToken) })).json()).toEqual({ count: 0 });

    const log = (await t.call(c.smsLog, { headers: t.as(adminToken) })).json();
    expect(log.items.length).toBeGreaterThanOrEqual(1);
    expect(log.items[0].state).toBe('queued');
  });

  it('a student reads and marks only their own notifications', async () => {
    await issue();
    const [mine] = await t.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.userId, student1.userId));
    if (!mine) throw new Error('no notification for student1');
    const other = await t.sessionFor('student2');
    expect((await t.call(c.mine, { headers: t.as(other) })).json().items).toEqual([]);
    const marked = await t.call(c.markRead, { body: { ids: [mine.id] }, headers: t.as(other) });
    expect(marked.json()).toEqual({ ok: true, count: 0 });
    expect((await t.call(c.unread, { headers: t.as(studentToken) })).json()).toEqual({ count: 1 });
    // Staff have no bell of their own here.
    expect((await t.call(c.unread, { headers: t.as(adminToken) })).statusCode).toBe(403);
  });

  it('a parent reads their own bell and marks it read; a student token cannot', async () => {
    await issue();
    const parentToken = await t.sessionFor('parent1');
    expect((await t.call(c.parentUnread, { headers: t.as(parentToken) })).json()).toEqual({ count: 1 });
    const list = (await t.call(c.parentMine, { headers: t.as(parentToken) })).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ template: 'invoice_issued', read: false });
    // The child's own bell is separate.
    expect((await t.call(c.unread, { headers: t.as(studentToken) })).json()).toEqual({ count: 1 });
    const read = await t.call(c.parentMarkRead, { body: {}, headers: t.as(parentToken) });
    expect(read.json()).toEqual({ ok: true, count: 1 });
    expect((await t.call(c.parentUnread, { headers: t.as(parentToken) })).json()).toEqual({ count: 0 });
    expect((await t.call(c.unread, { headers: t.as(studentToken) })).json()).toEqual({ count: 1 });
    expect((await t.call(c.parentUnread, { headers: t.as(studentToken) })).statusCode).toBe(403);
  });

  it('a parent turns non-essential SMS off and on; payments still reach them', async () => {
    const parentToken = await t.sessionFor('parent1');
    const got = await t.call(c.smsPreferences, { headers: t.as(parentToken) });
    expect(got.json()).toEqual({ optional: true, mobile: DEMO_PARENT_MOBILE });
    const off = await t.call(c.putSmsPreferences, { body: { optional: false }, headers: t.as(parentToken) });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ optional: false, mobile: DEMO_PARENT_MOBILE });
    // Twice is the same.
    await t.call(c.putSmsPreferences, { body: { optional: false }, headers: t.as(parentToken) });
    expect(await t.db.select().from(smsOptOuts).where(eq(smsOptOuts.mobile, DEMO_PARENT_MOBILE))).toHaveLength(1);

    const inv = await issue();
    await recordManualPayment(t.db, actor, inv.id, { amount: 1_000_000 }, sign);
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'opt-out', studentId: student1.id, text: 'اردو' }),
    );
    expect((await smsRows()).map((r) => r.template)).toEqual(['payment_confirmed']);
    // In the bell everything is there.
    expect((await t.call(c.parentUnread, { headers: t.as(parentToken) })).json()).toEqual({ count: 3 });

    const on = await t.call(c.putSmsPreferences, { body: { optional: true }, headers: t.as(parentToken) });
    expect(on.json()).toEqual({ optional: true, mobile: DEMO_PARENT_MOBILE });
    await t.db.transaction((tx) =>
      enqueue(tx, { kind: 'staff_message', messageId: 'opt-in', studentId: student1.id, text: 'اردو' }),
    );
    expect((await smsRows()).map((r) => r.template).sort()).toEqual(['payment_confirmed', 'staff_message']);
    const bad = await t.call(c.putSmsPreferences, { body: { optional: 'yes' }, headers: t.as(parentToken) });
    expect(bad.statusCode).toBe(400);
    expect((await t.call(c.smsPreferences, { headers: t.as(studentToken) })).statusCode).toBe(403);
  });

  it('refuses a class message without a class, in Persian', async () => {
    const res = await t.call(c.preview, { body: { audience: 'group', text: 'سلام' }, headers: t.as(adminToken) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/کلاس/);
  });

  it('keeps the API key write-only and lets only the super-admin change settings', async () => {
    const got = (await t.call(c.getSettings, { headers: t.as(superToken) })).json();
    expect(got.apiKeySet).toBe(false);
    const put = await t.call(c.putSettings, {
      headers: t.as(superToken),
      body: {
        ...got,
        provider: 'kavenegar',
        apiKey: 'SECRET-KEY-123',
        sender: '10004346',
        apiKeySet: undefined,
        fromEnv: undefined,
        month: undefined,
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.body).not.toContain('SECRET-KEY-123');
    expect(put.json()).toMatchObject({ provider: 'kavenegar', apiKeySet: true, sender: '10004346' });
    // Saving again without a key keeps it.
    const again = await t.call(c.putSettings, {
      headers: t.as(superToken),
      body: {
        provider: 'kavenegar',
        sender: '10004346',
        dailyCap: 100,
        reminderDaysBefore: 2,
        templates: got.templates,
      },
    });
    expect(again.json().apiKeySet).toBe(true);
    const audit = await t.db.execute(
      sql`select details::text as d from audit_log where entity = 'settings' and entity_id = 'notifications'`,
    );
    expect(JSON.stringify(audit)).not.toContain('SECRET-KEY-123');
    expect((await t.call(c.getSettings, { headers: t.as(adminToken) })).statusCode).toBe(403);
  });
});

describe('providers over HTTP', () => {
  let server: Server;
  let base: string;
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/v1/BADKEY/')) {
          res.statusCode = 418;
          res.end(JSON.stringify({ return: { status: 418, message: 'اعتبار کافی نیست' }, entries: null }));
        } else if (req.url?.includes('/sms/send.json'))
          res.end(JSON.stringify({ return: { status: 200, message: 'تایید شد' }, entries: [{ messageid: 8792343 }] }));
        else if (req.url?.includes('/sms/status.json'))
          res.end(JSON.stringify({ return: { status: 200 }, entries: [{ messageid: 8792343, status: 10 }] }));
        else if (req.url === '/v1/send/bulk')
          res.end(JSON.stringify({ status: 1, message: 'موفق', data: { packId: 'x', messageIds: [55], cost: 1 } }));
        else if (req.url === '/v1/send/55')
          res.end(JSON.stringify({ status: 1, data: { messageId: 55, deliveryState: 2 } }));
        else {
          res.statusCode = 404;
          res.end('{}');
        }
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('Kavenegar: key in the path, form fields receptor, sender, message; status 10 is delivered', async () => {
    const k = kavenegarProvider({ apiKey: 'KEY1', sender: '10004346', baseUrl: base });
    expect(await k.send('09121110001', 'سلام مدرسه')).toEqual({ ok: true, messageId: '8792343' });
    const req = seen.at(-1);
    expect(req?.method).toBe('POST');
    expect(req?.url).toBe('/v1/KEY1/sms/send.json');
    expect(req?.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(req?.body))).toEqual({
      receptor: '09121110001',
      message: 'سلام مدرسه',
      sender: '10004346',
    });
    expect(await k.status?.(['8792343'])).toEqual(new Map([['8792343', 'delivered']]));
  });

  it('sms.ir: X-API-KEY header, JSON lineNumber, messageText, mobiles; state 2 is not delivered', async () => {
    const s = smsirProvider({ apiKey: 'KEY2', sender: '30007732', baseUrl: base });
    expect(await s.send('09121110001', 'سلام مدرسه')).toEqual({ ok: true, messageId: '55' });
    const req = seen.at(-1);
    expect(req?.url).toBe('/v1/send/bulk');
    expect(req?.headers['x-api-key']).toBe('KEY2');
    expect(JSON.parse(req?.body ?? '')).toEqual({
      lineNumber: 30007732,
      messageText: 'سلام مدرسه',
      mobiles: ['09121110001'],
    });
    expect(await s.status?.(['55'])).toEqual(new Map([['55', 'failed']]));
  });

  it('a refusal is a failed attempt with the provider’s reason', async () => {
    const k = kavenegarProvider({ apiKey: 'BADKEY', sender: '', baseUrl: base });
    expect(await k.send('09121110001', 'x')).toEqual({
      ok: false,
      error: 'kavenegar 418: اعتبار کافی نیست',
      permanent: true,
    });
  });
});

describe('SMS parts', () => {
  it('counts Persian at 70 in one part and 67 per part after', () => {
    expect(smsParts('س'.repeat(70))).toBe(1);
    expect(smsParts('س'.repeat(71))).toBe(2);
    expect(smsParts('س'.repeat(134))).toBe(2);
    expect(smsParts('س'.repeat(135))).toBe(3);
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('')).toBe(0);
  });
});
