import { adminsContract } from '@madreseh/contract/admins/admins.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { createStaff, listStaff, setStaffPassword, updateStaff } from './admins.service';

export function registerAdminsRoutes(app: FastifyInstance, db: Db): void {
  implement(app, adminsContract.list, async () => ({ items: await listStaff(db) }));
  implement(app, adminsContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createStaff(db, actorOf(request), body);
  });
  implement(app, adminsContract.update, async ({ params, body, request }) =>
    updateStaff(db, actorOf(request), params.id, body),
  );
  implement(app, adminsContract.setPassword, async ({ params, body, request }) => {
    await setStaffPassword(db, actorOf(request), params.id, body.password, request.auth?.sessionId);
    return { ok: true as const };
  });
}
