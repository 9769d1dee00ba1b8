import { reportCardsContract } from '@madreseh/contract/report-cards/report-cards.contract';
import type { Term } from '@madreseh/contract/terms';
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
 * card, grade, subject or class, or their attendance changes. Nothing in it depends on the clock. The parent
 * area reads a child's card through the same kept answers (keptReportCard), once it has found the child.
 */
const keptCards = keptAnswers(reportCardsContract.mine, {
  tables: ['report_cards', 'report_card_grades', 'group_subjects', 'groups', 'attendance'],
  ttlMs: 30_000,
  max: 10_000,
});

/** The report card of the student with account `userId`, kept or read now. */
export function keptReportCard(db: Db, userId: number, query: { academicYear?: number; term?: Term }) {
  return keptCards(db, `${userId}:${query.academicYear ?? ''}:${query.term ?? ''}`, async () => {
    const student = await studentOfUser(db, userId);
    const answer = await myReportCard(db, { userId }, query);
    return { answer, keys: [`users:${userId}`, `student:${student.id}`] };
  });
}

export function registerReportCardRoutes(app: FastifyInstance, db: Db): void {
  implement(app, reportCardsContract.grid, async ({ query }) => grid(db, query.groupId, query.term));
  implement(app, reportCardsContract.save, async ({ body, request }) => saveGrid(db, actorOf(request), body));
  implement(app, reportCardsContract.publish, async ({ body, request }) => publish(db, actorOf(request), body));
  implement(app, reportCardsContract.mine, async ({ query, request }) =>
    keptReportCard(db, requireAuth(request).userId, query),
  );
}
