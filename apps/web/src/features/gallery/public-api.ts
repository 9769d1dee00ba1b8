import type { galleryContract } from '@madreseh/contract/gallery/gallery.contract';
import { publicQuery } from '../../lib/initial-data';
import { publicRead } from '../../lib/public-api';

const publicList = publicRead<typeof galleryContract.publicList>('general/gallery');

/** The public gallery's pages, without zod on the client (docs/decisions/0014). */
export const publicGalleryQuery = (page: number, album: string) =>
  publicQuery(publicList, { query: { page, pageSize: 24, album: album || undefined } });
