import type { PaymentView } from '@madreseh/contract/payments/payment-schemas';
import { RECEIPT_LIMITS } from '@madreseh/contract/payments/payment-schemas';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { isUniqueViolation, pgConstraint } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import { studentNameColumns } from '../students/student-records';
import {
  isPendingReceipt,
  ledgerOfPayments,
  paidSql,
  pendingReceiptSql,
  remainingOf,
  sumsOf,
  wouldOverpay,
} from './invoice-ledger';
import { assertNoVerifyInFlight, lockInvoice, paymentsOf } from './invoice-locks';
import { invoicesOfStudent, loadInvoiceView, paymentColumns } from './invoice-reads';
import { getPaymentSettings, moneyText, moneyUnitOf } from './payment-settings';
import { type PaymentRow, paymentView, type SignUrl } from './payment-views';
import { MSG } from './payments.messages';

/**
 * Payments other than online ones: manual payments recorded by staff, card-to-card receipts sent by
 * students and the decisions on them, the approval queue and the student's payment pages.
 */

export async function recordManualPayment(
  db: Db,
  actor: Actor,
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
      throw AppError.badRequest(MSG.overRemaining(await moneyText(tx, remaining)), {
        amount: MSG.overRemaining(await moneyText(tx, remaining)),
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
        submittedBy: actor.userId,
        submittedAt: now,
        decidedBy: actor.userId,
        decidedAt: now,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, 'manual_payment', 'invoice', invoiceId, { paymentId: row.id, amount: input.amount });
    await enqueue(tx, {
      kind: 'payment_confirmed',
      paymentId: row.id,
      studentId: inv.studentId,
      title: inv.title,
      amount: row.amount,
    });
    return paymentView(row, sign);
  });
}

/**
 * Approves or rejects a card-to-card receipt, in one transaction with its audit row. Locks the
 * invoice first and then the receipt, the order every money action takes (lockInvoice).
 */
export async function decideReceipt(
  db: Db,
  actor: Actor,
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
    const by = actor.userId;
    if (decision.approve) {
      if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
      await assertNoVerifyInFlight(tx, p.invoiceId);
      const { paid } = sumsOf(await paymentsOf(tx, p.invoiceId));
      if (wouldOverpay(inv, paid, p.amount)) throw AppError.conflict(MSG.overpay);
      await tx
        .update(payments)
        .set({ status: 'succeeded', decidedAt: now, decidedBy: by })
        .where(eq(payments.id, paymentId));
      await audit(tx, actor, 'approve_receipt', 'payment', paymentId, { invoiceId: p.invoiceId, amount: p.amount });
      await enqueue(tx, {
        kind: 'receipt_approved',
        paymentId,
        studentId: inv.studentId,
        title: inv.title,
        amount: p.amount,
      });
    } else {
      await tx
        .update(payments)
        .set({ status: 'rejected', decidedAt: now, decidedBy: by, rejectReason: decision.reason })
        .where(eq(payments.id, paymentId));
      await audit(tx, actor, 'reject_receipt', 'payment', paymentId, {
        invoiceId: p.invoiceId,
        reason: decision.reason,
      });
      await enqueue(tx, {
        kind: 'receipt_rejected',
        paymentId,
        studentId: inv.studentId,
        title: inv.title,
        reason: decision.reason,
      });
    }
    const [after] = await tx.select().from(payments).where(eq(payments.id, paymentId));
    return paymentView(after as PaymentRow, sign);
  });
}

/** The same bank transfer sent twice (a resend, two tabs, two students): the unique index decides. */
function duplicateReceiptAs409(err: unknown): never {
  if (isUniqueViolation(err) && pgConstraint(err) === 'payments_receipt_transfer_key') {
    throw AppError.conflict(MSG.duplicateReceipt, { trackingNumber: MSG.duplicateReceipt });
  }
  throw err;
}

export async function pendingReceipts(db: Db, sign: SignUrl, { page, pageSize }: { page: number; pageSize: number }) {
  const [counted] = await db.select({ total: count() }).from(payments).where(pendingReceiptSql);
  const rows = await db
    .select({
      p: payments,
      inv: invoices,
      ...studentNameColumns,
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
    studentName: fullNameOf(r),
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
  actor: Actor,
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
      const m = MSG.receiptTooSmall(await moneyText(tx, RECEIPT_LIMITS.minAmount));
      throw AppError.badRequest(m, { amount: m });
    }
    if (input.amount > open) {
      const m = MSG.overRemaining(await moneyText(tx, open));
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
    await audit(tx, actor, 'submit_receipt', 'payment', row.id, {
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
    .select({ p: paymentColumns, inv: invoices })
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
