import { isoDateInTehran, tehranDayStart } from '@madreseh/contract/jalali';
import {
  exportRangeProblem,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@madreseh/contract/payments/payment-schemas';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, eq, gte, lt, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { invoices, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import {
  addSheet,
  type Column,
  jalaliDateCell,
  jalaliDateTimeCell,
  MONEY_FORMAT,
  newWorkbook,
  writeXlsx,
} from '../../lib/spreadsheet';
import { studentNameColumns } from '../students/student-records';
import { gatewayLabel } from './gateways';
import { invoiceStatus, paidSql, remainingOf } from './invoice-ledger';
import { paymentColumns } from './invoice-reads';

/**
 * The office's export of invoices and payments for a date range, read a batch of rows per statement:
 * - «صورت‌حساب‌ها»: invoices whose due date falls in the range, with what was paid and what remains;
 * - «پرداخت‌ها»: every payment (any method and state) sent or decided on a day of the range, Tehran time.
 * A student is named by full name, student number and class: usernames of imported students are
 * their national codes, which stay out of files that travel by e-mail and USB sticks.
 */

const studentCols = {
  ...studentNameColumns,
  studentNumber: students.studentNumber,
  groupName: groups.name,
};

interface StudentCells {
  firstName: string;
  lastName: string;
  studentNumber: string | null;
  groupName: string | null;
}

function studentColumns<T extends StudentCells>(): Column<T>[] {
  return [
    { header: 'دانش‌آموز', width: 22, value: (r) => fullNameOf(r) },
    { header: 'شمارهٔ دانش‌آموزی', width: 16, numFmt: '@', value: (r) => r.studentNumber ?? '' },
    { header: 'کلاس', width: 14, value: (r) => r.groupName ?? '' },
  ];
}

type InvoiceExportRow = StudentCells & {
  inv: typeof invoices.$inferSelect;
  paid: number;
};

type PaymentExportRow = StudentCells & {
  p: typeof payments.$inferSelect;
  invoiceTitle: string;
  decidedBy: string | null;
};

const rials = (header: string) => `${header} (ریال)`;

function invoiceColumns(today: string): Column<InvoiceExportRow>[] {
  const remaining = (r: InvoiceExportRow) => remainingOf(r.inv, r.paid);
  return [
    { header: 'شمارهٔ صورت‌حساب', width: 14, value: (r) => r.inv.id },
    ...studentColumns<InvoiceExportRow>(),
    { header: 'عنوان', width: 28, value: (r) => r.inv.title },
    { header: rials('مبلغ'), width: 16, numFmt: MONEY_FORMAT, value: (r) => r.inv.amount },
    { header: rials('پرداخت‌شده'), width: 16, numFmt: MONEY_FORMAT, value: (r) => r.paid },
    { header: rials('باقیمانده'), width: 16, numFmt: MONEY_FORMAT, value: remaining },
    { header: 'وضعیت', width: 14, value: (r) => INVOICE_STATUS_LABELS[invoiceStatus(r.inv, r.paid, today)] },
    { header: 'سررسید', width: 12, value: (r) => jalaliDateCell(r.inv.dueDate) },
    { header: 'زمان صدور', width: 17, value: (r) => jalaliDateTimeCell(r.inv.createdAt) },
    { header: 'دلیل ابطال', width: 28, value: (r) => r.inv.cancelReason ?? '' },
  ];
}

const PAYMENT_COLUMNS: Column<PaymentExportRow>[] = [
  { header: 'شمارهٔ پرداخت', width: 12, value: (r) => r.p.id },
  { header: 'شمارهٔ صورت‌حساب', width: 14, value: (r) => r.p.invoiceId },
  { header: 'عنوان صورت‌حساب', width: 28, value: (r) => r.invoiceTitle },
  ...studentColumns<PaymentExportRow>(),
  { header: 'روش', width: 14, value: (r) => PAYMENT_METHOD_LABELS[r.p.method] },
  { header: 'درگاه', width: 14, value: (r) => (r.p.gateway ? gatewayLabel(r.p.gateway) : '') },
  { header: 'وضعیت', width: 14, value: (r) => PAYMENT_STATUS_LABELS[r.p.status] },
  { header: rials('مبلغ'), width: 16, numFmt: MONEY_FORMAT, value: (r) => r.p.amount },
  { header: 'شمارهٔ مرجع درگاه', width: 20, numFmt: '@', value: (r) => r.p.referenceId ?? '' },
  { header: 'شمارهٔ پیگیری بانکی', width: 18, numFmt: '@', value: (r) => r.p.trackingNumber ?? '' },
  { header: 'کارت', width: 19, numFmt: '@', value: (r) => r.p.cardMasked ?? '' },
  { header: 'زمان واریز', width: 17, value: (r) => jalaliDateTimeCell(r.p.transferredAt) },
  { header: 'زمان ثبت', width: 17, value: (r) => jalaliDateTimeCell(r.p.submittedAt) },
  { header: 'زمان بررسی', width: 17, value: (r) => jalaliDateTimeCell(r.p.decidedAt) },
  { header: 'بررسی‌کننده', width: 18, value: (r) => r.decidedBy ?? '' },
  { header: 'دلیل رد یا ناکامی', width: 30, value: (r) => r.p.rejectReason ?? r.p.failureReason ?? '' },
  { header: 'یادداشت', width: 24, value: (r) => r.p.note ?? '' },
];

