import { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { initialAnswer } from '../../lib/initial-data';

export const galleryQueries = {
  public: (page: number, album: string) =>
    queryOptions({
      queryKey: ['general', 'gallery', page, album],
      queryFn: ({ signal }) =>
        call(galleryContract.publicList, { query: { page, pageSize: 24, album: album || undefined }, signal }),
      ...initialAnswer(galleryContract.publicList, { query: { page, pageSize: 24, album: album || undefined } }),
    }),
  admin: (page: number) =>
    queryOptions({
      queryKey: ['panel', 'gallery', page],
      queryFn: ({ signal }) => call(galleryContract.list, { query: { page, pageSize: 48 }, signal }),
    }),
};
