import { groupContract } from '@madreseh/contract/group/group.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './groups.service';

export function registerGroupRoutes(app: FastifyInstance, db: Db): void {
  implement(app, groupContract.list, async () => ({ items: await listGroups(db) }));
  implement(app, groupContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createGroup(db, actorOf(request), body);
  });
  implement(app, groupContract.get, async ({ params }) => getGroup(db, params.id));
  implement(app, groupContract.update, async ({ params, body, request }) =>
    updateGroup(db, actorOf(request), params.id, body),
  );
  implement(app, groupContract.remove, async ({ params, request }) => {
    await deleteGroup(db, actorOf(request), params.id);
    return { ok: true as const };
  });
}
