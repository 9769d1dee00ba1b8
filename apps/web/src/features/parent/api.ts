import { parentContract } from '@madreseh/contract/parent/parent.contract';
import { endpointQuery } from '../../lib/endpoint-query';

/** The signed-in parent's children, for the switcher and the start page. */
export const childrenQuery = () => ({ ...endpointQuery(parentContract.children), staleTime: 60_000 });

/** A child's invoices and totals, for the child's start card. */
export const childInvoicesQuery = (childId: number) => endpointQuery(parentContract.invoices, { params: { childId } });
