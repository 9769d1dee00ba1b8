import { reportCardsContract } from '@madreseh/contract/report-cards/report-cards.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { saveGrid } from './grid-saving';
import { myReportCard } from './published-cards';
import { grid, publish } from './report-cards.service';

export function registerReportCardRoutes(app: FastifyInstance, db: Db): void {
  implement(app, reportCardsContract.grid, async ({ query }) => grid(db, query.groupId, query.term));
  implement(app, reportCardsContract.save, async ({ body, request }) => saveGrid(db, actorOf(request), body));
  implement(app, reportCardsContract.publish, async ({ body, request }) => publish(db, actorOf(request), body));
  implement(app, reportCardsContract.mine, async ({ query, request }) => myReportCard(db, requireAuth(request), query));
}
