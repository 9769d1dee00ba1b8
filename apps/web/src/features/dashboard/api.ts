import { dashboardContract } from '@madreseh/contract/dashboard/dashboard.contract';
import { endpointQuery } from '../../lib/endpoint-query';

/** Every figure of the dashboard's start page, in one request. */
export const dashboardQuery = () => endpointQuery(dashboardContract.get);
