import { type AchievementBody, achievementsContract as a } from '@madreseh/contract/achievements/achievements.contract';
import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { uploadFile } from '../../lib/upload';

export const ADMIN_PAGE_SIZE = 20;

export const adminAchievementsQuery = (page: number, q: string) =>
  queryOptions({
    ...endpointQuery(a.list, { query: { page, pageSize: ADMIN_PAGE_SIZE, q: q || undefined } }),
    placeholderData: keepPreviousData,
  });

/** After a change: the admin list and the public strip and pages read again. */
export const invalidateAchievements = (qc: QueryClient) => invalidateEndpoints(qc, a.list, a.publicList, a.publicGet);

export const createAchievement = (body: AchievementBody) => call(a.create, { body });
export const updateAchievement = (id: number, body: AchievementBody) => call(a.update, { params: { id }, body });
export const deleteAchievement = (id: number) => call(a.remove, { params: { id } });
export const reorderAchievements = (ids: number[]) => call(a.reorder, { body: { ids } });
export const setAchievementImage = (id: number, file: File, onProgress?: (f: number) => void) =>
  uploadFile(a.setImage, { file, params: { id }, ...(onProgress ? { onProgress } : {}) });
export const removeAchievementImage = (id: number) => call(a.removeImage, { params: { id } });

/** What the achievement dialog sends: the fields, and a new image, none, or `'remove'` to drop the one it has. */
export type AchievementSubmit = AchievementBody & { image: File | null | 'remove' };

/**
 * The admin page's changes: save (create, or update `id`, then set or remove the image, reporting the
 * upload's progress 0–1 and null when done), reorder and delete; each reads the lists again after.
 */
export function useAchievementChanges(handlers: {
  onProgress: (p: number | null) => void;
  onSaved: () => void;
  onSaveError: (err: Error) => void;
  onReorderError: (err: Error) => void;
}) {
  const qc = useQueryClient();
  const invalidate = () => invalidateAchievements(qc);
  const save = useMutation({
    mutationFn: async ({ id, image, ...body }: AchievementSubmit & { id: number | null }) => {
      const saved = id === null ? await createAchievement(body) : await updateAchievement(id, body);
      if (image === 'remove') await removeAchievementImage(saved.id);
      else if (image) {
        handlers.onProgress(0);
        try {
          await setAchievementImage(saved.id, image, handlers.onProgress);
        } finally {
          handlers.onProgress(null);
        }
      }
    },
    onSuccess: async () => {
      handlers.onSaved();
      await invalidate();
    },
    onError: handlers.onSaveError,
  });
  const reorder = useMutation({
    mutationFn: reorderAchievements,
    onSuccess: invalidate,
    onError: handlers.onReorderError,
  });
  const remove = useMutation({ mutationFn: deleteAchievement, onSuccess: invalidate });
  return { save, reorder, remove };
}
