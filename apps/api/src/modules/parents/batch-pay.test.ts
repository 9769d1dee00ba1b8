import { contract } from '@madreseh/contract/endpoints';
import { isoDateInTehran } from '@madreseh/contract/jalali';
import { eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { invoices, paymentBatches, payments } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/system';
import { workbookOf } from '../../test/sheets';
import { answerOf, useTestApp } from '../../test/test-app';
import { reconcileCheckouts } from '../payments/checkout';
import { gatewaysFrom } from '../payments/gateways';

const t = useTestApp({ config: { payments: { sandboxGateway: true } } });
let parent: string;
let kids: { id: number; fullName: string }[];

beforeAll(async () => {
  parent = await t.sessionFor('parent1');
  kids = (
    (await t.call(contract.parent.children, { headers: t.as(parent) })).json() as {
      items: { id: number; fullName: string }[];
    }
  ).items;
});

type Inv = { id: number; payable: number; status: string };
async function invoicesOf(childId: number): Promise<Inv[]> {
  const res = await t.call(contract.parent.invoices, { params: { childId }, headers: t.as(parent) });
  return answerOf(contract.parent.invoices, res).invoices;
}
async function openOf(childId: number): Promise<Inv> {
  const inv = (await invoicesOf(childId)).find((i) => i.payable > 0);
  if (!inv) throw new Error(`no open invoice for child ${childId}`);
  return inv;
}
async function start(invoiceIds: number[], extra: Record<string, unknown> = {}) {
  return t.call(contract.parent.batchPay, { headers: t.as(parent), body: { invoiceIds, ...extra } });
}
/** Goes through the test gateway's page and comes back with the payer's choice. */
async function pay(redirectUrl: string, status: 'OK' | 'NOK') {
  const authority = redirectUrl.split('/').pop();
  const info = await t.call(contract.payments.sandboxInfo, { params: { authority } });
  expect(info.statusCode).toBe(200);
  const cb = await t.inject({ method: 'GET', url: `${info.json().callbackUrl}&Status=${status}` });
  expect(cb.statusCode).toBe(303);
  return { info: info.json() as { amount: number }, cb };
}

describe('a parent pays several children’s invoices in one payment', () => {
  it('cancelled leaves both unpaid; paid credits both once, even when the callback is replayed', async () => {
    expect(kids.length).toBe(2);
    const [a, b] = await Promise.all(kids.map((k) => openOf(k.id)));
    if (!a || !b) throw new Error('two open invoices expected');

    // Cancelled at the gateway: the batch and both shares fail, nothing is paid.
    const first = await start([a.id, b.id]);
    expect(first.statusCode).toBe(200);
    const cancelled = await pay(answerOf(contract.parent.batchPay, first).redirectUrl, 'NOK');
    expect(cancelled.info.amount).toBe(a.payable + b.payable);
    const firstId = answerOf(contract.parent.batchPay, first).batchId;
    const [failed] = await t.db.select().from(paymentBatches).where(eq(paymentBatches.id, firstId));
    expect(failed?.status).toBe('failed');
    const failedShares = await t.db.select().from(payments).where(eq(payments.batchId, firstId));
    expect(failedShares.map((s) => s.status)).toEqual(['failed', 'failed']);
    expect((await openOf(kids[0]?.id ?? 0)).payable).toBe(a.payable);
    expect((await openOf(kids[1]?.id ?? 0)).payable).toBe(b.payable);

    // The amount is the server's: a sum the client sends is not read.
    const res = await start([a.id, b.id, a.id], { amount: 1000 });
    expect(res.statusCode).toBe(200);
    const { batchId, amount, redirectUrl } = answerOf(contract.parent.batchPay, res);
    expect(amount).toBe(a.payable + b.payable);
    const { cb } = await pay(redirectUrl, 'OK');
    expect(cb.headers.location).toBe(`/parent/payment/batch/${batchId}`);

    const shares = await t.db.select().from(payments).where(eq(payments.batchId, batchId));
    expect(shares).toHaveLength(2);
    const parentUser = await t.userId('parent1');
    for (const s of shares)
      expect(s).toMatchObject({ status: 'succeeded', submittedBy: parentUser, method: 'gateway' });
    for (const k of kids) {
      const list = await invoicesOf(k.id);
      for (const id of [a.id, b.id]) {
        const inv = list.find((i) => i.id === id);
        if (inv) expect(inv.status).toBe('paid');
      }
    }
    const result = await t.call(contract.parent.batchResult, { params: { id: batchId }, headers: t.as(parent) });
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ status: 'succeeded', amount: a.payable + b.payable });
    expect((result.json() as { items: { invoiceId: number }[] }).items.map((i) => i.invoiceId).sort()).toEqual(
      [a.id, b.id].sort(),
    );
    // Each invoice's share has its own receipt, read through the child's payment page.
    const batch = answerOf(contract.parent.batchResult, result);
    for (const item of batch.items) {
      const receipt = await t.call(contract.parent.paymentResult, {
        params: { childId: item.childId, id: item.paymentId },
        headers: t.as(parent),
      });
      expect(receipt.statusCode).toBe(200);
      expect(answerOf(contract.parent.paymentResult, receipt)).toMatchObject({
        status: 'succeeded',
        amount: item.amount,
        referenceId: batch.referenceId,
        invoiceTitle: item.title,
        batchId,
      });
      const invoices = await t.call(contract.parent.invoices, {
        params: { childId: item.childId },
        headers: t.as(parent),
      });
      const invoice = answerOf(contract.parent.invoices, invoices).invoices.find((i) => i.id === item.invoiceId);
      expect(invoice?.payments.find((p) => p.id === item.paymentId)?.referenceId).toBe(batch.referenceId);
    }
    // The office's export lists every share with that reference, to match against the bank's statement.
    const today = isoDateInTehran();
    const file = await t.call(contract.payments.exportInvoices, {
      query: { from: today, to: today },
      headers: t.as(await t.sessionFor('admin')),
    });
    const sheet = (await workbookOf(file.rawPayload)).getWorksheet('پرداخت‌ها');
    const references: unknown[] = [];
    sheet?.eachRow((row) => {
      references.push(...(row.values as unknown[]));
    });
    expect(references.filter((v) => v === batch.referenceId)).toHaveLength(batch.items.length);

    const shareIds = shares.map((s) => s.id);
    const countState = async () => ({
      succeeded: (
        await t.db
          .select()
          .from(payments)
          .where(inArray(payments.invoiceId, [a.id, b.id]))
      ).filter((p) => p.status === 'succeeded').length,
      audits: (
        await t.db
          .select()
          .from(auditLog)
          .where(inArray(auditLog.entityId, [...shareIds, batchId].map(String)))
      ).length,
      messages: (
        await t.db.select().from(notifications).where(like(notifications.idempotencyKey, 'payment_confirmed:%'))
      ).length,
    });
    const before = await countState();
    expect(before.succeeded).toBe(2);
    expect(before.messages).toBeGreaterThanOrEqual(2);

    // The same callback again, and twice at once: nothing changes.
    const again = { params: { gateway: 'sandbox' }, query: { Authority: redirectUrl.split('/').pop(), Status: 'OK' } };
    const callback = contract.payments.gatewayCallback;
    await Promise.all([t.call(callback, again), t.call(callback, again)]);
    expect(await countState()).toEqual(before);

    // Paid now: refused at start.
    const paidAgain = await start([a.id]);
    expect(paidAgain.statusCode).toBe(409);
  });

  it('refuses another family’s invoice with 404 and starts nothing', async () => {
    const [foreign] = await t.db
      .select({ id: invoices.id, studentId: invoices.studentId })
      .from(invoices)
      .limit(50)
      .then((rows) => rows.filter((r) => !kids.some((k) => k.id === r.studentId)));
    if (!foreign) throw new Error('no foreign invoice');
    const [mine] = await t.db
      .insert(invoices)
      .values({ studentId: kids[0]?.id ?? 0, title: 'اردوی علمی', amount: 4_000_000, dueDate: '2099-01-01' })
      .returning({ id: invoices.id });
    const res = await start([mine?.id ?? 0, foreign.id]);
    expect(res.statusCode).toBe(404);
    expect(
      await t.db
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, mine?.id ?? 0)),
    ).toHaveLength(0);
    const other = await t.call(contract.parent.batchResult, { params: { id: 999999 }, headers: t.as(parent) });
    expect(other.statusCode).toBe(404);
  });

  it('an invoice paid another way before the callback: the batch is not verified and nothing is credited', async () => {
    const made = await t.db
      .insert(invoices)
      .values([
        { studentId: kids[0]?.id ?? 0, title: 'کتاب کار', amount: 2_000_000, dueDate: '2099-02-01' },
        { studentId: kids[1]?.id ?? 0, title: 'کتاب کار', amount: 3_000_000, dueDate: '2099-02-01' },
      ])
      .returning({ id: invoices.id });
    const ids = made.map((m) => m.id);
    const res = await start(ids);
    expect(res.statusCode).toBe(200);
    const { batchId, redirectUrl } = answerOf(contract.parent.batchPay, res);
    // Meanwhile the school records the first one paid at the office.
    await t.db
      .insert(payments)
      .values({ invoiceId: ids[0] ?? 0, method: 'manual', amount: 2_000_000, status: 'succeeded' });
    await pay(redirectUrl, 'OK');
    const [batch] = await t.db.select().from(paymentBatches).where(eq(paymentBatches.id, batchId));
    expect(batch?.status).toBe('failed');
    const shares = await t.db.select().from(payments).where(eq(payments.batchId, batchId));
    expect(shares.every((s) => s.status === 'failed')).toBe(true);
    const second = await t.db
      .select()
      .from(payments)
      .where(eq(payments.invoiceId, ids[1] ?? 0));
    expect(second.filter((p) => p.status === 'succeeded')).toHaveLength(0);
  });

  it('a batch abandoned on the test gateway is failed by reconciliation, its invoices still payable', async () => {
    const [made] = await t.db
      .insert(invoices)
      .values({ studentId: kids[1]?.id ?? 0, title: 'بیمهٔ دانش‌آموزی', amount: 1_500_000, dueDate: '2099-03-01' })
      .returning({ id: invoices.id });
    const res = await start([made?.id ?? 0]);
    expect(res.statusCode).toBe(200);
    const { batchId } = answerOf(contract.parent.batchPay, res);
    const quiet = { info: () => {}, warn: () => {} };
    const gateways = gatewaysFrom({ sandboxGateway: true });
    const young = await reconcileCheckouts(t.db, gateways, quiet);
    expect(young.checked).toBe(0);
    const report = await reconcileCheckouts(t.db, gateways, quiet, { now: new Date(Date.now() + 10 * 60_000) });
    expect(report.failed).toBeGreaterThanOrEqual(1);
    const [batch] = await t.db.select().from(paymentBatches).where(eq(paymentBatches.id, batchId));
    expect(batch?.status).toBe('failed');
    const again = await start([made?.id ?? 0]);
    expect(again.statusCode).toBe(200);
  });
});
