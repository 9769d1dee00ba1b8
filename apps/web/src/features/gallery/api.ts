import { galleryContract as g } from '@madreseh/contract/gallery/gallery.contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { uploadFile } from '../../lib/upload';

export const ADMIN_PAGE_SIZE = 48;

export const galleryQueries = {
  admin: (page: number) => endpointQuery(g.list, { query: { page, pageSize: ADMIN_PAGE_SIZE } }),
};

/** After a change: the dashboard's pages and the public gallery read again. */
export const invalidateGallery = (qc: QueryClient) => invalidateEndpoints(qc, g.list, g.publicList);

/** Uploads one photo into an album, reporting progress (0–1). */
export const uploadPhoto = (file: File, album: string, onProgress: (fraction: number) => void) =>
  uploadFile(g.create, { file, fields: { album, caption: '' }, onProgress });

/** Saves a photo's caption and album. */
export function useUpdatePhoto(id: number, onSaved: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { caption: string; album: string }) => call(g.update, { params: { id }, body }),
    onSuccess: () => {
      onSaved();
      void invalidateGallery(qc);
    },
  });
}

/** Deletes a photo. */
export function useRemovePhoto(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(g.remove, { params: { id } }),
    onSuccess: () => void invalidateGallery(qc),
  });
}

/**
 * Puts the photos of one dashboard page in a new order, in the places they hold (other pages do not
 * move). The new order shows at once; a refusal puts the old one back.
 */
export function useReorderPhotos(page: number, onError: (e: Error) => void) {
  const qc = useQueryClient();
  const key = galleryQueries.admin(page).queryKey;
  return useMutation({
    mutationFn: (ids: number[]) => call(g.reorder, { body: { ids, inPlace: true } }),
    onMutate: async (ids) => {
      await qc.cancelQueries({ queryKey: key });
      const previous = qc.getQueryData(key);
      if (previous) {
        const byId = new Map(previous.items.map((p) => [p.id, p]));
        qc.setQueryData(key, { ...previous, items: ids.flatMap((id) => byId.get(id) ?? []) });
      }
      return { previous };
    },
    onError: (e, _ids, ctx) => {
      if (ctx?.previous) qc.setQueryData(key, ctx.previous);
      onError(e);
    },
    onSettled: () => invalidateGallery(qc),
  });
}
