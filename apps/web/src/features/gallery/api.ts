import { contract } from '@madreseh/contract/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export const galleryQueries = {
  public: (page: number, album: string) =>
    queryOptions({
      queryKey: ['general', 'gallery', page, album],
      queryFn: ({ signal }) =>
        call(contract.gallery.publicList, { query: { page, pageSize: 24, album: album || undefined }, signal }),
    }),
  admin: (page: number) =>
    queryOptions({
      queryKey: ['panel', 'gallery', page],
      queryFn: ({ signal }) => call(contract.gallery.list, { query: { page, pageSize: 48 }, signal }),
    }),
};
