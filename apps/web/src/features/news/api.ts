import type { InferInput } from '@madreseh/contract/endpoint';
import { groupContract } from '@madreseh/contract/group/group.contract';
import { newsContract } from '@madreseh/contract/news/news.contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export type AdminNewsQuery = NonNullable<InferInput<typeof newsContract.list.query>>;

export const newsQueries = {
  /** The classes a news item can be addressed to. */
  groups: () =>
    queryOptions({
      queryKey: ['panel', 'news', 'groups'],
      queryFn: ({ signal }) => call(groupContract.list, { signal }),
    }),
  admin: (query: AdminNewsQuery) =>
    queryOptions({
      queryKey: ['panel', 'news', query],
      queryFn: ({ signal }) => call(newsContract.list, { query, signal }),
    }),
  studentList: (page: number) =>
    queryOptions({
      queryKey: ['student', 'news', page],
      queryFn: ({ signal }) => call(newsContract.studentList, { query: { page, pageSize: 10 }, signal }),
    }),
  studentItem: (id: number) =>
    queryOptions({
      queryKey: ['student', 'news', 'item', id],
      queryFn: ({ signal }) => call(newsContract.studentGet, { params: { id }, signal }),
    }),
};
