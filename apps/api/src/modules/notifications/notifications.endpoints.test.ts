import { notificationsContract as c } from '@madreseh/contract/notifications/notifications.contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, smsOptOuts } from '../../db/schema/notifications';
import { DEMO_PARENT_MOBILE } from '../parents/parents.seed';
import { recordManualPayment } from '../payments/receipts.service';
import {
  actor,
  adminToken,
  issue,
  sign,
  smsRows,
  student1,
  studentToken,
  superToken,
  t,
  useNotificationsApp,
} from './notifications.fixtures';
import { enqueue } from './outbox';

// The notification endpoints: a student's messages, staff's messages to families, settings and the SMS log.

useNotificationsApp();

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
