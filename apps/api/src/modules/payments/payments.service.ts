import { bankOfCard } from '@madreseh/contract/bank';
import { isoDateInTehran } from '@madreseh/contract/jalali';
import type {
  InvoiceStatus,
  InvoiceView,
  MoneyUnit,
  PaymentSettings,
  PaymentView,
} from '@madreseh/contract/payments/payments.contract';
import { RECEIPT_LIMITS } from '@madreseh/contract/payments/payments.contract';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { keptRows, keptUntilChanged } from '../../db/invalidation';
import { invoices, paymentSettings, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { inTransaction } from '../../db/transaction';
import { type AuditSource, audit, changedFields } from '../../lib/audit';
import { isUniqueViolation, pgConstraint } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { imageFileNames } from '../../storage/images';
import {
  isPendingReceipt,
  type Ledger,
  ledgerOfPayments,
  ledgerOfRow,
  ledgerSql,
  paidSql,
  pendingReceiptSql,
  remainingOf,
  statusSql,
  sumsOf,
  wouldOverpay,
} from './invoice-ledger';

export const MSG = {
  noStudent: 'پروندهٔ دانش‌آموزی برای این حساب پیدا نشد.',
  invoiceNotFound: 'صورت‌حساب پیدا نشد.',
  studentNotFound: 'دانش‌آموز پیدا نشد.',
  paymentNotFound: 'پرداخت پیدا نشد.',
  cancelled: 'این صورت‌حساب باطل شده است.',
  nothingToPay: 'مبلغی برای پرداخت باقی نمانده است.',
  waitingReceipts: 'رسیدهای در انتظار بررسی، باقیماندهٔ این صورت‌حساب را پوشش می‌دهند.',
  oneWaitingReceipt:
    'یک رسید این صورت‌حساب هنوز در انتظار بررسی است. پس از بررسی آن (تأیید یا رد) می‌توانید رسید تازه‌ای بفرستید.',
  receiptTooSmall: (min: string) =>
    `مبلغ هر رسید دست‌کم ${min} ریال است (یا همهٔ باقیماندهٔ صورت‌حساب، اگر کمتر از این است).`,
  tooManyReceipts: (n: string) => `در هر ساعت حداکثر ${n} رسید می‌توانید بفرستید. کمی بعد دوباره تلاش کنید.`,
  overRemaining: (max: string) => `مبلغ نمی‌تواند بیشتر از باقیماندهٔ صورت‌حساب (${max} ریال) باشد.`,
  overpay: 'با تأیید این پرداخت، مبلغ پرداختی از مبلغ صورت‌حساب بیشتر می‌شود.',
  notPending: 'این رسید پیش‌تر بررسی شده است.',
  notReceipt: 'فقط رسیدهای کارت به کارت را می‌توان تأیید یا رد کرد.',
  hasPayments: 'صورت‌حسابی که پرداختی دارد را نمی‌توان ویرایش کرد.',
  hasSucceeded: 'صورت‌حسابی که پرداخت موفق دارد را نمی‌توان باطل کرد.',
  noGateway: 'پرداخت آنلاین در حال حاضر در دسترس نیست.',
  gatewayDown: 'درگاه پرداخت پاسخ نداد. چند دقیقهٔ دیگر دوباره تلاش کنید.',
  gatewayRefused: 'درگاه پرداخت درخواست را نپذیرفت. دوباره تلاش کنید.',
  emptyGroup: 'این کلاس دانش‌آموز فعالی ندارد.',
  groupNotFound: 'کلاس پیدا نشد.',
  someNotFound: 'برخی از صورت‌حساب‌های انتخاب‌شده پیدا نشدند.',
  noCard: 'شمارهٔ کارت مدرسه هنوز ثبت نشده است.',
  duplicateInvoice: 'این دانش‌آموز صورت‌حساب باطل‌نشده‌ای با همین عنوان و سررسید دارد.',
  duplicateReceipt:
    'رسید این واریز (همین شمارهٔ پیگیری، همین کارت و همین روز) پیش‌تر ثبت شده است و دوباره پذیرفته نمی‌شود.',
  verifying: 'یک پرداخت آنلاین این صورت‌حساب همین حالا در درگاه در حال تأیید است؛ چند لحظهٔ دیگر دوباره تلاش کنید.',
} as const;

/** Reasons stored on failed payments and shown to the payer. */
export const FAILURE = {
  cancelledByPayer: 'پرداخت در درگاه لغو شد یا ناموفق بود.',
  notVerified: 'درگاه پرداخت، پرداخت را تأیید نکرد.',
  amountMismatch: 'مبلغ تأییدشده با مبلغ پرداخت یکسان نبود.',
  invoiceSettled: 'صورت‌حساب پیش از تأیید این پرداخت تسویه یا باطل شده بود؛ مبلغ از سوی درگاه بازگردانده می‌شود.',
  gatewayRefused: 'درگاه پرداخت درخواست را نپذیرفت.',
  gatewayDown: 'درگاه پرداخت پاسخ نداد.',
  abandoned: 'پرداخت در درگاه آزمایشی نیمه‌کاره رها شد.',
  expired: 'پرداخت در مهلت مقرر در درگاه انجام نشد.',
  invoiceCancelled: 'صورت‌حساب باطل شد.',
} as const;

type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof payments.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Signs the address of a private upload (app.urlSigner.url). Receipt photos reach only answers to
 * the student who sent them and to staff, and only through addresses made by this function.
 */
export type SignUrl = (name: string) => string;

function receiptUrls(key: string | null, sign: SignUrl) {
  if (!key) return { receiptUrl: null, receiptThumbUrl: null };
  const [thumb, large] = imageFileNames(key) as [string, string];
  return { receiptUrl: sign(large), receiptThumbUrl: sign(thumb) };
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
function invoiceRowView(inv: InvoiceRow, ledger: Ledger): Omit<InvoiceView, 'payments'> {
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

/**
 * The invoices of one student with all their payments, newest due date last: one statement, the payments
 * a lateral join read invoice by invoice through their index (never a scan of every payment).
 */
export async function invoicesOfStudent(db: Tx, studentId: number, sign: SignUrl): Promise<InvoiceView[]> {
  const columns = getTableColumns(payments);
  const pay = db.select(columns).from(payments).where(eq(payments.invoiceId, invoices.id)).as('pay');
  const payColumns = Object.fromEntries(Object.keys(columns).map((k) => [k, pay[k as keyof typeof columns]]));
  const rows = await db
    .select({ inv: invoices, pay: payColumns as unknown as typeof columns })
    .from(invoices)
    .leftJoinLateral(pay, sql`true`)
    .where(eq(invoices.studentId, studentId))
    .orderBy(asc(invoices.dueDate), asc(invoices.id), asc(pay.submittedAt), asc(pay.id));
  const byInvoice = new Map<number, { inv: InvoiceRow; pays: PaymentRow[] }>();
  for (const r of rows) {
    let entry = byInvoice.get(r.inv.id);
    if (!entry) {
      entry = { inv: r.inv, pays: [] };
      byInvoice.set(r.inv.id, entry);
    }
    if (r.pay) entry.pays.push(r.pay);
  }
  const today = isoDateInTehran();
  return [...byInvoice.values()].map((e) => invoiceView(e.inv, e.pays, sign, today));
}

/** A student's id by account, kept in memory until the record changes (db/invalidation.ts). */
const keptStudentIds = keptRows<number, number | null>({ dropWhen: (tag, userId) => tag === `users:${userId}` });

/** The student record of a signed-in student; students reach only their own data through it. */
export async function studentOfUser(db: Tx, userId: number): Promise<number> {
  const id = await keptStudentIds(db, userId, async () => {
    const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
    return row?.id ?? null;
  });
  if (id === null) throw AppError.forbidden(MSG.noStudent);
  return id;
}

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

async function paymentsOf(tx: Tx, invoiceId: number) {
  return tx.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

export async function loadInvoiceView(tx: Tx, invoiceId: number, sign: SignUrl): Promise<InvoiceView> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw AppError.notFound(MSG.invoiceNotFound);
  const rows = await tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
  return invoiceView(inv, rows, sign);
}

const rialText = (n: number) => n.toLocaleString('en-US');

// ---------- settings ----------

const keptPaymentSettings = keptUntilChanged<{ row: typeof paymentSettings.$inferSelect | undefined }>(
  'payment_settings',
);

export async function getPaymentSettings(db: Tx): Promise<PaymentSettings> {
  // Kept in memory until the row changes (db/invalidation.ts), except inside a transaction.
  const { row } = await keptPaymentSettings(db, async () => {
    const [r] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
    return { row: r };
  });
  return {
    moneyUnit: row?.moneyUnit ?? 'toman',
    cardNumber: row?.cardNumber ?? null,
    cardHolder: row?.cardHolder ?? null,
    bankName: row?.bankName ?? null,
    sheba: row?.sheba ?? null,
  };
}

export async function moneyUnitOf(db: Tx): Promise<MoneyUnit> {
  return (await getPaymentSettings(db)).moneyUnit;
}

export async function savePaymentSettings(
  db: Db,
  request: FastifyRequest,
  form: PaymentSettings,
): Promise<PaymentSettings> {
  // The bank comes from the card's first six digits when no name was typed.
  const input = {
    ...form,
    bankName: form.bankName ?? (form.cardNumber ? (bankOfCard(form.cardNumber)?.name ?? null) : null),
  };
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(paymentSettings).where(eq(paymentSettings.id, 1)).for('update');
    await tx
      .insert(paymentSettings)
      .values({ id: 1, ...input, updatedAt: new Date() })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...input, updatedAt: new Date() } });
    // The card and account numbers appear in the audit trail only as their last four digits.
    await audit(tx, request, 'update', 'payment_settings', 1, changedFields(current ?? { moneyUnit: 'toman' }, input));
    return getPaymentSettings(tx);
  });
}

