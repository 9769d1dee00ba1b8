import { contract } from '@madreseh/contract/endpoints';
import { parentsContract } from '@madreseh/contract/parents/parents.contract';
import type { InvoiceStatus } from '@madreseh/contract/payments/payment-schemas';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallInput, call, urlFor } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
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
function startDirectPay(v: Viewer, invoiceId: number) {
  return v.kind === 'parent'
    ? call(parentsContract.directPay, { params: { childId: v.childId }, body: { invoiceId } })
    : call(c.directPay, { body: { invoiceId } });
}

/**
 * Pays one invoice online as the viewer: the browser leaves for the gateway on success. `onStart` and
 * `onFailed` let the page mark the invoice being paid.
 */
export const useDirectPay = (v: Viewer, on: { onStart?: (id: number) => void; onFailed?: () => void } = {}) =>
  useMutation({
    mutationFn: (invoiceId: number) => startDirectPay(v, invoiceId),
    onMutate: on.onStart,
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
    onError: on.onFailed,
  });

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

/** What a page does when a money action is done or refused (before the payments answers refresh). */
export interface ActionHandlers<R> {
  onSuccess?: (result: R) => void;
  onError?: (error: Error) => void;
}

/** A money action: the page's own reaction first, then every payments answer is marked stale. */
function usePaymentsAction<V, R>(fn: (v: V) => Promise<R>, then: ActionHandlers<R> = {}) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async (r: R) => {
      then.onSuccess?.(r);
      await invalidatePayments(qc);
    },
    onError: then.onError,
  });
}

type BodyOf<E extends keyof typeof c> = CallInput<(typeof c)[E]>['body'];

/** Issues the same invoices (one, or installments) to every active student of a class. */
export const useBulkCreateInvoices = (then?: ActionHandlers<Awaited<ReturnType<typeof bulkCreate>>>) =>
  usePaymentsAction(bulkCreate, then);
const bulkCreate = (body: BodyOf<'bulkCreate'>) => call(c.bulkCreate, { body });

/** Moves the due date of, or cancels, the selected invoices. */
export const useBulkUpdateInvoices = (then?: ActionHandlers<unknown>) =>
  usePaymentsAction((body: BodyOf<'bulkUpdate'>) => call(c.bulkUpdate, { body }), then);

/** What the office does to one student's invoices. */
export type InvoiceAction =
  | { kind: 'create'; studentId: number; body: BodyOf<'createInvoice'> }
  | { kind: 'edit'; invoiceId: number; body: BodyOf<'updateInvoice'> }
  | { kind: 'cancel'; invoiceId: number; reason: string }
  | { kind: 'manual'; invoiceId: number; amount: number; note?: string };

async function invoiceAction(a: InvoiceAction): Promise<void> {
  if (a.kind === 'create') await call(c.createInvoice, { params: { id: a.studentId }, body: a.body });
  else if (a.kind === 'edit') await call(c.updateInvoice, { params: { id: a.invoiceId }, body: a.body });
  else if (a.kind === 'cancel')
    await call(c.cancelInvoice, { params: { id: a.invoiceId }, body: { reason: a.reason } });
  else await call(c.manualPayment, { params: { id: a.invoiceId }, body: { amount: a.amount, note: a.note } });
}

/** Creates, edits or cancels an invoice, or records a payment made at the office. */
export const useInvoiceAction = (then?: ActionHandlers<void>) => usePaymentsAction(invoiceAction, then);

/** Approves a card-to-card receipt. */
export const useApproveReceipt = (id: number, then?: ActionHandlers<unknown>) =>
  usePaymentsAction(() => call(c.approve, { params: { id } }), then);

/** Rejects a card-to-card receipt, with the reason the payer is shown. */
export const useRejectReceipt = (id: number, then?: ActionHandlers<unknown>) =>
  usePaymentsAction((reason: string) => call(c.reject, { params: { id }, body: { reason } }), then);

/** Saves the payment settings (money unit, the school's card). */
export const useSavePaymentSettings = (then?: ActionHandlers<unknown>) =>
  usePaymentsAction((body: BodyOf<'putSettings'>) => call(c.putSettings, { body }), then);

/** The XLSX of the invoices due, and the payments sent or decided, between two dates. */
export const downloadInvoices = (from: string, to: string, filename: string) =>
  downloadFile(urlFor(c.exportInvoices, undefined, { from, to }), filename);
