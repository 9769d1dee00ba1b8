import type { InferInput } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export type AdminNewsQuery = NonNullable<InferInput<typeof contract.news.list.query>>;

export const newsQueries = {
  admin: (query: AdminNewsQuery) =>
    queryOptions({
      queryKey: ['panel', 'news', query],
      queryFn: ({ signal }) => call(contract.news.list, { query, signal }),
    }),
  studentList: (page: number) =>
    queryOptions({
      queryKey: ['student', 'news', page],
      queryFn: ({ signal }) => call(contract.news.studentList, { query: { page, pageSize: 10 }, signal }),
    }),
  studentItem: (id: number) =>
    queryOptions({
      queryKey: ['student', 'news', 'item', id],
      queryFn: ({ signal }) => call(contract.news.studentGet, { params: { id }, signal }),
    }),
};