// ---------- admin: invoices ----------

export async function studentHeader(db: Tx, studentId: number) {
  const [row] = await db
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      groupName: groups.name,
    })
    .from(students)
    .leftJoin(groups, eq(groups.id, students.groupId))
    .where(eq(students.id, studentId));
  if (!row) throw AppError.notFound(MSG.studentNotFound);
  return { id: row.id, fullName: `${row.firstName} ${row.lastName}`, groupName: row.groupName ?? null };
}

export interface InvoiceInput {
  title: string;
  description?: string | undefined;
  amount: number;
  dueDate: string;
}

export async function createInvoice(
  db: Db,
  request: FastifyRequest,
  studentId: number,
  input: InvoiceInput,
  sign: SignUrl,
) {
  return inTransaction(db, async (tx) => {
    await studentHeader(tx, studentId);
    const [row] = await tx
      .insert(invoices)
      .values({
        studentId,
        title: input.title,
        description: input.description ?? null,
        amount: input.amount,
        dueDate: input.dueDate,
        createdBy: request.auth?.userId ?? null,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, request, 'create', 'invoice', row.id, { studentId, amount: input.amount, title: input.title });
    return invoiceView(row, [], sign);
  }).catch(duplicateInvoiceAs409);
}

/** A second live invoice of the same title and due date for a student is a 409, not a 500. */
function duplicateInvoiceAs409(err: unknown): never {
  if (isUniqueViolation(err) && pgConstraint(err) === 'invoices_student_item_due_key') {
    throw AppError.conflict(MSG.duplicateInvoice, { title: MSG.duplicateInvoice });
  }
  throw err;
}

/** The same bank transfer sent twice (a resend, two tabs, two students): the unique index decides. */
function duplicateReceiptAs409(err: unknown): never {
  if (isUniqueViolation(err) && pgConstraint(err) === 'payments_receipt_transfer_key') {
    throw AppError.conflict(MSG.duplicateReceipt, { trackingNumber: MSG.duplicateReceipt });
  }
  throw err;
}

export async function updateInvoice(
  db: Db,
  request: FastifyRequest,
  invoiceId: number,
  input: InvoiceInput,
  sign: SignUrl,
) {
  return inTransaction(db, async (tx) => {
    const inv = await lockInvoice(tx, invoiceId);
    if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
    const rows = await paymentsOf(tx, invoiceId);
    if (rows.some((p) => p.status === 'succeeded' || p.status === 'pending')) throw AppError.conflict(MSG.hasPayments);
    await tx
      .update(invoices)
      .set({
        title: input.title,
        description: input.description ?? null,
        amount: input.amount,
        dueDate: input.dueDate,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, invoiceId));
    await audit(
      tx,
      request,
      'update',
      'invoice',
      invoiceId,
      changedFields(inv, { ...input, description: input.description ?? null }, [
        'title',
        'description',
        'amount',
        'dueDate',
      ]),
    );
    return loadInvoiceView(tx, invoiceId, sign);
  }).catch(duplicateInvoiceAs409);
}

async function cancelLocked(tx: Tx, request: FastifyRequest, inv: InvoiceRow, reason: string) {
  const rows = await paymentsOf(tx, inv.id);
  if (rows.some((p) => p.status === 'succeeded')) throw AppError.conflict(MSG.hasSucceeded);
  await assertNoVerifyInFlight(tx, inv.id);
  const now = new Date();
  await tx
    .update(invoices)
    .set({ cancelledAt: now, cancelledBy: request.auth?.userId ?? null, cancelReason: reason, updatedAt: now })
    .where(eq(invoices.id, inv.id));
  // Receipts waiting on a cancelled invoice are turned down with the reason the student will see,
  // each with its own audit row.
  const rejectReason = `${FAILURE.invoiceCancelled} ${reason}`.slice(0, 300);
  const rejected = await tx
    .update(payments)
    .set({ status: 'rejected', rejectReason, decidedAt: now, decidedBy: request.auth?.userId ?? null })
    .where(and(eq(payments.invoiceId, inv.id), pendingReceiptSql))
    .returning({ id: payments.id, amount: payments.amount });
  for (const p of rejected) {
    await audit(tx, request, 'reject_receipt', 'payment', p.id, {
      invoiceId: inv.id,
      amount: p.amount,
      reason: rejectReason,
      cause: 'invoice_cancelled',
    });
  }
}

export async function cancelInvoice(db: Db, request: FastifyRequest, invoiceId: number, reason: string, sign: SignUrl) {
  return inTransaction(db, async (tx) => {
    const inv = await lockInvoice(tx, invoiceId);
    if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
    await cancelLocked(tx, request, inv, reason);
    await audit(tx, request, 'cancel', 'invoice', invoiceId, { reason });
    return loadInvoiceView(tx, invoiceId, sign);
  });
}

export async function recordManualPayment(
  db: Db,
  request: FastifyRequest,
  invoiceId: number,
  input: { amount: number; note?: string | undefined },
  sign: SignUrl,
): Promise<PaymentView> {
  return inTransaction(db, async (tx) => {
    const inv = await lockInvoice(tx, invoiceId);
    if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
    await assertNoVerifyInFlight(tx, invoiceId);
    const { remaining } = ledgerOfPayments(inv, await paymentsOf(tx, invoiceId));
    if (remaining <= 0) throw AppError.conflict(MSG.nothingToPay);
    if (input.amount > remaining) {
      throw AppError.badRequest(MSG.overRemaining(rialText(remaining)), {
        amount: MSG.overRemaining(rialText(remaining)),
      });
    }
    const now = new Date();
    const [row] = await tx
      .insert(payments)
      .values({
        invoiceId,
        method: 'manual',
        amount: input.amount,
        status: 'succeeded',
        note: input.note ?? null,
        submittedBy: request.auth?.userId ?? null,
        submittedAt: now,
        decidedBy: request.auth?.userId ?? null,
        decidedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, request, 'manual_payment', 'invoice', invoiceId, { paymentId: row.id, amount: input.amount });
    return paymentView(row, sign);
  });
}

/**
 * Approves or rejects a card-to-card receipt, in one transaction with its audit row. Locks the
 * invoice first and then the receipt, the order every money action takes (lockInvoice).
 */
export async function decideReceipt(
  db: Db,
  request: FastifyRequest,
  paymentId: number,
  decision: { approve: true } | { approve: false; reason: string },
  sign: SignUrl,
): Promise<PaymentView> {
  return inTransaction(db, async (tx) => {
    const [found] = await tx.select({ invoiceId: payments.invoiceId }).from(payments).where(eq(payments.id, paymentId));
    if (!found) throw AppError.notFound(MSG.paymentNotFound);
    const inv = await lockInvoice(tx, found.invoiceId);
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!p) throw AppError.notFound(MSG.paymentNotFound);
    if (p.method !== 'card_to_card') throw AppError.conflict(MSG.notReceipt);
    if (p.status !== 'pending') throw AppError.conflict(MSG.notPending);
    const now = new Date();
    const by = request.auth?.userId ?? null;
    if (decision.approve) {
      if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
      await assertNoVerifyInFlight(tx, p.invoiceId);
      const { paid } = sumsOf(await paymentsOf(tx, p.invoiceId));
      if (wouldOverpay(inv, paid, p.amount)) throw AppError.conflict(MSG.overpay);
      await tx
        .update(payments)
        .set({ status: 'succeeded', decidedAt: now, decidedBy: by })
        .where(eq(payments.id, paymentId));
      await audit(tx, request, 'approve_receipt', 'payment', paymentId, { invoiceId: p.invoiceId, amount: p.amount });
    } else {
      await tx
        .update(payments)
        .set({ status: 'rejected', decidedAt: now, decidedBy: by, rejectReason: decision.reason })
        .where(eq(payments.id, paymentId));
      await audit(tx, request, 'reject_receipt', 'payment', paymentId, {
        invoiceId: p.invoiceId,
        reason: decision.reason,
      });
    }
    const [after] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    return paymentView(after as PaymentRow, sign);
  });
}

/**
 * Issues installments to every active student of a class. A student who already has a live
 * invoice of the same title and due date is skipped (a unique index decides, also between two
 * requests racing), so issuing the same thing again adds nothing.
 */
export async function bulkCreateInvoices(
  db: Db,
  request: FastifyRequest,
  groupId: number,
  installments: InvoiceInput[],
): Promise<{ created: number; students: number; skipped: number }> {
  return inTransaction(db, async (tx) => {
    const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
    if (!group) throw AppError.notFound(MSG.groupNotFound);
    const members = await tx
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.groupId, groupId), eq(students.status, 'active')))
      // One order for every request: two racing issues meet on the same first row, not in a deadlock.
      .orderBy(asc(students.id));
    if (!members.length) throw AppError.conflict(MSG.emptyGroup);
    const by = request.auth?.userId ?? null;
    const values = members.flatMap((s) =>
      installments.map((i) => ({
        studentId: s.id,
        title: i.title,
        description: i.description ?? null,
        amount: i.amount,
        dueDate: i.dueDate,
        createdBy: by,
      })),
    );
    let created = 0;
    for (let i = 0; i < values.length; i += 1000) {
      const rows = await tx
        .insert(invoices)
        .values(values.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ id: invoices.id });
      created += rows.length;
    }
    const skipped = values.length - created;
    await audit(tx, request, 'bulk_create', 'invoice', null, {
      groupId,
      students: members.length,
      created,
      skipped,
      installments: installments.map((i) => ({ title: i.title, amount: i.amount, dueDate: i.dueDate })),
    });
    return { created, students: members.length, skipped };
  });
}

