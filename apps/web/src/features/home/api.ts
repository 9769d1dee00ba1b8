import { contract } from '@madreseh/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export const homeQueries = {
  news: () =>
    queryOptions({
      queryKey: ['general', 'news', 'home'],
      queryFn: ({ signal }) => call(contract.news.publicList, { query: { page: 1, pageSize: 6 }, signal }),
    }),
  photos: () =>
    queryOptions({
      queryKey: ['general', 'gallery', 'home'],
      queryFn: ({ signal }) => call(contract.gallery.publicList, { query: { page: 1, pageSize: 8 }, signal }),
    }),
  notice: (id: number) =>
    queryOptions({
      queryKey: ['general', 'news', 'item', id],
      queryFn: ({ signal }) => call(contract.news.publicGet, { params: { id }, signal }),
    }),
};
