import { parentContract } from '@madreseh/contract/parent/parent.contract';
import { call } from '../../lib/api-client';
import { endpointQuery } from '../../lib/endpoint-query';

/** The signed-in parent's children, for the switcher and the start page. */
export const childrenQuery = () => ({ ...endpointQuery(parentContract.children), staleTime: 60_000 });

/** A child's invoices and totals, for the child's start card. */
export const childInvoicesQuery = (childId: number) => endpointQuery(parentContract.invoices, { params: { childId } });

/** Starts one online payment for the chosen invoices of any of the children; answers the gateway address. */
export const startBatchPay = (invoiceIds: number[]) => call(parentContract.batchPay, { body: { invoiceIds } });

/** A payment of several invoices, for its result page. */
export const batchResultQuery = (id: number) => ({
  ...endpointQuery(parentContract.batchResult, { params: { id } }),
  staleTime: 0,
});
