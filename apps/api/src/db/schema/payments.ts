import { MONEY_UNITS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@madreseh/contract/payments/payment-schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { id, instant, instantNow, ref, requiredRef, timestamps } from './columns';
import { students } from './school';
import { users } from './users';

export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const moneyUnitEnum = pgEnum('money_unit', MONEY_UNITS);

/** A sum a student owes: amounts are whole Rials. Its status is derived from its payments. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    studentId: requiredRef('student_id', () => students.id, 'restrict'),
    title: varchar('title', { length: 150 }).notNull(),
    description: text('description'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    createdBy: ref('created_by', () => users.id, 'set null'),
    ...timestamps(),
    cancelledAt: instant('cancelled_at'),
    cancelledBy: ref('cancelled_by', () => users.id, 'set null'),
    cancelReason: varchar('cancel_reason', { length: 300 }),
  },
  (t) => [
    index('invoices_student_idx').on(t.studentId),
    index('invoices_due_idx').on(t.dueDate),
    check('invoices_amount_check', sql`${t.amount} > 0`),
    // One live invoice per student, fee item (title) and due date: a repeated bulk issue adds nothing.
    uniqueIndex('invoices_student_item_due_key')
      .on(t.studentId, t.title, t.dueDate)
      .where(sql`${t.cancelledAt} is null`),
  ],
);

/**
 * Money that came, or may come, for an invoice. Rows are never deleted, and never edited after
 * success; a correction is a new row.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    invoiceId: requiredRef('invoice_id', () => invoices.id, 'restrict'),
    method: paymentMethodEnum('method').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    gateway: varchar('gateway', { length: 30 }),
    authority: varchar('authority', { length: 100 }),
    referenceId: varchar('reference_id', { length: 100 }),
    /** Masked card: first six and last four digits at most, e.g. 603799******1234 or ************1234. */
    cardMasked: varchar('card_masked', { length: 19 }),
    /** Storage key of the receipt photo (through the image pipeline). */
    receiptKey: varchar('receipt_key', { length: 200 }),
    trackingNumber: varchar('tracking_number', { length: 40 }),
    transferredAt: instant('transferred_at'),
    note: varchar('note', { length: 300 }),
    submittedBy: ref('submitted_by', () => users.id, 'set null'),
    submittedAt: instantNow('submitted_at'),
    decidedBy: ref('decided_by', () => users.id, 'set null'),
    decidedAt: instant('decided_at'),
    rejectReason: varchar('reject_reason', { length: 300 }),
    failureReason: varchar('failure_reason', { length: 300 }),
    /**
     * A gateway payment claimed for verification until this time: the gateway is being asked,
     * outside any transaction, and nobody else asks it or pays the invoice another way meanwhile.
     */
    verifyingUntil: instant('verifying_until'),
    /**
     * One share of a parent's payment for several invoices (payment_batches): the gateway knows the
     * batch, this row is what the batch brings to this invoice; its authority stays empty.
     */
    batchId: ref('batch_id', (): AnyPgColumn => paymentBatches.id, 'restrict'),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId),
    index('payments_batch_idx').on(t.batchId),
    index('payments_status_idx').on(t.status, t.method),
    uniqueIndex('payments_gateway_authority_key').on(t.gateway, t.authority),
    uniqueIndex('payments_reference_key').on(t.referenceId),
    // A bank transfer is one receipt: its tracking number, card and day (Tehran) appear once
    // among the receipts not rejected, so it can be credited once.
    uniqueIndex('payments_receipt_transfer_key')
      .on(sql`upper(${t.trackingNumber})`, t.cardMasked, sql`((${t.transferredAt} at time zone 'Asia/Tehran')::date)`)
      .where(sql`${t.method} = 'card_to_card' and ${t.status} <> 'rejected'`),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** The school's payment settings: one row (id 1). */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    id: smallint('id').primaryKey().default(1),
    moneyUnit: moneyUnitEnum('money_unit').notNull().default('toman'),
    cardNumber: varchar('card_number', { length: 16 }),
    cardHolder: varchar('card_holder', { length: 100 }),
    bankName: varchar('bank_name', { length: 60 }),
    /** The school's account number (شبا), «IR» and 24 digits. */
    sheba: varchar('sheba', { length: 26 }),
    updatedAt: instantNow('updated_at'),
  },
  (t) => [check('payment_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * One gateway payment that covers several invoices (a parent paying all their children's open
 * invoices): the gateway is asked for the total; each invoice's share is a `payments` row with
 * this batch id, credited together when the batch is verified.
 */
export const paymentBatches = pgTable(
  'payment_batches',
  {
    id: id(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    gateway: varchar('gateway', { length: 30 }).notNull(),
    authority: varchar('authority', { length: 100 }),
    referenceId: varchar('reference_id', { length: 100 }),
    cardMasked: varchar('card_masked', { length: 19 }),
    submittedBy: ref('submitted_by', () => users.id, 'set null'),
    submittedAt: instantNow('submitted_at'),
    decidedAt: instant('decided_at'),
    failureReason: varchar('failure_reason', { length: 300 }),
    verifyingUntil: instant('verifying_until'),
  },
  (t) => [
    uniqueIndex('payment_batches_gateway_authority_key').on(t.gateway, t.authority),
    uniqueIndex('payment_batches_reference_key').on(t.referenceId),
    index('payment_batches_status_idx').on(t.status),
    check('payment_batches_amount_check', sql`${t.amount} > 0`),
  ],
);
