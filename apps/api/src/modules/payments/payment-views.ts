import { isoDateInTehran } from '@madreseh/contract/jalali';
import type { InvoiceView, PaymentView } from '@madreseh/contract/payments/payment-schemas';
import type { invoices, payments } from '../../db/schema/payments';
import { renditionFileName } from '../../storage/images';
import { type Ledger, ledgerOfPayments } from './invoice-ledger';

/** How invoices and payments are answered: rows of the database mapped to the contract's views. */

export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Signs the address of a private upload (app.urlSigner.url). Receipt photos reach only answers to
 * the student who sent them and to staff, and only through addresses made by this function.
 */
export type SignUrl = (name: string) => string;

function receiptUrls(key: string | null, sign: SignUrl) {
  if (!key) return { receiptUrl: null, receiptThumbUrl: null };
  return { receiptUrl: sign(renditionFileName(key, 1600)), receiptThumbUrl: sign(renditionFileName(key, 400)) };
}

export function paymentView(p: PaymentRow, sign: SignUrl): PaymentView {
  return {
    id: p.id,
    invoiceId: p.invoiceId,
    method: p.method,
    amount: p.amount,
    status: p.status,
    gateway: p.gateway,
    referenceId: p.referenceId,
    cardMasked: p.cardMasked,
    trackingNumber: p.trackingNumber,
    transferredAt: iso(p.transferredAt),
    ...receiptUrls(p.receiptKey, sign),
    note: p.note,
    submittedAt: p.submittedAt.toISOString(),
    decidedAt: iso(p.decidedAt),
    rejectReason: p.rejectReason,
    failureReason: p.failureReason,
    batchId: p.batchId,
  };
}

export function invoiceView(
  inv: InvoiceRow,
  rows: PaymentRow[],
  sign: SignUrl,
  today = isoDateInTehran(),
): InvoiceView {
  return {
    ...invoiceRowView(inv, ledgerOfPayments(inv, rows, today)),
    payments: rows.map((p) => paymentView(p, sign)),
  };
}

/** An invoice without its payments, with the figures the ledger gave it. */
export function invoiceRowView(inv: InvoiceRow, ledger: Ledger): Omit<InvoiceView, 'payments'> {
  return {
    id: inv.id,
    studentId: inv.studentId,
    title: inv.title,
    description: inv.description,
    amount: inv.amount,
    paid: ledger.paid,
    remaining: ledger.remaining,
    pendingAmount: ledger.pending,
    payable: ledger.payable,
    dueDate: inv.dueDate,
    status: ledger.status,
    createdAt: inv.createdAt.toISOString(),
    cancelledAt: iso(inv.cancelledAt),
    cancelReason: inv.cancelReason,
  };
}
