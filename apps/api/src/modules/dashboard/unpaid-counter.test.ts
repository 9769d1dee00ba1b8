import { contract } from '@madreseh/contract/endpoints';
import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { figures } from '../../db/schema/figures';
import { invoices, payments } from '../../db/schema/payments';
import { paymentFiguresOfPages } from '../../test/payment-figures';
import { demoStudentId, useTestApp } from '../../test/test-app';

/**
 * The dashboard reads the number of unpaid invoices from a counter kept by triggers (migration 0009).
 * Whatever happens to invoices and payments, in one statement or many, one transaction or two at once,
 * the counter equals the count from the payments themselves.
 */
describe('the unpaid-invoices counter', () => {
  const t = useTestApp();
  let studentId: number;

  beforeAll(async () => {
    studentId = await demoStudentId(t);
  });

  async function expectCounterTrue() {
    const [row] = await t.db.select({ n: figures.n }).from(figures).where(eq(figures.name, 'unpaid_invoices'));
    const real = (await paymentFiguresOfPages(t.db)).unpaidInvoices;
    expect(row?.n).toBe(real);
    return real;
  }

  // One live invoice per student, title and due date: each test invoice gets a title of its own.
  let billed = 0;
  const bill = (amount: number) => ({ studentId, title: `قسط ${++billed}`, amount, dueDate: '2030-01-01' });

  it('follows invoices and payments through every kind of change', async () => {
    const start = await expectCounterTrue();
    const [a, b, c] = await t.db
      .insert(invoices)
      .values([bill(1000), bill(2000), bill(3000)])
      .returning({ id: invoices.id });
    if (!a || !b || !c) throw new Error('insert failed');
    expect(await expectCounterTrue()).toBe(start + 3);

    // A whole payment settles a; a pending receipt changes nothing; a partial one neither.
    await t.db.insert(payments).values({ invoiceId: a.id, method: 'gateway', amount: 1000, status: 'succeeded' });
    const [pendingB] = await t.db
      .insert(payments)
      .values({ invoiceId: b.id, method: 'card_to_card', amount: 1500, status: 'pending' })
      .returning({ id: payments.id });
    await t.db.insert(payments).values({ invoiceId: b.id, method: 'manual', amount: 500, status: 'succeeded' });
    expect(await expectCounterTrue()).toBe(start + 2);

    // The receipt approved covers the rest of b.
    await t.db
      .update(payments)
      .set({ status: 'succeeded' })
      .where(eq(payments.id, pendingB?.id ?? 0));
    expect(await expectCounterTrue()).toBe(start + 1);

    // c cancelled; then b's amount raised; then a's payment undone.
    await t.db.update(invoices).set({ cancelledAt: new Date() }).where(eq(invoices.id, c.id));
    expect(await expectCounterTrue()).toBe(start);
    await t.db.update(invoices).set({ amount: 2500 }).where(eq(invoices.id, b.id));
    expect(await expectCounterTrue()).toBe(start + 1);
    await t.db.update(payments).set({ status: 'failed' }).where(eq(payments.invoiceId, a.id));
    expect(await expectCounterTrue()).toBe(start + 2);

    // One statement over several invoices, and deletions.
    await t.db
      .update(payments)
      .set({ status: 'succeeded' })
      .where(inArray(payments.invoiceId, [a.id, b.id]));
    await expectCounterTrue();
    await t.db.delete(payments).where(inArray(payments.invoiceId, [a.id, b.id, c.id]));
    await t.db.delete(invoices).where(inArray(invoices.id, [a.id, b.id, c.id]));
    expect(await expectCounterTrue()).toBe(start);
  });

  it('counts an invoice once when two transactions pay its halves at the same time', async () => {
    const before = await expectCounterTrue();
    const [inv] = await t.db.insert(invoices).values(bill(1000)).returning({ id: invoices.id });
    const invoiceId = inv?.id ?? 0;
    let firstInserted!: () => void;
    const inserted = new Promise<void>((r) => {
      firstInserted = r;
    });
    let second: Promise<unknown> = Promise.resolve();
    const first = t.db.transaction(async (tx) => {
      await tx.insert(payments).values({ invoiceId, method: 'gateway', amount: 500, status: 'succeeded' });
      firstInserted();
      // The second payment starts while this one is not committed (on PostgreSQL it waits for the lock).
      await new Promise((r) => setTimeout(r, 100));
    });
    await inserted;
    second = t.db.transaction(async (tx) => {
      await tx.insert(payments).values({ invoiceId, method: 'gateway', amount: 500, status: 'succeeded' });
    });
    await Promise.all([first, second]);
    expect(await expectCounterTrue()).toBe(before);
    const [paid] = await t.db
      .select({ n: sql<number>`sum(${payments.amount})::int` })
      .from(payments)
      .where(eq(payments.invoiceId, invoiceId));
    expect(paid?.n).toBe(1000);
  });

  it('is what panel/dashboard answers', async () => {
    const admin = t.as(await t.sessionFor('admin'));
    const res = await t.call(contract.dashboard.get, { headers: admin });
    expect(res.json().invoices).toEqual({ unpaid: (await paymentFiguresOfPages(t.db)).unpaidInvoices });
  });
});
