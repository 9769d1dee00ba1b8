import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoices, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { isUniqueViolation, pgConstraint } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import { pendingReceiptSql } from './invoice-ledger';
import { assertNoVerifyInFlight, lockInvoice, paymentsOf } from './invoice-locks';
import { loadInvoiceView, studentHeader } from './invoice-reads';
import { type InvoiceRow, invoiceView, type SignUrl } from './payment-views';
import { FAILURE, MSG } from './payments.messages';

/**
 * The admin's actions on invoices: create, edit, cancel, issue to a class and bulk changes, each under
 * the locks every money action takes (invoice-locks.ts). The reads are in invoice-reads.ts.
 */

export interface InvoiceInput {
  title: string;
  description?: string | undefined;
  amount: number;
  dueDate: string;
}

export async function createInvoice(db: Db, actor: Actor, studentId: number, input: InvoiceInput, sign: SignUrl) {
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
        createdBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, 'create', 'invoice', row.id, { studentId, amount: input.amount, title: input.title });
    await enqueue(tx, {
      kind: 'invoice_issued',
      invoiceId: row.id,
      studentId,
      title: row.title,
      amount: row.amount,
      due: row.dueDate,
    });
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

export async function updateInvoice(db: Db, actor: Actor, invoiceId: number, input: InvoiceInput, sign: SignUrl) {
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
      actor,
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

async function cancelLocked(tx: Tx, actor: Actor, inv: InvoiceRow, reason: string) {
  const rows = await paymentsOf(tx, inv.id);
  if (rows.some((p) => p.status === 'succeeded')) throw AppError.conflict(MSG.hasSucceeded);
  await assertNoVerifyInFlight(tx, inv.id);
  const now = new Date();
  await tx
    .update(invoices)
    .set({ cancelledAt: now, cancelledBy: actor.userId, cancelReason: reason, updatedAt: now })
    .where(eq(invoices.id, inv.id));
  // Receipts waiting on a cancelled invoice are turned down with the reason the student will see,
  // each with its own audit row.
  const rejectReason = `${FAILURE.invoiceCancelled} ${reason}`.slice(0, 300);
  const rejected = await tx
    .update(payments)
    .set({ status: 'rejected', rejectReason, decidedAt: now, decidedBy: actor.userId })
    .where(and(eq(payments.invoiceId, inv.id), pendingReceiptSql))
    .returning({ id: payments.id, amount: payments.amount });
  for (const p of rejected) {
    await audit(tx, actor, 'reject_receipt', 'payment', p.id, {
      invoiceId: inv.id,
      amount: p.amount,
      reason: rejectReason,
      cause: 'invoice_cancelled',
    });
  }
}

export async function cancelInvoice(db: Db, actor: Actor, invoiceId: number, reason: string, sign: SignUrl) {
  return inTransaction(db, async (tx) => {
    const inv = await lockInvoice(tx, invoiceId);
    if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
    await cancelLocked(tx, actor, inv, reason);
    await audit(tx, actor, 'cancel', 'invoice', invoiceId, { reason });
    return loadInvoiceView(tx, invoiceId, sign);
  });
}

/**
 * Issues installments to every active student of a class. A student who already has a live
 * invoice of the same title and due date is skipped (a unique index decides, also between two
 * requests racing), so issuing the same thing again adds nothing.
 */
export async function bulkCreateInvoices(
  db: Db,
  actor: Actor,
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
    const by = actor.userId;
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
        .returning({
          id: invoices.id,
          studentId: invoices.studentId,
          title: invoices.title,
          amount: invoices.amount,
          dueDate: invoices.dueDate,
        });
      created += rows.length;
      await enqueue(
        tx,
        rows.map((r) => ({
          kind: 'invoice_issued' as const,
          invoiceId: r.id,
          studentId: r.studentId,
          title: r.title,
          amount: r.amount,
          due: r.dueDate,
        })),
      );
    }
    const skipped = values.length - created;
    await audit(tx, actor, 'bulk_create', 'invoice', null, {
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
  actor: Actor,
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
      await audit(tx, actor, 'bulk_due_date', 'invoice', null, {
        ids: live.map((r) => r.id),
        dueDate: input.dueDate,
      });
    } else if (input.cancelReason) {
      for (const inv of live) await cancelLocked(tx, actor, inv, input.cancelReason);
      await audit(tx, actor, 'bulk_cancel', 'invoice', null, {
        ids: live.map((r) => r.id),
        reason: input.cancelReason,
      });
    }
    return { updated: live.length };
  }).catch(duplicateInvoiceAs409);
}
