import { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import { newsContract } from '@madreseh/contract/news/news.contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { initialAnswer } from '../../lib/initial-data';

export const homeQueries = {
  news: () =>
    queryOptions({
      queryKey: ['general', 'news', 'home'],
      queryFn: ({ signal }) => call(newsContract.publicList, { query: { page: 1, pageSize: 6 }, signal }),
      ...initialAnswer(newsContract.publicList, { query: { page: 1, pageSize: 6 } }),
    }),
  photos: () =>
    queryOptions({
      queryKey: ['general', 'gallery', 'home'],
      queryFn: ({ signal }) => call(galleryContract.publicList, { query: { page: 1, pageSize: 8 }, signal }),
      ...initialAnswer(galleryContract.publicList, { query: { page: 1, pageSize: 8 } }),
    }),
  notice: (id: number) =>
    queryOptions({
      queryKey: ['general', 'news', 'item', id],
      queryFn: ({ signal }) => call(newsContract.publicGet, { params: { id }, signal }),
      ...initialAnswer(newsContract.publicGet, { params: { id } }),
    }),
};
