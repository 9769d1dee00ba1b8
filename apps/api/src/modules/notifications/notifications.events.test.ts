import { contract } from '@madreseh/contract/endpoints';
import { formatMoney as pageMoney } from '@madreseh/contract/money';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { invoices, paymentSettings, payments } from '../../db/schema/payments';
import { preRegistrations } from '../../db/schema/pre-register';
import { students } from '../../db/schema/school';
import { DEMO_PARENT_MOBILE } from '../parents/parents.seed';
import { settleCheckout } from '../payments/checkout-settle';
import { SandboxGateway } from '../payments/gateways';
import { decideReceipt, recordManualPayment } from '../payments/receipts.service';
import { setStatus } from '../pre-register/pre-register.service';
import { publish } from '../report-cards/report-cards.service';
import {
  actor,
  issue,
  parent1UserId,
  sign,
  student1,
  studentToken,
  t,
  useNotificationsApp,
} from './notifications.fixtures';
import { fakeProvider, fakeSmsLog } from './providers';
import { enqueueDueReminders } from './reminders';
import { sendDue } from './sender';

// The school's events that queue a message: invoices, payments, pre-registrations, report cards.

useNotificationsApp();

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
    expect(rows[0]?.body).toContain('۱٬۲۰۰٬۰۰۰ تومان');
    expect(rows[0]?.idempotencyKey).toContain(`invoice_issued:${inv.id}`);
  });

  it('writes an amount in the bell and the SMS as the pages do, in the school’s money unit', async () => {
    const parentToken = await t.sessionFor('parent1');
    try {
      for (const unit of ['toman', 'rial'] as const) {
        await t.db.update(paymentSettings).set({ moneyUnit: unit });
        await t.db.delete(notifications);
        await issue();
        const page = await t.call(contract.payments.studentInvoices, { headers: t.as(studentToken) });
        expect(page.json().moneyUnit).toBe(unit);
        const shown = pageMoney(12_000_000, unit);
        expect(shown).toBe(unit === 'toman' ? '۱٬۲۰۰٬۰۰۰ تومان' : '۱۲٬۰۰۰٬۰۰۰ ریال');
        const bell = await t.call(contract.notifications.parentMine, { headers: t.as(parentToken) });
        const item = bell.json().items.find((n: { text: string }) => n.text.includes('شهریه'));
        expect(item?.text).toContain(`به مبلغ ${shown} صادر شد`);
        const before = fakeSmsLog.length;
        await sendDue(t.db, { provider: fakeProvider() });
        const sms = fakeSmsLog.slice(before).find((m) => m.mobile === DEMO_PARENT_MOBILE);
        expect(sms?.text).toContain(`به مبلغ ${shown} صادر شد`);
      }
    } finally {
      await t.db.update(paymentSettings).set({ moneyUnit: 'toman' });
    }
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
    const outcome = await settleCheckout(t.db, new SandboxGateway(), { kind: 'payment', id: p.id }, quiet, {
      failIfUnpaid: true,
      actor,
      source: 'callback',
    });
    expect(outcome).toBe('credited');
    const told = await messagesOf('payment_confirmed');
    expect(told.map((r) => r.channel).sort()).toEqual(['in_app', 'in_app', 'sms']);
    expect(told[0]?.body).toContain('۵۰٬۰۰۰ تومان');
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

  it('due-date reminder: as the ledger says, nothing for what a receipt waiting for approval covers', async () => {
    const now = new Date();
    const inThree = new Date(now.getTime() + 3 * 86_400_000 + 3.5 * 3_600_000).toISOString().slice(0, 10);
    const [covered, partly] = await t.db
      .insert(invoices)
      .values([
        { studentId: student1.id, title: 'سرویس مدرسه', amount: 2_500_000, dueDate: inThree },
        { studentId: student1.id, title: 'لباس فرم', amount: 3_000_000, dueDate: inThree },
      ])
      .returning();
    if (!covered || !partly) throw new Error('insert');
    // The family sent card-to-card receipts; the office has not looked at them yet.
    await t.db.insert(payments).values([
      { invoiceId: covered.id, method: 'card_to_card', amount: 2_500_000, status: 'pending', trackingNumber: 'R-1' },
      { invoiceId: partly.id, method: 'card_to_card', amount: 1_000_000, status: 'pending', trackingNumber: 'R-2' },
    ]);
    await enqueueDueReminders(t.db, { now });
    const rows = await messagesOf('due_reminder');
    expect(rows.some((r) => r.idempotencyKey.startsWith(`due_reminder:${covered.id}:`))).toBe(false);
    const reminded = rows.filter((r) => r.idempotencyKey.startsWith(`due_reminder:${partly.id}:`));
    expect(reminded).toHaveLength(3);
    // Reminded of what is left beyond the receipt, not of the whole invoice.
    for (const r of reminded) {
      expect(r.body).toContain(pageMoney(2_000_000));
      expect(r.body).not.toContain(pageMoney(3_000_000));
    }
  });
});
