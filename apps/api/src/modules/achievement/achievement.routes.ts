import { achievementContract } from '@madreseh/contract/achievement/achievement.contract';
import { noUploadFieldsSchema } from '@madreseh/contract/images';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { readUploadForm } from '../../storage/multipart';
import {
  createAchievement,
  deleteAchievement,
  getAchievement,
  listAchievements,
  reorderAchievements,
  setAchievementImage,
  updateAchievement,
} from './achievement.service';

export function registerAchievementRoutes(app: FastifyInstance, db: Db): void {
  implement(app, achievementContract.list, async ({ query }) => listAchievements(db, query));
  implement(app, achievementContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createAchievement(db, actorOf(request), body);
  });
  implement(app, achievementContract.update, async ({ params, body, request }) =>
    updateAchievement(db, actorOf(request), params.id, body),
  );
  implement(app, achievementContract.remove, async ({ params, request }) => {
    await deleteAchievement(db, app.storage, actorOf(request), params.id);
    return { ok: true as const };
  });
  implement(app, achievementContract.setImage, async ({ params, request }) => {
    const form = await readUploadForm(request, noUploadFieldsSchema);
    return setAchievementImage(db, app.storage, actorOf(request), params.id, form.file);
  });
  implement(app, achievementContract.removeImage, async ({ params, request }) =>
    setAchievementImage(db, app.storage, actorOf(request), params.id, null),
  );
  implement(app, achievementContract.reorder, async ({ body, request }) => {
    await reorderAchievements(db, actorOf(request), body.ids);
    return { ok: true as const };
  });
  implement(app, achievementContract.publicList, async ({ query, reply }) => {
    reply.header('cache-control', 'no-cache');
    return listAchievements(db, query);
  });
  implement(app, achievementContract.publicGet, async ({ params, reply }) => {
    reply.header('cache-control', 'no-cache');
    return getAchievement(db, params.id);
  });
}
