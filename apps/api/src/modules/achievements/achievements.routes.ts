import { achievementsContract } from '@madreseh/contract/achievements/achievements.contract';
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
} from './achievements.service';

export function registerAchievementRoutes(app: FastifyInstance, db: Db): void {
  implement(app, achievementsContract.list, async ({ query }) => listAchievements(db, query));
  implement(app, achievementsContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createAchievement(db, actorOf(request), body);
  });
  implement(app, achievementsContract.update, async ({ params, body, request }) =>
    updateAchievement(db, actorOf(request), params.id, body),
  );
  implement(app, achievementsContract.remove, async ({ params, request }) => {
    await deleteAchievement(db, app.storage, actorOf(request), params.id);
    return { ok: true as const };
  });
  implement(app, achievementsContract.setImage, async ({ params, request }) => {
    const form = await readUploadForm(request, achievementsContract.setImage);
    return setAchievementImage(db, app.storage, actorOf(request), params.id, form.file);
  });
  implement(app, achievementsContract.removeImage, async ({ params, request }) =>
    setAchievementImage(db, app.storage, actorOf(request), params.id, null),
  );
  implement(app, achievementsContract.reorder, async ({ body, request }) => {
    await reorderAchievements(db, actorOf(request), body.ids);
    return { ok: true as const };
  });
  implement(app, achievementsContract.publicList, async ({ query, reply }) => {
    reply.header('cache-control', 'no-cache');
    return listAchievements(db, query);
  });
  implement(app, achievementsContract.publicGet, async ({ params, reply }) => {
    reply.header('cache-control', 'no-cache');
    return getAchievement(db, params.id);
  });
}
