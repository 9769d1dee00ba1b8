import { reportCardsContract } from '@madreseh/contract/report-cards/report-cards.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { keptAnswers } from '../../http/kept-answers';
import { studentOfUser } from '../students/student-records';
import { saveGrid } from './grid-saving';
import { myReportCard } from './published-cards';
import { grid, publish } from './report-cards.service';

/**
 * A student's report card, kept per account and card asked for (http/kept-answers.ts) until their record, a
 * card, grade, subject or class, or their attendance changes. Nothing in it depends on the clock.
 */
const keptCards = keptAnswers(reportCardsContract.mine, {
  tables: ['report_cards', 'report_card_grades', 'group_subjects', 'groups', 'attendance'],
  ttlMs: 30_000,
  max: 10_000,
});

export function registerReportCardRoutes(app: FastifyInstance, db: Db): void {
  implement(app, reportCardsContract.grid, async ({ query }) => grid(db, query.groupId, query.term));
  implement(app, reportCardsContract.save, async ({ body, request }) => saveGrid(db, actorOf(request), body));
  implement(app, reportCardsContract.publish, async ({ body, request }) => publish(db, actorOf(request), body));
  implement(app, reportCardsContract.mine, async ({ query, request }) => {
    const auth = requireAuth(request);
    return keptCards(db, `${auth.userId}:${query.academicYear ?? ''}:${query.term ?? ''}`, async () => {
      const student = await studentOfUser(db, auth.userId);
      const answer = await myReportCard(db, auth, query);
      return { answer, keys: [`users:${auth.userId}`, `student:${student.id}`] };
    });
  });
}