export async function bulkUpdateInvoices(
  db: Db,
  request: FastifyRequest,
  input: { ids: number[]; dueDate?: string | undefined; cancelReason?: string | undefined },
): Promise<{ updated: number }> {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  return inTransaction(db, async (tx) => {
    const rows = await tx
      .select()
      .from(invoices)
      .where(inArray(invoices.id, ids))
      .orderBy(asc(invoices.id))
      .for('update');
    if (rows.length !== ids.length) throw AppError.notFound(MSG.someNotFound);
    const live = rows.filter((r) => !r.cancelledAt);
    if (input.dueDate) {
      if (live.length) {
        await tx
          .update(invoices)
          .set({ dueDate: input.dueDate, updatedAt: new Date() })
          .where(
            inArray(
              invoices.id,
              live.map((r) => r.id),
            ),
          );
      }
      await audit(tx, request, 'bulk_due_date', 'invoice', null, {
        ids: live.map((r) => r.id),
        dueDate: input.dueDate,
      });
    } else if (input.cancelReason) {
      for (const inv of live) await cancelLocked(tx, request, inv, input.cancelReason);
      await audit(tx, request, 'bulk_cancel', 'invoice', null, {
        ids: live.map((r) => r.id),
        reason: input.cancelReason,
      });
    }
    return { updated: live.length };
  }).catch(duplicateInvoiceAs409);
}

