import { contactContract } from '@madreseh/contract/contact/contact.contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { AppError } from '../../lib/errors';
import { bulkRead, deleteMessages, listMessages, openMessage, sendMessage, setRead } from './contact.service';

export function registerContactRoutes(app: FastifyInstance, db: Db): void {
  implement(app, contactContract.send, async ({ body, request, reply }) => {
    await sendMessage(db, request.ip, body);
    reply.status(201);
    return { ok: true as const };
  });
  implement(app, contactContract.list, async ({ query }) => listMessages(db, query));
  implement(app, contactContract.get, async ({ params }) => openMessage(db, params.id));
  implement(app, contactContract.setRead, async ({ params, body, request }) =>
    setRead(db, actorOf(request), params.id, body.read),
  );
  implement(app, contactContract.remove, async ({ params, request }) => {
    if ((await deleteMessages(db, actorOf(request), [params.id])) === 0) throw AppError.notFound('پیام پیدا نشد.');
    return { ok: true as const };
  });
  implement(app, contactContract.bulk, async ({ body, request }) => {
    const count =
      body.action === 'delete'
        ? await deleteMessages(db, actorOf(request), body.ids)
        : await bulkRead(db, actorOf(request), body.ids, body.action === 'read');
    return { ok: true as const, count };
  });
}
