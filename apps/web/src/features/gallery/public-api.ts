import type { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import { queryOptions } from '@tanstack/react-query';
import { initialAnswer } from '../../lib/initial-data';
import { getPublic, publicRead } from '../../lib/public-api';

const publicList = publicRead<typeof galleryContract.publicList>('general/gallery');

/** The public gallery's pages, without zod on the client (docs/decisions/0014). */
export const publicGalleryQuery = (page: number, album: string) =>
  queryOptions({
    queryKey: ['general', 'gallery', page, album],
    queryFn: ({ signal }) =>
      getPublic(publicList, { query: { page, pageSize: 24, album: album || undefined }, signal }),
    ...initialAnswer(publicList, { query: { page, pageSize: 24, album: album || undefined } }),
  });
