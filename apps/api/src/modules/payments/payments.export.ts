import { isoDateInTehran, tehranDayStart } from '@madreseh/contract/jalali';
import {
  exportRangeProblem,
  INVOICE_STATUS_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_STATUS_LABELS,
} from '@madreseh/contract/payments/payments.contract';
import { and, asc, eq, gte, lt, lte, or } from 'drizzle-orm';
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
import { gatewayLabel } from './gateways';
import { invoiceStatus, paidSql, remainingOf } from './invoice-ledger';

/**
 * The office's export of invoices and payments for a date range (two queries, whatever the size):
 * - «صورت‌حساب‌ها»: invoices whose due date falls in the range, with what was paid and what remains;
 * - «پرداخت‌ها»: every payment (any method and state) sent or decided on a day of the range, Tehran time.
 * A student is named by full name, student number and class: usernames of imported students are
 * their national codes, which stay out of files that travel by e-mail and USB sticks.
 */

const studentCols = {
  firstName: students.firstName,
  lastName: students.lastName,
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
    { header: 'دانش‌آموز', width: 22, value: (r) => `${r.firstName} ${r.lastName}` },
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

export async function exportInvoicesAndPayments(db: Db, from: string, to: string): Promise<Buffer> {
  const problem = exportRangeProblem(from, to);
  if (problem) throw AppError.badRequest(problem, { to: problem });
  const start = tehranDayStart(from);
  const end = new Date(tehranDayStart(to).getTime() + 86_400_000);

  const invoiceRows = await db
    .select({ inv: invoices, paid: paidSql, ...studentCols })
    .from(invoices)
    .innerJoin(students, eq(students.id, invoices.studentId))
    .leftJoin(groups, eq(groups.id, students.groupId))
    .where(and(gte(invoices.dueDate, from), lte(invoices.dueDate, to)))
    .orderBy(asc(invoices.dueDate), asc(groups.sortName), asc(students.sortName), asc(invoices.id));

  const decider = alias(users, 'decider');
  const paymentRows = await db
    .select({ p: payments, invoiceTitle: invoices.title, decidedBy: decider.fullName, ...studentCols })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(students, eq(students.id, invoices.studentId))
    .leftJoin(groups, eq(groups.id, students.groupId))
    .leftJoin(decider, eq(decider.id, payments.decidedBy))
    .where(
      or(
        and(gte(payments.submittedAt, start), lt(payments.submittedAt, end)),
        and(gte(payments.decidedAt, start), lt(payments.decidedAt, end)),
      ),
    )
    .orderBy(asc(payments.submittedAt), asc(payments.id));

  const workbook = newWorkbook();
  addSheet(workbook, {
    name: 'صورت‌حساب‌ها',
    columns: invoiceColumns(isoDateInTehran()),
    rows: invoiceRows.map((r) => ({ ...r, paid: Number(r.paid) })),
  });
  addSheet(workbook, { name: 'پرداخت‌ها', columns: PAYMENT_COLUMNS, rows: paymentRows });
  return writeXlsx(workbook);
}
