import type { InferInput } from '@madreseh/contract/endpoint';
import { groupContract } from '@madreseh/contract/group/group.contract';
import { newsContract } from '@madreseh/contract/news/news.contract';
import type { QueryClient } from '@tanstack/react-query';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

export type AdminNewsQuery = NonNullable<InferInput<typeof newsContract.list.query>>;

export const newsQueries = {
  /** The classes a news item can be addressed to. */
  groups: () => endpointQuery(groupContract.list),
  admin: (query: AdminNewsQuery) => endpointQuery(newsContract.list, { query }),
  studentList: (page: number) => endpointQuery(newsContract.studentList, { query: { page, pageSize: 10 } }),
  studentItem: (id: number) => endpointQuery(newsContract.studentGet, { params: { id } }),
};

/** After a news item is saved or deleted, every list and item of news may have changed. */
export const invalidateNews = (qc: QueryClient) =>
  invalidateEndpoints(qc, ...Object.values(newsContract).filter((ep) => ep.method === 'GET'));
