import { smsParts } from '@madreseh/contract/notifications/notifications.contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, smsOptOuts } from '../../db/schema/notifications';
import { settings } from '../../db/schema/site';
import { recordManualPayment } from '../payments/receipts.service';
import { actor, issue, recording, sign, smsRows, student1, t, useNotificationsApp } from './notifications.fixtures';
import { enqueue } from './outbox';
import { fakeProvider, fakeSmsLog } from './providers';
import { backoffMs, MAX_ATTEMPTS, pollDelivery, sendDue } from './sender';

// The outbox and its sender: queued once, sent with retries, delivery polled.

useNotificationsApp();

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
