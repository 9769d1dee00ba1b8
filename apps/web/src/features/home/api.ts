import type { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import type { newsContract } from '@madreseh/contract/news/news.contract';
import { queryOptions } from '@tanstack/react-query';
import { initialAnswer } from '../../lib/initial-data';
import { getPublic, publicRead } from '../../lib/public-api';

const newsList = publicRead<typeof newsContract.publicList>('general/news');
const newsItem = publicRead<typeof newsContract.publicGet>('general/news/:id');
const photos = publicRead<typeof galleryContract.publicList>('general/gallery');

export const homeQueries = {
  news: () =>
    queryOptions({
      queryKey: ['general', 'news', 'home'],
      queryFn: ({ signal }) => getPublic(newsList, { query: { page: 1, pageSize: 6 }, signal }),
      ...initialAnswer(newsList, { query: { page: 1, pageSize: 6 } }),
    }),
  photos: () =>
    queryOptions({
      queryKey: ['general', 'gallery', 'home'],
      queryFn: ({ signal }) => getPublic(photos, { query: { page: 1, pageSize: 8 }, signal }),
      ...initialAnswer(photos, { query: { page: 1, pageSize: 8 } }),
    }),
  notice: (id: number) =>
    queryOptions({
      queryKey: ['general', 'news', 'item', id],
      queryFn: ({ signal }) => getPublic(newsItem, { params: { id }, signal }),
      ...initialAnswer(newsItem, { params: { id } }),
    }),
};
