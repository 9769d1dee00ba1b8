import { contract } from '@madreseh/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/system';
import { admin, createInvoice, s1, student1, submitReceipt, t, usePaymentsApp } from './payments.fixtures';

// Card-to-card receipts: the school card, a receipt with its photo, and the admins' queue.

usePaymentsApp();

describe('card-to-card receipts', () => {
  it('shows the school card and the payable invoices', async () => {
    const res = await t.call(contract.payments.cardToCardView, { headers: t.as(student1) });
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toEqual({
      number: '6037991812345670',
      holder: 'مدرسهٔ دخترانهٔ فرزانگان امید',
      bank: 'بانک ملی ایران',
    });
  });

  it('takes a receipt with its photo as pending, then an admin approves it from the queue', async () => {
    const inv = await createInvoice(s1, { amount: 9_000_000 });
    const res = await submitReceipt(student1, {
      invoiceId: String(inv.id),
      amount: '۹٬۰۰۰٬۰۰۰',
      trackingNumber: '۸۸۷۷۶۶',
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      status: 'pending',
      amount: 9_000_000,
      cardMasked: '************1234',
      trackingNumber: '887766',
    });
    expect(p.receiptUrl).toMatch(/^\/uploads\/receipts\/.+-1600\.webp\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(p.receiptThumbUrl).toMatch(/^\/uploads\/receipts\/.+-400\.webp\?exp=\d+&sig=[0-9a-f]{64}$/);
    const img = await t.inject({ method: 'GET', url: p.receiptUrl });
    expect(img.statusCode).toBe(200);

    // Nothing is left to submit while it waits.
    const more = await submitReceipt(student1, { invoiceId: String(inv.id), amount: '1000' });
    expect(more.statusCode).toBe(409);

    const queue = (await t.call(contract.payments.pendingReceipts, { headers: t.as(admin) })).json();
    const times = queue.items.map((i: { submittedAt: string }) => i.submittedAt);
    expect([...times].sort()).toEqual(times);
    expect(queue.items.at(-1)).toMatchObject({ id: p.id, studentId: s1, invoiceTitle: 'هزینهٔ سرویس مدرسه' });
    expect(queue.total).toBe(queue.items.length);
    expect(queue).toMatchObject({ page: 1, pageSize: 20 });
    // A page at a time, oldest first: the last page of one ends with this receipt.
    const last = (
      await t.call(contract.payments.pendingReceipts, {
        query: { pageSize: 1, page: queue.total },
        headers: t.as(admin),
      })
    ).json();
    expect(last).toMatchObject({ total: queue.total, page: queue.total, pageSize: 1 });
    expect(last.items.map((i: { id: number }) => i.id)).toEqual([p.id]);
    const bad = await t.call(contract.payments.pendingReceipts, { query: { pageSize: 500 }, headers: t.as(admin) });
    expect(bad.statusCode).toBe(400);

    const ok = await t.call(contract.payments.approve, { params: { id: p.id }, headers: t.as(admin) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('succeeded');
    const twice = await t.call(contract.payments.approve, { params: { id: p.id }, headers: t.as(admin) });
    expect(twice.statusCode).toBe(409);
    const view = (await t.call(contract.payments.studentInvoice, { params: { id: s1 }, headers: t.as(admin) })).json();
    expect(view.invoices.find((i: { id: number }) => i.id === inv.id).status).toBe('paid');
    const [a] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approve_receipt'), eq(auditLog.entityId, String(p.id))));
    expect(a?.userId).toBe(await t.userId('admin'));
  });

  it('rejects a receipt only with a reason, and the student sees it', async () => {
    const inv = await createInvoice(s1, { amount: 4_000_000 });
    const p = (await submitReceipt(student1, { invoiceId: String(inv.id), amount: '2000000' })).json();
    const noReason = await t.call(contract.payments.reject, { params: { id: p.id }, headers: t.as(admin), body: {} });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('دلیل رد را بنویسید.');
    const res = await t.call(contract.payments.reject, {
      params: { id: p.id },
      headers: t.as(admin),
      body: { reason: 'شمارهٔ پیگیری با رسید بانک یکی نیست.' },
    });
    expect(res.json()).toMatchObject({ status: 'rejected', rejectReason: 'شمارهٔ پیگیری با رسید بانک یکی نیست.' });
    const mine = (await t.call(contract.payments.cardToCardView, { headers: t.as(student1) })).json();
    expect(mine.submissions.find((s: { id: number }) => s.id === p.id)).toMatchObject({
      status: 'rejected',
      invoiceTitle: 'هزینهٔ سرویس مدرسه',
    });
    const [a] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reject_receipt'), eq(auditLog.entityId, String(p.id))));
    expect(a).toBeDefined();
  });

  it('answers Persian field errors for a bad receipt and stores nothing', async () => {
    const inv = await createInvoice(s1, { amount: 4_000_000 });
    const before = (await t.db.select().from(payments)).length;
    const bad = await submitReceipt(student1, {
      invoiceId: String(inv.id),
      amount: '0',
      cardLast4: '12',
      trackingNumber: '!',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'cardLast4', 'trackingNumber']);
    const over = await submitReceipt(student1, { invoiceId: String(inv.id), amount: '5000000' });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.amount).toMatch(/باقیمانده/);
    const future = await submitReceipt(student1, {
      invoiceId: String(inv.id),
      amount: '1000',
      transferredAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    const noFile = await submitReceipt(student1, { invoiceId: String(inv.id), amount: '1000' }, false);
    expect(noFile.statusCode).toBe(400);
    expect((await t.db.select().from(payments)).length).toBe(before);
  });
});
