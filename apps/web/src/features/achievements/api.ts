import { type AchievementBody, achievementContract as a } from '@madreseh/contract/achievement/achievement.contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export const achievementKeys = {
  all: ['achievements'] as const,
  admin: (page: number, q: string) => ['achievements', 'admin', page, q] as const,
};

export const ADMIN_PAGE_SIZE = 20;

export const adminAchievementsQuery = (page: number, q: string) =>
  queryOptions({
    queryKey: achievementKeys.admin(page, q),
    queryFn: ({ signal }) => call(a.list, { query: { page, pageSize: ADMIN_PAGE_SIZE, q: q || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const createAchievement = (body: AchievementBody) => call(a.create, { body });
export const updateAchievement = (id: number, body: AchievementBody) => call(a.update, { params: { id }, body });
export const deleteAchievement = (id: number) => call(a.remove, { params: { id } });
export const reorderAchievements = (ids: number[]) => call(a.reorder, { body: { ids } });
export const setAchievementImage = (id: number, file: File, onProgress?: (f: number) => void) =>
  uploadFile(a.setImage, { file, params: { id }, ...(onProgress ? { onProgress } : {}) });
export const removeAchievementImage = (id: number) => call(a.removeImage, { params: { id } });
