import type { achievementContract } from '@madreseh/contract/achievement/achievement.contract';
import { queryOptions } from '@tanstack/react-query';
import { initialAnswer } from '../../lib/initial-data';
import { getPublic, publicRead } from '../../lib/public-api';

/** The public achievements (the home's strip and the shareable pages), without zod on the client (docs/decisions/0014). */
const publicList = publicRead<typeof achievementContract.publicList>('general/achievement');
const publicGet = publicRead<typeof achievementContract.publicGet>('general/achievement/:id');

export const publicAchievementsQuery = (count: number) =>
  queryOptions({
    queryKey: ['achievements', 'public', count] as const,
    queryFn: ({ signal }) => getPublic(publicList, { query: { page: 1, pageSize: count }, signal }),
    ...initialAnswer(publicList, { query: { page: 1, pageSize: count } }),
  });

/** One achievement, for its shareable page (/achievements/:id). */
export const publicAchievementQuery = (id: number) =>
  queryOptions({
    queryKey: ['achievements', 'item', id] as const,
    queryFn: ({ signal }) => getPublic(publicGet, { params: { id }, signal }),
    ...initialAnswer(publicGet, { params: { id } }),
  });