/**
 * Rows read per statement: each is a short step, so other requests' statements and turns run between (on
 * the embedded database, which runs one statement at a time, a request waits for at most one of them).
 */
export const EXPORT_BATCH = 250;

/**
 * The invoices of the range in the sheet's order (due date, class, student, invoice number), read in
 * batches. The students come first, ranked once by class and name (equal names share a rank, so the
 * invoice number orders them as one sort would); the invoices are then read a batch at a time along
 * their (due date, id) index, and each due date's invoices are put in order by that rank once the day is
 * complete — the same order as one statement sorting everything, without a statement that holds the
 * database for seconds or an answer of 50,000 rows parsed in one go.
 */
async function* invoicesInOrder(db: Db, from: string, to: string, batch: number): AsyncGenerator<InvoiceExportRow[]> {
  const ranked = await db
    .select({
      id: students.id,
      ...studentCols,
      rank: sql<number>`dense_rank() over (order by ${groups.sortName}, ${students.sortName})`.mapWith(Number),
    })
    .from(students)
    .leftJoin(groups, eq(groups.id, students.groupId));
  const byId = new Map(ranked.map(({ id, ...r }) => [id, r]));
  let day: (InvoiceExportRow & { rank: number })[] = [];
  const dayInOrder = () => day.sort((a, b) => a.rank - b.rank || a.inv.id - b.inv.id);
  let after: { dueDate: string; id: number } | null = null;
  for (;;) {
    const rows = await db
      .select({ inv: invoices, paid: paidSql })
      .from(invoices)
      .where(
        and(
          gte(invoices.dueDate, from),
          lte(invoices.dueDate, to),
          after ? sql`(${invoices.dueDate}, ${invoices.id}) > (${after.dueDate}::date, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(invoices.dueDate), asc(invoices.id))
      .limit(batch);
    const done: InvoiceExportRow[] = [];
    for (const r of rows) {
      const student = byId.get(r.inv.studentId);
      if (!student) continue;
      if (day.length && (day[0] as InvoiceExportRow).inv.dueDate !== r.inv.dueDate) {
        done.push(...dayInOrder());
        day = [];
      }
      day.push({ ...student, inv: r.inv, paid: Number(r.paid) });
    }
    if (done.length) yield done;
    const last = rows.at(-1);
    if (!last || rows.length < batch) break;
    after = { dueDate: last.inv.dueDate, id: last.inv.id };
  }
  if (day.length) yield dayInOrder();
}

/** The payments of the range (sent or decided on a day of it), in the order they were sent, read in batches. */
async function* paymentsInOrder(db: Db, start: Date, end: Date, batch: number): AsyncGenerator<PaymentExportRow[]> {
  const decider = alias(users, 'decider');
  const inRange = or(
    and(gte(payments.submittedAt, start), lt(payments.submittedAt, end)),
    and(gte(payments.decidedAt, start), lt(payments.decidedAt, end)),
  );
  // After the last payment read, by its own stored time (a JavaScript date would drop the microseconds).
  let after: number | null = null;
  for (;;) {
    const rows = await db
      .select({ p: paymentColumns, invoiceTitle: invoices.title, decidedBy: decider.fullName, ...studentCols })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .innerJoin(students, eq(students.id, invoices.studentId))
      .leftJoin(groups, eq(groups.id, students.groupId))
      .leftJoin(decider, eq(decider.id, payments.decidedBy))
      .where(
        and(
          inRange,
          after === null
            ? undefined
            : sql`(${payments.submittedAt}, ${payments.id}) > (select q.submitted_at, q.id from payments q where q.id = ${after})`,
        ),
      )
      .orderBy(asc(payments.submittedAt), asc(payments.id))
      .limit(batch);
    if (rows.length) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < batch) break;
    after = last.p.id;
  }
}

export async function exportInvoicesAndPayments(
  db: Db,
  from: string,
  to: string,
  options: { batch?: number } = {},
): Promise<Buffer> {
  const problem = exportRangeProblem(from, to);
  if (problem) throw AppError.badRequest(problem, { to: problem });
  const start = tehranDayStart(from);
  const end = new Date(tehranDayStart(to).getTime() + 86_400_000);
  const batch = options.batch ?? EXPORT_BATCH;

  const workbook = newWorkbook();
  addSheet(workbook, {
    name: 'صورت‌حساب‌ها',
    columns: invoiceColumns(isoDateInTehran()),
    rows: invoicesInOrder(db, from, to, batch),
  });
  addSheet(workbook, { name: 'پرداخت‌ها', columns: PAYMENT_COLUMNS, rows: paymentsInOrder(db, start, end, batch) });
  return writeXlsx(workbook);
}
