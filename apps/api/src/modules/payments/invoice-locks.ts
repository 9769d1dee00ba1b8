import { and, eq, gt, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoices, payments } from '../../db/schema/payments';
import { AppError } from '../../lib/errors';
import type { InvoiceRow } from './payment-views';
import { MSG } from './payments.messages';

/**
 * Locks an invoice row for the rest of the transaction; every change of money on it goes through
 * here. Lock order, everywhere: the invoice first, then its payments — two actions on one invoice
 * then wait for each other instead of deadlocking.
 */
export async function lockInvoice(tx: Tx, invoiceId: number): Promise<InvoiceRow> {
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!row) throw AppError.notFound(MSG.invoiceNotFound);
  return row;
}

/**
 * Refuses to move money on an invoice while one of its gateway payments is out being verified
 * (online-payments.ts claims it, asks the gateway outside any transaction, then settles): what
 * the gateway confirms must still fit the invoice when it comes back. Call under lockInvoice.
 */
export async function assertNoVerifyInFlight(tx: Tx, invoiceId: number): Promise<void> {
  const [busy] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.invoiceId, invoiceId),
        eq(payments.method, 'gateway'),
        eq(payments.status, 'pending'),
        gt(payments.verifyingUntil, sql`now()`),
      ),
    )
    .limit(1);
  if (busy) throw AppError.conflict(MSG.verifying);
}

export async function paymentsOf(tx: Tx, invoiceId: number) {
  return tx.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}
