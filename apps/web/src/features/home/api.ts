import type { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import type { newsContract } from '@madreseh/contract/news/news.contract';
import { publicQuery } from '../../lib/initial-data';
import { publicRead } from '../../lib/public-api';

const newsList = publicRead<typeof newsContract.publicList>('general/news');
const newsItem = publicRead<typeof newsContract.publicGet>('general/news/:id');
const photos = publicRead<typeof galleryContract.publicList>('general/gallery');

export const homeQueries = {
  news: () => publicQuery(newsList, { query: { page: 1, pageSize: 6 } }),
  photos: () => publicQuery(photos, { query: { page: 1, pageSize: 8 } }),
  notice: (id: number) => publicQuery(newsItem, { params: { id } }),
};
