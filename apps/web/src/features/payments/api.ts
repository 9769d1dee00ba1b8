import { contract } from '@madreseh/contract/endpoints';
import { parentsContract } from '@madreseh/contract/parents/parents.contract';
import type { InvoiceStatus } from '@madreseh/contract/payments/payments.contract';
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { type UploadInput, uploadFile } from '../../lib/upload';
import { STUDENT_VIEWER, type Viewer } from '../../lib/viewer';

const c = contract.payments;

/** Every GET of the payments feature: after a money action all of them may have changed. */
const READS = [...Object.values(c), ...Object.values(parentsContract)].filter((ep) => ep.method === 'GET');

/** Marks every payments answer stale (invoices, receipts, settings, results) after a money action. */
export const invalidatePayments = (qc: QueryClient) => invalidateEndpoints(qc, ...READS);

/** The viewer's invoices: the student's own, or a parent's child's (lib/viewer). */
export const studentInvoicesQuery = (v: Viewer = STUDENT_VIEWER) =>
  v.kind === 'parent'
    ? endpointQuery(parentsContract.invoices, { params: { childId: v.childId } })
    : endpointQuery(c.studentInvoices);

export const cardToCardQuery = (v: Viewer = STUDENT_VIEWER) =>
  v.kind === 'parent'
    ? endpointQuery(parentsContract.cardToCardView, { params: { childId: v.childId } })
    : endpointQuery(c.cardToCardView);

export const paymentResultQuery = (id: number, v: Viewer = STUDENT_VIEWER) => ({
  ...(v.kind === 'parent'
    ? endpointQuery(parentsContract.paymentResult, { params: { childId: v.childId, id } })
    : endpointQuery(c.paymentResult, { params: { id } })),
  staleTime: 0,
});

/** A parent's children (for the name on a child's receipt). */
export const childrenQuery = () => endpointQuery(parentsContract.children);

/** Starts an online payment of one invoice as the viewer; answers the gateway address. */
export function startDirectPay(v: Viewer, invoiceId: number) {
  return v.kind === 'parent'
    ? call(parentsContract.directPay, { params: { childId: v.childId }, body: { invoiceId } })
    : call(c.directPay, { body: { invoiceId } });
}

/** Sends a card-to-card receipt as the viewer. */
export function sendCardToCard(v: Viewer, input: Omit<UploadInput, 'params'>) {
  return v.kind === 'parent'
    ? uploadFile(parentsContract.cardToCard, { ...input, params: { childId: v.childId } })
    : uploadFile(c.cardToCard, input);
}

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
