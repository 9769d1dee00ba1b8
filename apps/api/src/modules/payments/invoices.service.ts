import { isoDateInTehran } from '@madreseh/contract/jalali';
import type { InvoiceStatus, InvoiceView } from '@madreseh/contract/payments/payment-schemas';
import { and, asc, count, desc, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { keptRows } from '../../db/invalidation';
import { invoices, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { isUniqueViolation, pgConstraint } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import { ledgerOfRow, ledgerSql, pendingReceiptSql, statusSql } from './invoice-ledger';
import { type InvoiceRow, invoiceRowView, invoiceView, type PaymentRow, type SignUrl } from './payment-views';
import { FAILURE, MSG } from './payments.messages';

/**
 * Invoices: the reads of one student's invoices and of the admin list, and the admin's actions on
 * them (create, edit, cancel, issue to a class, bulk changes) with the locks every money action takes.
 */

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

export async function paymentsOf(tx: Tx, invoiceId: number) {
  return tx.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

export async function loadInvoiceView(tx: Tx, invoiceId: number, sign: SignUrl): Promise<InvoiceView> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw AppError.notFound(MSG.invoiceNotFound);
  const rows = await tx.select().from(payments).where(eq(payments.invoiceId, invoiceId)).orderBy(asc(payments.id));
  return invoiceView(inv, rows, sign);
}

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
