import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
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
 * What the gateway may be confirming on these invoices right now: a claimed gateway payment (a single
 * one, or a batch's share) whose claim is running. `except`: the claimer's own rows.
 */
function runningClaims(invoiceIds: readonly number[], except?: SQL) {
  return and(
    inArray(payments.invoiceId, [...invoiceIds]),
    eq(payments.method, 'gateway'),
    eq(payments.status, 'pending'),
    gt(payments.verifyingUntil, sql`now()`),
    except,
  );
}

/**
 * Whether another gateway payment of these invoices is out being verified: at most one payment of an
 * invoice is verified at a time, so a claim waits for it (checked under lockInvoice, or without a
 * lock while waiting). `except` leaves out the asker's own rows.
 */
export async function verifyInFlight(tx: Tx, invoiceIds: readonly number[], except?: SQL): Promise<boolean> {
  if (!invoiceIds.length) return false;
  const [busy] = await tx.select({ id: payments.id }).from(payments).where(runningClaims(invoiceIds, except)).limit(1);
  return Boolean(busy);
}

/**
 * Refuses to move money on an invoice while one of its gateway payments is out being verified
 * (a claim, then the gateway asked outside any transaction, then a settle): what the gateway
 * confirms must still fit the invoice when it comes back. Call under lockInvoice.
 */
export async function assertNoVerifyInFlight(tx: Tx, invoiceId: number): Promise<void> {
  if (await verifyInFlight(tx, [invoiceId])) throw AppError.conflict(MSG.verifying);
}

export async function paymentsOf(tx: Tx, invoiceId: number) {
  return tx.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}
