import { notificationsContract } from '@madreseh/contract/notifications/notifications.contract';
import { parentsContract } from '@madreseh/contract/parents/parents.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery } from '../../lib/endpoint-query';

/** The signed-in parent's children, for the switcher and the start page. */
export const childrenQuery = () => ({ ...endpointQuery(parentsContract.children), staleTime: 60_000 });

/** A child's invoices and totals, for the child's start card. */
export const childInvoicesQuery = (childId: number) => endpointQuery(parentsContract.invoices, { params: { childId } });

/** One online payment for the chosen invoices of any of the children: the browser leaves for the gateway. */
export const useBatchPay = () =>
  useMutation({
    mutationFn: (invoiceIds: number[]) => call(parentsContract.batchPay, { body: { invoiceIds } }),
    onSuccess: ({ redirectUrl }) => window.location.assign(redirectUrl),
  });

/** A payment of several invoices, for its result page. */
export const batchResultQuery = (id: number) => ({
  ...endpointQuery(parentsContract.batchResult, { params: { id } }),
  staleTime: 0,
});
/** Whether non-essential SMS reach the parent's mobile. */
export const smsPreferencesQuery = () => endpointQuery(notificationsContract.smsPreferences);

export function useSetSmsPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (optional: boolean) => call(notificationsContract.putSmsPreferences, { body: { optional } }),
    onSuccess: (data) => qc.setQueryData(smsPreferencesQuery().queryKey, data),
  });
}
