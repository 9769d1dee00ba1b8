import { type AchievementBody, achievementsContract as a } from '@madreseh/contract/achievements/achievements.contract';
import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
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
