import { contract } from '@madreseh/contract/endpoints';
import type { InvoiceStatus } from '@madreseh/contract/payments/payments.contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

const c = contract.payments;

/** Every GET of the payments feature: after a money action all of them may have changed. */
const READS = Object.values(c).filter((ep) => ep.method === 'GET');

/** Marks every payments answer stale (invoices, receipts, settings, results) after a money action. */
export const invalidatePayments = (qc: QueryClient) => invalidateEndpoints(qc, ...READS);

export const studentInvoicesQuery = () => endpointQuery(c.studentInvoices);

export const cardToCardQuery = () => endpointQuery(c.cardToCardView);

export const paymentResultQuery = (id: number) => ({
  ...endpointQuery(c.paymentResult, { params: { id } }),
  staleTime: 0,
});

export const sandboxQuery = (authority: string) => ({
  ...endpointQuery(c.sandboxInfo, { params: { authority } }),
  staleTime: 0,
});

export const studentInvoiceQuery = (id: number) => endpointQuery(c.studentInvoice, { params: { id } });

export const PENDING_PAGE_SIZE = 20;

export const pendingReceiptsQuery = (page: number) =>
  endpointQuery(c.pendingReceipts, { query: { page, pageSize: PENDING_PAGE_SIZE } });

export const groupsQuery = () => endpointQuery(c.groups);

export const invoiceListQuery = (q: { groupId?: number; status?: InvoiceStatus }) =>
  endpointQuery(c.listInvoices, { query: { pageSize: 100, ...q } });

export const paymentSettingsQuery = () => endpointQuery(c.getSettings);

export { c as paymentsEndpoints };
