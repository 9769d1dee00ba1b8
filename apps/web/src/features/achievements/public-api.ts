import type { achievementsContract } from '@madreseh/contract/achievements/achievements.contract';
import { publicQuery } from '../../lib/initial-data';
import { publicRead } from '../../lib/public-api';

/** The public achievements (the home's strip and the shareable pages), without zod on the client (docs/decisions/0014). */
const publicList = publicRead<typeof achievementsContract.publicList>('general/achievement');
const publicGet = publicRead<typeof achievementsContract.publicGet>('general/achievement/:id');

export const publicAchievementsQuery = (count: number) =>
  publicQuery(publicList, { query: { page: 1, pageSize: count } });

/** One achievement, for its shareable page (/achievements/:id). */
export const publicAchievementQuery = (id: number) => publicQuery(publicGet, { params: { id } });
