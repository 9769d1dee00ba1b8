import type { Db } from '../db/client';
import { listInvoices } from '../modules/payments/invoice-reads';
import { pendingReceipts } from '../modules/payments/receipts.service';

/**
 * The dashboard's payment figures as the payments pages count them: the invoices the list shows as
 * unpaid, partly paid or overdue, and the receipts in the approval queue.
 */
export async function paymentFiguresOfPages(db: Db): Promise<{ unpaidInvoices: number; pendingReceipts: number }> {
  let unpaidInvoices = 0;
  for (const status of ['unpaid', 'partial', 'overdue'] as const) {
    unpaidInvoices += (await listInvoices(db, { page: 1, pageSize: 1, status })).total;
  }
  const queue = await pendingReceipts(db, () => '', { page: 1, pageSize: 1 });
  return { unpaidInvoices, pendingReceipts: queue.total };
}
