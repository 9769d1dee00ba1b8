import { groupsContract } from '@madreseh/contract/groups/groups.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { createGroup, deleteGroup, getGroup, listGroups, updateGroup } from './groups.service';

export function registerGroupRoutes(app: FastifyInstance, db: Db): void {
  implement(app, groupsContract.list, async () => ({ items: await listGroups(db) }));
  implement(app, groupsContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createGroup(db, actorOf(request), body);
  });
  implement(app, groupsContract.get, async ({ params }) => getGroup(db, params.id));
  implement(app, groupsContract.update, async ({ params, body, request }) =>
    updateGroup(db, actorOf(request), params.id, body),
  );
  implement(app, groupsContract.remove, async ({ params, request }) => {
    await deleteGroup(db, actorOf(request), params.id);
    return { ok: true as const };
  });
}
