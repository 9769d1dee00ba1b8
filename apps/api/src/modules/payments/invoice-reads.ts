import { isoDateInTehran } from '@madreseh/contract/jalali';
import type { InvoiceStatus, InvoiceView } from '@madreseh/contract/payments/payment-schemas';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { keptRows } from '../../db/invalidation';
import { perDatabase } from '../../db/prepared';
import { invoices, paymentBatches, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { studentNameColumns } from '../students/student-records';
import { ledgerOfRow, ledgerSql, statusSql } from './invoice-ledger';
import { type InvoiceRow, invoiceRowView, invoiceView, type PaymentRow, type SignUrl } from './payment-views';
import { MSG } from './payments.messages';

/**
 * Invoices read: one student's with their payments, one invoice, the student heading an invoice page,
 * the admin list and the classes to issue invoices to.
 */

/**
 * A payment's gateway reference as receipts and invoice pages show it. A share of a batch payment (a parent
 * paying several invoices at once) has none of its own: a reference is unique to one row, so it stays on the
 * batch, and the share shows the batch's.
 */
const referenceSql = sql<
  string | null
>`coalesce(${payments.referenceId}, (select ${paymentBatches.referenceId} from ${paymentBatches} where ${paymentBatches.id} = ${payments.batchId}))`;

/** Every column of a payment, with its reference as above. */
export const paymentColumns = { ...getTableColumns(payments), referenceId: referenceSql.as('reference_id') };

/**
 * The invoices of one student with all their payments, newest due date last: one statement, the payments
 * a lateral join read invoice by invoice through their index (never a scan of every payment). Built and
 * prepared once per database: every student's and parent's invoice page runs it.
 */
const studentInvoiceRows = perDatabase((db) => {
  const columns = paymentColumns;
  const pay = db.select(columns).from(payments).where(eq(payments.invoiceId, invoices.id)).as('pay');
  const payColumns = Object.fromEntries(Object.keys(columns).map((k) => [k, pay[k as keyof typeof columns]]));
  return db
    .select({ inv: invoices, pay: payColumns as unknown as typeof columns })
    .from(invoices)
    .leftJoinLateral(pay, sql`true`)
    .where(eq(invoices.studentId, sql.placeholder('studentId')))
    .orderBy(asc(invoices.dueDate), asc(invoices.id), asc(pay.submittedAt), asc(pay.id))
    .prepare('student_invoices');
});

export async function invoicesOfStudent(db: Db, studentId: number, sign: SignUrl): Promise<InvoiceView[]> {
  const rows = await studentInvoiceRows(db).execute({ studentId });
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
const keptStudentIds = keptRows<number, number | null>({
  tables: ['users'],
  dropWhen: (tag, userId) => tag === `users:${userId}`,
});

/** The student record of a signed-in student; students reach only their own data through it. */
export async function studentOfUser(db: Tx, userId: number): Promise<number> {
  const id = await keptStudentIds(db, userId, async () => {
    const [row] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
    return row?.id ?? null;
  });
  if (id === null) throw AppError.forbidden(MSG.noStudent);
  return id;
}

export async function loadInvoiceView(tx: Tx, invoiceId: number, sign: SignUrl): Promise<InvoiceView> {
  const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!inv) throw AppError.notFound(MSG.invoiceNotFound);
  const rows = await tx
    .select(paymentColumns)
    .from(payments)
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.id));
  return invoiceView(inv, rows, sign);
}

export async function studentHeader(db: Tx, studentId: number) {
  const [row] = await db
    .select({
      id: students.id,
      ...studentNameColumns,
      groupName: groups.name,
    })
    .from(students)
    .leftJoin(groups, eq(groups.id, students.groupId))
    .where(eq(students.id, studentId));
  if (!row) throw AppError.notFound(MSG.studentNotFound);
  return { id: row.id, fullName: fullNameOf(row), groupName: row.groupName ?? null };
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
      ? sql`(${invoices.title} ilike ${containsPattern(query.q)} or ${students.searchText} ilike ${containsPattern(query.q)})`
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
      ...studentNameColumns,
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
      studentName: fullNameOf(r),
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
