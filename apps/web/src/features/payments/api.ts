import { contract } from '@madreseh/contract/endpoints';
import type { InvoiceStatus } from '@madreseh/contract/payments/payments.contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

const c = contract.payments;

export const paymentKeys = {
  all: ['payments'] as const,
  studentInvoices: ['payments', 'student-invoices'] as const,
  cardToCard: ['payments', 'card-to-card'] as const,
  result: (id: number) => ['payments', 'result', id] as const,
  sandbox: (authority: string) => ['payments', 'sandbox', authority] as const,
  studentInvoice: (id: number) => ['payments', 'student-invoice', id] as const,
  pending: ['payments', 'pending'] as const,
  groups: ['payments', 'groups'] as const,
  list: (q: object) => ['payments', 'list', q] as const,
  settings: ['payments', 'settings'] as const,
};

export const studentInvoicesQuery = () =>
  queryOptions({ queryKey: paymentKeys.studentInvoices, queryFn: ({ signal }) => call(c.studentInvoices, { signal }) });

export const cardToCardQuery = () =>
  queryOptions({ queryKey: paymentKeys.cardToCard, queryFn: ({ signal }) => call(c.cardToCardView, { signal }) });

export const paymentResultQuery = (id: number) =>
  queryOptions({
    queryKey: paymentKeys.result(id),
    queryFn: ({ signal }) => call(c.paymentResult, { params: { id }, signal }),
    staleTime: 0,
  });

export const sandboxQuery = (authority: string) =>
  queryOptions({
    queryKey: paymentKeys.sandbox(authority),
    queryFn: ({ signal }) => call(c.sandboxInfo, { params: { authority }, signal }),
    staleTime: 0,
  });

export const studentInvoiceQuery = (id: number) =>
  queryOptions({
    queryKey: paymentKeys.studentInvoice(id),
    queryFn: ({ signal }) => call(c.studentInvoice, { params: { id }, signal }),
  });

export const PENDING_PAGE_SIZE = 20;

export const pendingReceiptsQuery = (page: number) =>
  queryOptions({
    queryKey: [...paymentKeys.pending, page],
    queryFn: ({ signal }) => call(c.pendingReceipts, { query: { page, pageSize: PENDING_PAGE_SIZE }, signal }),
  });

export const groupsQuery = () =>
  queryOptions({ queryKey: paymentKeys.groups, queryFn: ({ signal }) => call(c.groups, { signal }) });

export const invoiceListQuery = (q: { groupId?: number; status?: InvoiceStatus }) =>
  queryOptions({
    queryKey: paymentKeys.list(q),
    queryFn: ({ signal }) => call(c.listInvoices, { query: { pageSize: 100, ...q }, signal }),
  });

export const paymentSettingsQuery = () =>
  queryOptions({ queryKey: paymentKeys.settings, queryFn: ({ signal }) => call(c.getSettings, { signal }) });

export { c as paymentsEndpoints };
