import { isoDateInTehran } from '@madreseh/contract/jalali';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/payments';
import { inTransaction } from '../../db/transaction';
import { ledgerOfRow, ledgerSql } from '../payments/invoice-ledger';
import { effectiveNotificationSettings, type SmsEnv } from './notification-settings';
import { enqueue } from './outbox';

/** ISO date `days` after an ISO date. */
function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Reminds of invoices due N days from today (Tehran) that still have something to pay, as the
 * invoice ledger (payments/invoice-ledger.ts) says: what is paid and what receipts waiting for
 * approval cover is not asked for again. An invoice its waiting receipts cover gets no reminder;
 * one they cover in part is reminded of the rest. The reminder's key names the invoice and the day,
 * so a second run the same day (or another instance) adds nothing.
 */
export async function enqueueDueReminders(
  db: Db,
  options: { env?: SmsEnv; now?: Date } = {},
): Promise<{ invoices: number; queued: number }> {
  const settings = await effectiveNotificationSettings(db, options.env);
  const today = isoDateInTehran(options.now ?? new Date());
  const due = addDays(today, settings.reminderDaysBefore);
  const rows = await db
    .select({
      id: invoices.id,
      studentId: invoices.studentId,
      title: invoices.title,
      amount: invoices.amount,
      dueDate: invoices.dueDate,
      cancelledAt: invoices.cancelledAt,
      ...ledgerSql,
    })
    .from(invoices)
    .where(and(eq(invoices.dueDate, due), isNull(invoices.cancelledAt)));
  const open = rows.map((i) => ({ ...i, payable: ledgerOfRow(i, i, today).payable })).filter((i) => i.payable > 0);
  if (!open.length) return { invoices: 0, queued: 0 };
  const queued = await inTransaction(db, (tx) =>
    enqueue(
      tx,
      open.map((i) => ({
        kind: 'due_reminder' as const,
        invoiceId: i.id,
        studentId: i.studentId,
        title: i.title,
        amount: i.payable,
        due: i.dueDate,
        day: today,
      })),
    ),
  );
  return { invoices: open.length, queued };
}
