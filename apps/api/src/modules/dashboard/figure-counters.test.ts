import { contract } from '@madreseh/contract/endpoints';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { figures } from '../../db/schema/figures';
import { invoices, payments } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { useTestApp } from '../../test/test-app';
import { pendingReceiptSql } from '../payments/invoice-ledger';

/**
 * The dashboard reads the active students and the pending receipts from counters kept by triggers
 * (migration 0019), so its cost does not grow with the school. Whatever statements change students and
 * payments, each counter equals the count from the rows themselves, and the dashboard answers it.
 */
describe('the active-students and pending-receipts counters', () => {
  const t = useTestApp();

  async function expectCountersTrue() {
    const rows = await t.db
      .select()
      .from(figures)
      .where(inArray(figures.name, ['active_students', 'pending_receipts']));
    const kept = Object.fromEntries(rows.map((r) => [r.name, r.n]));
    const [active] = await t.db.select({ n: count() }).from(students).where(eq(students.status, 'active'));
    const [pending] = await t.db.select({ n: count() }).from(payments).where(pendingReceiptSql);
    expect(kept).toEqual({ active_students: active?.n, pending_receipts: pending?.n });
    return { active: active?.n ?? 0, pending: pending?.n ?? 0 };
  }

  it('follows students whose status changes, one or many in a statement', async () => {
    const start = await expectCountersTrue();
    const some = await t.db.select({ id: students.id }).from(students).where(eq(students.status, 'active')).limit(3);
    const ids = some.map((s) => s.id);
    expect(ids.length).toBe(3);
    await t.db.update(students).set({ status: 'inactive' }).where(inArray(students.id, ids));
    expect((await expectCountersTrue()).active).toBe(start.active - 3);
    // An edit that is not of the status changes nothing.
    await t.db.update(students).set({ updatedAt: new Date() }).where(inArray(students.id, ids));
    expect((await expectCountersTrue()).active).toBe(start.active - 3);
    await t.db
      .update(students)
      .set({ status: 'archived' })
      .where(eq(students.id, ids[0] ?? 0));
    await t.db.update(students).set({ status: 'active' }).where(inArray(students.id, ids));
    expect((await expectCountersTrue()).active).toBe(start.active);
  });

  it('follows card-to-card receipts from sent to decided and deleted', async () => {
    const start = await expectCountersTrue();
    const [inv] = await t.db.select({ id: invoices.id }).from(invoices).limit(1);
    const invoiceId = inv?.id ?? 0;
    const made = await t.db
      .insert(payments)
      .values([
        { invoiceId, method: 'card_to_card', amount: 100, status: 'pending' },
        { invoiceId, method: 'card_to_card', amount: 200, status: 'pending' },
        { invoiceId, method: 'gateway', amount: 300, status: 'pending' },
      ])
      .returning({ id: payments.id });
    expect((await expectCountersTrue()).pending).toBe(start.pending + 2);
    const [a, b, c] = made.map((m) => m.id);
    await t.db
      .update(payments)
      .set({ status: 'succeeded' })
      .where(eq(payments.id, a ?? 0));
    expect((await expectCountersTrue()).pending).toBe(start.pending + 1);
    await t.db
      .update(payments)
      .set({ status: 'rejected' })
      .where(and(eq(payments.id, b ?? 0)));
    await t.db
      .update(payments)
      .set({ status: 'failed' })
      .where(eq(payments.id, c ?? 0));
    expect((await expectCountersTrue()).pending).toBe(start.pending);
    await t.db
      .update(payments)
      .set({ status: 'pending' })
      .where(eq(payments.id, b ?? 0));
    expect((await expectCountersTrue()).pending).toBe(start.pending + 1);
    await t.db.delete(payments).where(
      inArray(
        payments.id,
        made.map((m) => m.id),
      ),
    );
    expect((await expectCountersTrue()).pending).toBe(start.pending);
  });

  it('are what panel/dashboard answers, and counted when a counter row is missing', async () => {
    const admin = t.as(await t.sessionFor('admin'));
    const real = await expectCountersTrue();
    const res = await t.call(contract.dashboard.get, { headers: admin });
    expect(res.json()).toMatchObject({ students: { active: real.active }, receipts: { pending: real.pending } });
    // A backup from before the counters, restored: the figure is counted, not shown as 0.
    await t.db.delete(figures).where(inArray(figures.name, ['active_students', 'pending_receipts']));
    const counted = await t.call(contract.dashboard.get, { headers: admin });
    expect(counted.json()).toMatchObject({ students: { active: real.active }, receipts: { pending: real.pending } });
  });
});
