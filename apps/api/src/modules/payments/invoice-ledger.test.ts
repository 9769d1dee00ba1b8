import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/payments';
import { demoStudentId, useTestApp } from '../../test/test-app';
import {
  isPendingReceipt,
  type LedgerInvoice,
  type LedgerPayment,
  ledgerOfPayments,
  ledgerOfRow,
  ledgerSql,
  pendingReceiptSql,
  statusSql,
  sumsOf,
  totalsOf,
  wouldOverpay,
} from './invoice-ledger';

const TODAY = '2030-06-15';
const due = (dueDate: string, amount = 1000, cancelledAt: Date | null = null): LedgerInvoice => ({
  amount,
  dueDate,
  cancelledAt,
});
const pay = (method: LedgerPayment['method'], status: LedgerPayment['status'], amount: number): LedgerPayment => ({
  method,
  status,
  amount,
});

describe('the ledger of one invoice', () => {
  it('is unpaid with nothing paid, and overdue once its due date has passed', () => {
    expect(ledgerOfPayments(due('2030-07-01'), [], TODAY)).toEqual({
      paid: 0,
      pending: 0,
      remaining: 1000,
      payable: 1000,
      status: 'unpaid',
    });
    expect(ledgerOfPayments(due('2030-06-14'), [], TODAY).status).toBe('overdue');
    // Due today is not yet overdue.
    expect(ledgerOfPayments(due(TODAY), [], TODAY).status).toBe('unpaid');
  });

  it('adds partial payments of every method, and only the succeeded ones', () => {
    const rows = [
      pay('manual', 'succeeded', 200),
      pay('gateway', 'succeeded', 300),
      pay('card_to_card', 'succeeded', 100),
      pay('gateway', 'failed', 400),
      pay('card_to_card', 'rejected', 400),
    ];
    expect(ledgerOfPayments(due('2030-07-01'), rows, TODAY)).toEqual({
      paid: 600,
      pending: 0,
      remaining: 400,
      payable: 400,
      status: 'partial',
    });
    expect(ledgerOfPayments(due('2030-06-01'), rows, TODAY).status).toBe('overdue');
  });

  it('holds receipts waiting for a decision apart: they lower what may be paid, not what is owed', () => {
    const rows = [pay('manual', 'succeeded', 200), pay('card_to_card', 'pending', 300)];
    expect(ledgerOfPayments(due('2030-07-01'), rows, TODAY)).toEqual({
      paid: 200,
      pending: 300,
      remaining: 800,
      payable: 500,
      status: 'partial',
    });
    // A gateway payment still open holds no money: it is neither paid nor waiting.
    const open = ledgerOfPayments(due('2030-07-01'), [pay('gateway', 'pending', 1000)], TODAY);
    expect(open).toMatchObject({ paid: 0, pending: 0, remaining: 1000, payable: 1000, status: 'unpaid' });
    expect(isPendingReceipt(pay('gateway', 'pending', 1))).toBe(false);
    expect(isPendingReceipt(pay('card_to_card', 'pending', 1))).toBe(true);
  });

  it('never lets what may be paid fall below zero when the receipts waiting cover more than is left', () => {
    const rows = [pay('manual', 'succeeded', 600), pay('card_to_card', 'pending', 700)];
    expect(ledgerOfPayments(due('2030-07-01'), rows, TODAY)).toMatchObject({ remaining: 400, payable: 0 });
  });

  it('is paid when the payments cover the amount, and an overpaid invoice owes nothing', () => {
    expect(ledgerOfPayments(due('2030-01-01'), [pay('gateway', 'succeeded', 1000)], TODAY)).toEqual({
      paid: 1000,
      pending: 0,
      remaining: 0,
      payable: 0,
      status: 'paid',
    });
    const over = ledgerOfPayments(
      due('2030-01-01'),
      [pay('gateway', 'succeeded', 1000), pay('gateway', 'succeeded', 250)],
      TODAY,
    );
    expect(over).toEqual({ paid: 1250, pending: 0, remaining: 0, payable: 0, status: 'paid' });
  });

  it('owes nothing once cancelled, whatever was paid or is waiting', () => {
    const cancelled = due('2030-01-01', 1000, new Date('2030-05-01T00:00:00Z'));
    expect(ledgerOfPayments(cancelled, [pay('card_to_card', 'pending', 300)], TODAY)).toEqual({
      paid: 0,
      pending: 300,
      remaining: 0,
      payable: 0,
      status: 'cancelled',
    });
  });

  it('says when one more credit would pay above the amount', () => {
    expect(wouldOverpay(due(TODAY), 600, 400)).toBe(false);
    expect(wouldOverpay(due(TODAY), 600, 401)).toBe(true);
    expect(wouldOverpay(due(TODAY), 1200, 1)).toBe(true);
  });

  it('totals a list without its cancelled invoices', () => {
    const list = [
      { amount: 1000, paid: 400, remaining: 600, status: 'partial' as const },
      { amount: 500, paid: 500, remaining: 0, status: 'paid' as const },
      { amount: 900, paid: 0, remaining: 0, status: 'cancelled' as const },
    ];
    expect(totalsOf(list)).toEqual({ billed: 1500, paid: 900, remaining: 600 });
    expect(sumsOf([])).toEqual({ paid: 0, pending: 0 });
  });
});

