import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { invoices, payments } from '../db/schema/payments';
import type { Fixture } from './query-count.records';

/**
 * student1's invoices, each with a card-to-card receipt waiting for a decision, and more shares of
 * parent1's payment of several invoices (each on an invoice of its own).
 */
export async function addMoney(tx: Tx, f: Fixture, range: number[]): Promise<void> {
  const bills = await tx
    .insert(invoices)
    .values(
      range.map((i) => ({
        studentId: f.studentId,
        title: `شهریهٔ قسط ${i}`,
        amount: 10_000_000,
        dueDate: '2030-01-01',
      })),
    )
    .returning({ id: invoices.id });
  await tx.insert(payments).values(
    bills.map((b, i) => ({
      invoiceId: b.id,
      method: 'card_to_card' as const,
      amount: 1_000_000,
      status: 'pending' as const,
      cardMasked: '************1234',
      trackingNumber: `T${i}`,
      transferredAt: new Date(),
    })),
  );

  const [share] = await tx.select().from(payments).where(eq(payments.batchId, f.batchId)).limit(1);
  if (!share) throw new Error('the batch has no share');
  const shared = await tx
    .insert(invoices)
    .values(
      range.map((i) => ({ studentId: f.studentId, title: `اردو ${i}`, amount: 2_000_000, dueDate: '2030-01-01' })),
    )
    .returning({ id: invoices.id });
  await tx.insert(payments).values(
    shared.map((b) => ({
      invoiceId: b.id,
      method: share.method,
      amount: 2_000_000,
      status: 'pending' as const,
      gateway: share.gateway,
      submittedBy: share.submittedBy,
      batchId: f.batchId,
    })),
  );
}
