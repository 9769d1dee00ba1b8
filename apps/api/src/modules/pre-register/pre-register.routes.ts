import { preRegisterContract } from '@madreseh/contract/pre-register/pre-register.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { asAttachment, CSV_TYPE, XLSX_TYPE } from '../../lib/spreadsheet';
import { toCsv, toXlsx } from './pre-register.export';
import { getOne, list, listForExport, lookup, setStatus, submit } from './pre-register.service';

export function registerPreRegisterRoutes(app: FastifyInstance, db: Db): void {
  implement(app, preRegisterContract.submit, async ({ body, request, reply }) => {
    const answer = await submit(db, body, request.ip);
    reply.code(201);
    return answer;
  });
  implement(app, preRegisterContract.lookup, async ({ query, request }) => lookup(db, query, request.ip));
  implement(app, preRegisterContract.list, async ({ query }) => list(db, query));
  implement(app, preRegisterContract.export, async ({ query, reply }) => {
    const { format, ...filter } = query;
    const rows = await listForExport(db, filter);
    const stamp = new Date().toISOString().slice(0, 10);
    if (format === 'csv')
      return asAttachment(reply, toCsv(rows), { type: CSV_TYPE, name: `pre-register-${stamp}.csv` });
    return asAttachment(reply, await toXlsx(rows), { type: XLSX_TYPE, name: `pre-register-${stamp}.xlsx` });
  });
  implement(app, preRegisterContract.get, async ({ params }) => getOne(db, params.id));
  implement(app, preRegisterContract.setStatus, async ({ params, body, request }) =>
    setStatus(db, actorOf(request), params.id, body.status, body.adminNote, requireAuth(request).userId),
  );
}