/** The SQL fragments for lists and counts give every invoice the figures the functions give it. */
describe('the ledger in SQL', () => {
  const t = useTestApp();
  let studentId: number;

  beforeAll(async () => {
    studentId = await demoStudentId(t);
  });

  it('agrees with the functions on paid, waiting, partial, overpaid, overdue and cancelled invoices', async () => {
    const cases: { dueDate: string; cancelled?: boolean; rows: LedgerPayment[] }[] = [
      { dueDate: '2030-07-01', rows: [] },
      { dueDate: '2030-06-01', rows: [] },
      { dueDate: '2030-07-01', rows: [pay('manual', 'succeeded', 200), pay('gateway', 'failed', 500)] },
      { dueDate: '2030-06-01', rows: [pay('gateway', 'succeeded', 300), pay('card_to_card', 'pending', 400)] },
      { dueDate: '2030-07-01', rows: [pay('card_to_card', 'pending', 1000), pay('gateway', 'pending', 1000)] },
      { dueDate: '2030-01-01', rows: [pay('gateway', 'succeeded', 1000)] },
      { dueDate: '2030-01-01', rows: [pay('gateway', 'succeeded', 900), pay('manual', 'succeeded', 300)] },
      { dueDate: '2030-01-01', cancelled: true, rows: [pay('card_to_card', 'rejected', 500)] },
    ];
    const ids: number[] = [];
    for (const [n, c] of cases.entries()) {
      const [inv] = await t.db
        .insert(invoices)
        .values({
          studentId,
          title: `دفتر ${n + 1}`,
          amount: 1000,
          dueDate: c.dueDate,
          cancelledAt: c.cancelled ? new Date() : null,
        })
        .returning();
      if (!inv) throw new Error('insert failed');
      ids.push(inv.id);
      if (c.rows.length) await t.db.insert(payments).values(c.rows.map((p) => ({ ...p, invoiceId: inv.id })));
    }
    const rows = await t.db
      .select({ inv: invoices, ...ledgerSql, status: statusSql(TODAY) })
      .from(invoices)
      .where(inArray(invoices.id, ids));
    expect(rows).toHaveLength(cases.length);
    for (const r of rows) {
      const c = cases[ids.indexOf(r.inv.id)];
      if (!c) throw new Error('unknown invoice');
      const expected = ledgerOfPayments(r.inv, c.rows, TODAY);
      expect(ledgerOfRow(r.inv, r, TODAY)).toEqual(expected);
      expect(r.status).toBe(expected.status);
    }
    const waiting = await t.db.select({ id: payments.id }).from(payments).where(pendingReceiptSql);
    const mine = await t.db
      .select({ id: payments.id, method: payments.method, status: payments.status })
      .from(payments)
      .where(inArray(payments.invoiceId, ids));
    const mineWaiting = mine.filter((p) => isPendingReceipt(p)).map((p) => p.id);
    expect(waiting.map((p) => p.id)).toEqual(expect.arrayContaining(mineWaiting));
    expect(mineWaiting).toHaveLength(2);
    await t.db.delete(payments).where(inArray(payments.invoiceId, ids));
    for (const id of ids) await t.db.delete(invoices).where(eq(invoices.id, id));
  });
});
