import { type AchievementBody, achievementContract as a } from '@madreseh/contract/achievement/achievement.contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { initialAnswer } from '../../lib/initial-data';
import { uploadFile } from '../../lib/upload';

export const achievementKeys = {
  all: ['achievements'] as const,
  admin: (page: number, q: string) => ['achievements', 'admin', page, q] as const,
  public: (n: number) => ['achievements', 'public', n] as const,
};

export const ADMIN_PAGE_SIZE = 20;

export const adminAchievementsQuery = (page: number, q: string) =>
  queryOptions({
    queryKey: achievementKeys.admin(page, q),
    queryFn: ({ signal }) => call(a.list, { query: { page, pageSize: ADMIN_PAGE_SIZE, q: q || undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export const publicAchievementsQuery = (count: number) =>
  queryOptions({
    queryKey: achievementKeys.public(count),
    queryFn: ({ signal }) => call(a.publicList, { query: { page: 1, pageSize: count }, signal }),
    ...initialAnswer(a.publicList, { query: { page: 1, pageSize: count } }),
  });

/** One achievement, for its shareable page (/achievements/:id). */
export const publicAchievementQuery = (id: number) =>
  queryOptions({
    queryKey: ['achievements', 'item', id] as const,
    queryFn: ({ signal }) => call(a.publicGet, { params: { id }, signal }),
    ...initialAnswer(a.publicGet, { params: { id } }),
  });

export const createAchievement = (body: AchievementBody) => call(a.create, { body });
export const updateAchievement = (id: number, body: AchievementBody) => call(a.update, { params: { id }, body });
export const deleteAchievement = (id: number) => call(a.remove, { params: { id } });
export const reorderAchievements = (ids: number[]) => call(a.reorder, { body: { ids } });
export const setAchievementImage = (id: number, file: File, onProgress?: (f: number) => void) =>
  uploadFile(a.setImage, { file, params: { id }, ...(onProgress ? { onProgress } : {}) });
export const removeAchievementImage = (id: number) => call(a.removeImage, { params: { id } });
