import { contract } from '@madreseh/contract/endpoints';
import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { invoices, payments } from '../../db/schema/payments';
import { admin, auditRows, groupId, newInvoice, sendReceipt, t, transfer, useOnceApp } from './payments.once.fixtures';

/**
 * Nothing counted twice: one receipt per bank transfer, bulk invoicing that a repeat cannot double,
 * an Idempotency-Key on every money-changing endpoint and one lock order for approve and cancel.
 * On PGlite and on PostgreSQL.
 */

useOnceApp();

describe('card-to-card: one receipt per bank transfer', () => {
  it('takes one of two parallel submissions of a transfer and a resend; the others hear a Persian 409', async () => {
    const invoiceId = await newInvoice(9_000_000);
    const answers = await Promise.all([sendReceipt(transfer(invoiceId)), sendReceipt(transfer(invoiceId))]);
    const resend = await sendReceipt(transfer(invoiceId, { trackingNumber: 'tr-556677' }));
    const other = await sendReceipt(transfer(await newInvoice(5_000_000)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    // On the same invoice the first receipt is still waiting: one waits per invoice.
    for (const refused of [answers.find((a) => a.statusCode === 409), resend]) {
      expect(refused?.statusCode).toBe(409);
      expect(refused?.json().message).toMatch(/پیش‌تر ثبت شده است|در انتظار بررسی است/);
    }
    // On another invoice the same transfer is recognised as such.
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/پیش‌تر ثبت شده است/);
    expect(other.json().fields.trackingNumber).toMatch(/شمارهٔ پیگیری/);
    const rows = await t.db.select().from(payments).where(eq(payments.trackingNumber, 'TR-556677'));
    expect(rows).toHaveLength(1);
    const [receipt] = rows;
    expect((await auditRows('submit_receipt', [receipt?.id ?? 0])).length).toBe(1);

    // Approved once; nothing else of that transfer can wait for approval.
    const approve = await t.call(contract.payments.approve, { params: { id: receipt?.id }, headers: t.as(admin) });
    expect(approve.statusCode).toBe(200);
    const paid = await t.db
      .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint` })
      .from(payments)
      .where(and(eq(payments.status, 'succeeded'), eq(payments.trackingNumber, 'TR-556677')));
    expect(Number(paid[0]?.sum)).toBe(3_000_000);
  });

  it('takes a transfer again once its receipt was rejected (a blurred photo, sent again)', async () => {
    const invoiceId = await newInvoice(4_000_000);
    const fields = transfer(invoiceId, { trackingNumber: '990011', amount: '4000000' });
    const first = await sendReceipt(fields);
    expect(first.statusCode, first.body).toBe(201);
    const reject = await t.call(contract.payments.reject, {
      params: { id: first.json().id },
      headers: t.as(admin),
      body: { reason: 'تصویر رسید خوانا نیست.' },
    });
    expect(reject.statusCode).toBe(200);
    expect((await sendReceipt(fields)).statusCode).toBe(201);
  });
});

describe('bulk invoicing cannot bill a class twice', () => {
  const bulk = (title: string, headers: Record<string, string> = {}) =>
    t.call(contract.payments.bulkCreate, {
      headers: { ...t.as(admin), ...headers },
      body: { groupId, installments: [{ title, amount: 25_000_000, dueDate: '2027-09-01' }] },
    });
  const billed = async (title: string) =>
    (await t.db.select({ studentId: invoices.studentId }).from(invoices).where(eq(invoices.title, title))).map(
      (r) => r.studentId,
    );

  it('five identical parallel requests bill every student once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => bulk('اردوی پاییز')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(201));
    const bodies = answers.map((a) => a.json() as { created: number; students: number; skipped: number });
    const size = bodies[0]?.students ?? 0;
    expect(size).toBeGreaterThan(0);
    expect(bodies.reduce((s, b) => s + b.created, 0)).toBe(size);
    for (const b of bodies) expect(b.created + b.skipped).toBe(size);
    const students = await billed('اردوی پاییز');
    expect(students).toHaveLength(size);
    expect(new Set(students).size).toBe(size);
  });

  it('answers a repeat with the same Idempotency-Key, in parallel and in sequence, with the first result', async () => {
    const key = { 'idempotency-key': `bulk-${Date.now()}-form` };
    const parallel = await Promise.all(Array.from({ length: 3 }, () => bulk('کتاب‌های زمستان', key)));
    const later = await bulk('کتاب‌های زمستان', key);
    const all = [...parallel, later];
    expect(all.map((a) => a.statusCode)).toEqual(Array(4).fill(201));
    const first = all.find((a) => !a.headers['idempotent-replayed']);
    expect(all.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    for (const a of all) expect(a.body).toBe(first?.body);
    const size = (first?.json() as { students: number } | undefined)?.students ?? -1;
    expect(first?.json()).toEqual({ created: size, students: size, skipped: 0 });
    expect(await billed('کتاب‌های زمستان')).toHaveLength(size);

    // The same key with another form is refused, and changes nothing.
    const other = await bulk('سرویس زمستان', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/کلید/);
    expect(await billed('سرویس زمستان')).toHaveLength(0);
  });
});

describe('Idempotency-Key on every money-changing endpoint', () => {
  it('is accepted by every endpoint that changes money', () => {
    const changing = Object.entries(paymentsContract).filter(([, ep]) => ep.method !== 'GET');
    expect(changing.length).toBeGreaterThan(5);
    for (const [name, ep] of changing)
      expect({ name, idempotent: 'idempotent' in ep && ep.idempotent }).toEqual({ name, idempotent: true });
  });

  it('records a manual payment sent twice with one key once, in parallel and in sequence', async () => {
    const invoiceId = await newInvoice(10_000_000);
    const pay = (key: string, amount = 1_000_000) =>
      t.call(contract.payments.manualPayment, {
        params: { id: invoiceId },
        headers: { ...t.as(admin), 'idempotency-key': key },
        body: { amount },
      });
    const key = `manual-${invoiceId}-once`;
    const answers = [...(await Promise.all([pay(key), pay(key)])), await pay(key)];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(rows.map((r) => r.amount)).toEqual([1_000_000]);
    expect(await auditRows('manual_payment', [invoiceId])).toHaveLength(1);
    // Another action (another key) is another payment.
    expect((await pay(`manual-${invoiceId}-second`, 2_000_000)).statusCode).toBe(201);
    expect((await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).length).toBe(2);
  });

  it('stores a receipt upload sent twice with one key once, answering the first receipt again', async () => {
    const invoiceId = await newInvoice(6_000_000);
    const fields = transfer(invoiceId, { trackingNumber: '771122' });
    const key = { 'idempotency-key': `receipt-${invoiceId}-upload` };
    const first = await sendReceipt(fields, key);
    const again = await sendReceipt(fields, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(1);
  });

  it('refuses a malformed key with a Persian 400 and does nothing', async () => {
    const invoiceId = await newInvoice(3_000_000);
    const res = await t.call(contract.payments.manualPayment, {
      params: { id: invoiceId },
      headers: { ...t.as(admin), 'idempotency-key': 'a b' },
      body: { amount: 1_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Idempotency-Key/);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(0);
  });
});

describe('approving a receipt while its invoice is cancelled', () => {
  it('ends in one 200 and one 409, never a deadlock or a 500', async () => {
    const invoiceId = await newInvoice(8_000_000);
    const sent = await sendReceipt(transfer(invoiceId, { trackingNumber: '31415926', amount: '8000000' }));
    expect(sent.statusCode, sent.body).toBe(201);
    const receiptId = sent.json().id as number;
    const approve = () => t.call(contract.payments.approve, { params: { id: receiptId }, headers: t.as(admin) });
    const cancel = () =>
      t.call(contract.payments.cancelInvoice, {
        params: { id: invoiceId },
        headers: t.as(admin),
        body: { reason: 'ثبت اشتباه' },
      });

    let answers: { statusCode: number; body: string }[];
    if (t.driver === 'postgres') {
      // Make the race happen every time: hold the invoice, queue the cancel on it, then the approve.
      // Approving used to lock the receipt before the invoice; the cancel then waited for the receipt
      // while the approve waited for the invoice: deadlock (40P01), answered 500.
      const waiting = async () => {
        const [row] = await rowsOf<{ n: number }>(
          t.db,
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        );
        return Number(row?.n ?? 0);
      };
      const until = async (n: number) => {
        for (let i = 0; i < 500 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 10));
      };
      let cancelled!: Promise<{ statusCode: number; body: string }>;
      let approved!: Promise<{ statusCode: number; body: string }>;
      await t.db.transaction(async (tx) => {
        await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
        cancelled = cancel();
        await until(1);
        approved = approve();
        await until(2);
      });
      answers = await Promise.all([cancelled, approved]);
    } else {
      answers = await Promise.all([cancel(), approve()]);
    }
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
    const [receipt] = await t.db.select().from(payments).where(eq(payments.id, receiptId));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    // Either the receipt was approved and the cancel refused, or the invoice was cancelled and the receipt rejected.
    expect([receipt?.status, Boolean(invoice?.cancelledAt)]).toEqual(
      receipt?.status === 'succeeded' ? ['succeeded', false] : ['rejected', true],
    );
  });
});