export async function listInvoices(
  db: Db,
  query: {
    page: number;
    pageSize: number;
    groupId?: number | undefined;
    status?: InvoiceStatus | undefined;
    q?: string | undefined;
  },
) {
  const today = isoDateInTehran();
  const status = statusSql(today);
  const where = and(
    query.groupId ? eq(students.groupId, query.groupId) : undefined,
    query.status ? sql`${status} = ${query.status}` : undefined,
    query.q
      ? sql`(${invoices.title} ilike ${`%${query.q}%`} or ${students.searchText} ilike ${`%${query.q}%`})`
      : undefined,
  );
  const [total] = await db
    .select({ n: count() })
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .where(where);
  const rows = await db
    .select({
      inv: invoices,
      ...ledgerSql,
      firstName: students.firstName,
      lastName: students.lastName,
      groupName: groups.name,
    })
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .leftJoin(groups, eq(groups.id, students.groupId))
    .where(where)
    .orderBy(desc(invoices.dueDate), asc(students.sortName), asc(invoices.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return {
    items: rows.map((r) => ({
      ...invoiceRowView(r.inv, ledgerOfRow(r.inv, r, today)),
      studentName: `${r.firstName} ${r.lastName}`,
      groupName: r.groupName ?? null,
    })),
    total: total?.n ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function groupsForInvoicing(db: Db) {
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      academicYear: groups.academicYear,
      students: sql<number>`(select count(*) from students s where s.group_id = "groups"."id" and s.status = 'active')::int`,
    })
    .from(groups)
    .orderBy(desc(groups.academicYear), asc(groups.gradeLevel), asc(groups.sortName));
  return rows.map((r) => ({ ...r, students: Number(r.students) }));
}

export async function pendingReceipts(db: Db, sign: SignUrl, { page, pageSize }: { page: number; pageSize: number }) {
  const [counted] = await db.select({ total: count() }).from(payments).where(pendingReceiptSql);
  const rows = await db
    .select({
      p: payments,
      inv: invoices,
      firstName: students.firstName,
      lastName: students.lastName,
      groupName: groups.name,
      paid: paidSql,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(students, eq(students.id, invoices.studentId))
    .leftJoin(groups, eq(groups.id, students.groupId))
    .where(pendingReceiptSql)
    .orderBy(asc(payments.submittedAt), asc(payments.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const items = rows.map((r) => ({
    ...paymentView(r.p, sign),
    invoiceTitle: r.inv.title,
    invoiceAmount: r.inv.amount,
    invoiceRemaining: remainingOf(r.inv, Number(r.paid)),
    studentId: r.inv.studentId,
    studentName: `${r.firstName} ${r.lastName}`,
    groupName: r.groupName ?? null,
  }));
  return { items, total: Number(counted?.total ?? 0), page, pageSize };
}

// ---------- student: card to card ----------

export async function submitCardToCard(
  db: Db,
  input: {
    studentId: number;
    userId: number;
    invoiceId: number;
    amount: number;
    cardLast4: string;
    trackingNumber: string;
    transferredAt: string;
    receiptKey?: string | undefined;
  },
  request: AuditSource,
  sign: SignUrl,
): Promise<PaymentView> {
  return inTransaction(db, async (tx) => {
    const inv = await lockInvoice(tx, input.invoiceId);
    if (inv.studentId !== input.studentId) throw AppError.notFound(MSG.invoiceNotFound);
    if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
    const existing = await paymentsOf(tx, inv.id);
    const { remaining, payable: open } = ledgerOfPayments(inv, existing);
    if (remaining <= 0) throw AppError.conflict(MSG.nothingToPay);
    // One receipt waits per invoice (the invoice row is locked: two at once cannot both pass).
    if (existing.some(isPendingReceipt)) throw AppError.conflict(MSG.oneWaitingReceipt);
    if (open <= 0) throw AppError.conflict(MSG.waitingReceipts);
    if (input.amount < Math.min(RECEIPT_LIMITS.minAmount, open)) {
      const m = MSG.receiptTooSmall(rialText(RECEIPT_LIMITS.minAmount));
      throw AppError.badRequest(m, { amount: m });
    }
    if (input.amount > open) {
      const m = MSG.overRemaining(rialText(open));
      throw AppError.badRequest(m, { amount: m });
    }
    const transferred = new Date(input.transferredAt);
    if (transferred.getTime() > Date.now() + 5 * 60_000) {
      const m = 'زمان واریز نمی‌تواند در آینده باشد.';
      throw AppError.badRequest(m, { transferredAt: m });
    }
    const [row] = await tx
      .insert(payments)
      .values({
        invoiceId: inv.id,
        method: 'card_to_card',
        amount: input.amount,
        status: 'pending',
        cardMasked: `************${input.cardLast4}`,
        trackingNumber: input.trackingNumber,
        transferredAt: transferred,
        receiptKey: input.receiptKey ?? null,
        submittedBy: input.userId,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, request, 'submit_receipt', 'payment', row.id, {
      invoiceId: inv.id,
      amount: input.amount,
      trackingNumber: input.trackingNumber,
    });
    return paymentView(row, sign);
  }).catch(duplicateReceiptAs409);
}

export async function cardToCardView(db: Db, studentId: number, sign: SignUrl) {
  const settings = await getPaymentSettings(db);
  const list = await invoicesOfStudent(db, studentId, sign);
  return {
    card: settings.cardNumber
      ? { number: settings.cardNumber, holder: settings.cardHolder, bank: settings.bankName }
      : null,
    moneyUnit: settings.moneyUnit,
    invoices: list
      .filter((i) => i.payable > 0)
      .map((i) => ({ id: i.id, title: i.title, remaining: i.payable, dueDate: i.dueDate })),
    submissions: list
      .flatMap((i) =>
        i.payments.filter((p) => p.method === 'card_to_card').map((p) => ({ ...p, invoiceTitle: i.title })),
      )
      .sort((a, b) => b.submittedAt.localeCompare(a.submittedAt) || b.id - a.id),
  };
}

/** One of a student's payments, for the result page; another student's payment is not found. */
export async function paymentOfStudent(db: Db, studentId: number, paymentId: number, sign: SignUrl) {
  const [row] = await db
    .select({ p: payments, inv: invoices })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.id, paymentId), eq(invoices.studentId, studentId)));
  if (!row) throw AppError.notFound(MSG.paymentNotFound);
  const view = await loadInvoiceView(db, row.inv.id, sign);
  return {
    ...paymentView(row.p, sign),
    invoiceTitle: row.inv.title,
    invoiceRemaining: view.remaining,
    moneyUnit: await moneyUnitOf(db),
  };
}

/** A pending payment of the built-in test gateway, for its page. */
export async function sandboxPayment(db: Db, authority: string) {
  const [row] = await db
    .select({ amount: payments.amount, title: invoices.title, status: payments.status })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .where(and(eq(payments.gateway, 'sandbox'), eq(payments.authority, authority)));
  if (row?.status !== 'pending') throw AppError.notFound(MSG.paymentNotFound);
  return row;
}
