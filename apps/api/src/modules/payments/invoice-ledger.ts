import { isoDateInTehran } from '@madreseh/contract/jalali';
import type { InvoiceStatus, PaymentMethod, PaymentStatus } from '@madreseh/contract/payments/payment-schemas';
import { and, eq, sql } from 'drizzle-orm';
import { invoices, payments } from '../../db/schema/payments';

/**
 * The money rules of one invoice, in one place: what is paid, what waits for a decision, what is
 * left, what may still be paid and the invoice's status. Every reader — the views, the money
 * actions, the online payments, the lists, the totals and the dashboard — asks here: the pure
 * functions for one invoice whose payments are in hand, the SQL fragments for lists and counts.
 *
 * - paid: the sum of succeeded payments (of any method).
 * - pending: the sum of card-to-card receipts waiting for a decision (a gateway payment that is
 *   still open holds no money yet).
 * - remaining: what the payer still owes, never below zero; nothing on a cancelled invoice.
 * - payable: what may be paid now, online or by a new receipt: the remaining less the receipts
 *   waiting, never below zero.
 * - status: cancelled, then paid (paid covers the amount), then overdue (due date passed), then
 *   partial (something paid) or unpaid.
 */

/** What the rules read of an invoice. */
export interface LedgerInvoice {
  amount: number;
  dueDate: string;
  cancelledAt: Date | null;
}

/** What the rules read of a payment. */
export interface LedgerPayment {
  method: PaymentMethod;
  status: PaymentStatus;
  amount: number;
}

/** The figures of one invoice. */
export interface Ledger {
  paid: number;
  pending: number;
  remaining: number;
  payable: number;
  status: InvoiceStatus;
}

/** A card-to-card receipt waiting for an admin's decision. */
export function isPendingReceipt(p: Pick<LedgerPayment, 'method' | 'status'>): boolean {
  return p.method === 'card_to_card' && p.status === 'pending';
}

/** The amounts paid and waiting among the payments of one invoice. */
export function sumsOf(rows: readonly LedgerPayment[]): { paid: number; pending: number } {
  let paid = 0;
  let pending = 0;
  for (const p of rows) {
    if (p.status === 'succeeded') paid += p.amount;
    else if (isPendingReceipt(p)) pending += p.amount;
  }
  return { paid, pending };
}

export function invoiceStatus(inv: LedgerInvoice, paid: number, today: string = isoDateInTehran()): InvoiceStatus {
  if (inv.cancelledAt) return 'cancelled';
  if (paid >= inv.amount) return 'paid';
  if (inv.dueDate < today) return 'overdue';
  return paid > 0 ? 'partial' : 'unpaid';
}

/** What is still owed: nothing on a cancelled invoice, never below zero. */
export function remainingOf(inv: Pick<LedgerInvoice, 'amount' | 'cancelledAt'>, paid: number): number {
  return inv.cancelledAt ? 0 : Math.max(inv.amount - paid, 0);
}

/** The figures of one invoice from the sums of its payments (a list row read them in SQL). */
export function ledgerOf(
  inv: LedgerInvoice,
  sums: { paid: number; pending: number },
  today: string = isoDateInTehran(),
): Ledger {
  const remaining = remainingOf(inv, sums.paid);
  return {
    paid: sums.paid,
    pending: sums.pending,
    remaining,
    payable: Math.max(remaining - sums.pending, 0),
    status: invoiceStatus(inv, sums.paid, today),
  };
}

/** The figures of one invoice from its payments. */
export function ledgerOfPayments(
  inv: LedgerInvoice,
  rows: readonly LedgerPayment[],
  today: string = isoDateInTehran(),
): Ledger {
  return ledgerOf(inv, sumsOf(rows), today);
}

/** Whether crediting `amount` more would take what is paid above the invoice's amount. */
export function wouldOverpay(inv: Pick<LedgerInvoice, 'amount'>, paid: number, amount: number): boolean {
  return paid + amount > inv.amount;
}

/** What a student has been billed, has paid and still owes over a list of invoices (cancelled left out). */
export function totalsOf(list: readonly { amount: number; paid: number; remaining: number; status: InvoiceStatus }[]) {
  const live = list.filter((i) => i.status !== 'cancelled');
  return {
    billed: live.reduce((s, i) => s + i.amount, 0),
    paid: live.reduce((s, i) => s + i.paid, 0),
    remaining: live.reduce((s, i) => s + i.remaining, 0),
  };
}

// ---------- the same rules in SQL, for lists, counts and totals ----------

/** The condition "a card-to-card receipt waiting for a decision" on the payments table. */
export const pendingReceiptSql = and(eq(payments.method, 'card_to_card'), eq(payments.status, 'pending'));

/**
 * SQL for the amounts paid and waiting on the invoice of the outer query. These subqueries are
 * correlated, so every column names its table: Drizzle leaves columns unqualified in a query over
 * one table, where `"invoice_id" = "id"` would silently compare the inner table with itself.
 */
export const paidSql = sql<number>`coalesce((select sum(p.amount) from payments p where p.invoice_id = "invoices"."id" and p.status = 'succeeded'), 0)::bigint`;
export const pendingSql = sql<number>`coalesce((select sum(p.amount) from payments p where p.invoice_id = "invoices"."id" and p.status = 'pending' and p.method = 'card_to_card'), 0)::bigint`;

/** The invoice's status in SQL, as {@link invoiceStatus} decides it. */
export function statusSql(today: string) {
  return sql<InvoiceStatus>`case
    when ${invoices.cancelledAt} is not null then 'cancelled'
    when ${paidSql} >= ${invoices.amount} then 'paid'
    when ${invoices.dueDate} < ${today} then 'overdue'
    when ${paidSql} > 0 then 'partial'
    else 'unpaid' end`;
}

/**
 * The columns a list of invoices selects to have every figure of its rows: the sums in SQL, the
 * rest from {@link ledgerOf} (`ledgerOfRow`).
 */
export const ledgerSql = { paid: paidSql, pending: pendingSql };

/** The figures of one list row that selected {@link ledgerSql}. */
export function ledgerOfRow(
  inv: LedgerInvoice,
  row: { paid: number | string; pending: number | string },
  today: string = isoDateInTehran(),
): Ledger {
  return ledgerOf(inv, { paid: Number(row.paid), pending: Number(row.pending) }, today);
}
