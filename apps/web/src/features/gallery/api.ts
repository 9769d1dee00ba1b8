import { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export const galleryQueries = {
  admin: (page: number) =>
    queryOptions({
      queryKey: ['panel', 'gallery', page],
      queryFn: ({ signal }) => call(galleryContract.list, { query: { page, pageSize: 48 }, signal }),
    }),
};
