import { assessmentsContract } from '@madreseh/contract/assessments/assessments.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { createAssessment, deleteAssessment, markbook, saveMarks, updateAssessment } from './assessments.service';
import { averagingRule, setAveragingRule } from './averaging-rule';
import { fillFromAssessments } from './term-grade-filling';

export function registerAssessmentRoutes(app: FastifyInstance, db: Db): void {
  implement(app, assessmentsContract.markbook, async ({ query, request }) =>
    markbook(db, requireAuth(request).userId, query.groupId, query.subjectId),
  );
  implement(app, assessmentsContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createAssessment(db, actorOf(request), requireAuth(request).userId, body);
  });
  implement(app, assessmentsContract.update, async ({ params, body, request }) =>
    updateAssessment(db, actorOf(request), requireAuth(request).userId, params.id, body),
  );
  implement(app, assessmentsContract.remove, async ({ params, request }) =>
    deleteAssessment(db, actorOf(request), requireAuth(request).userId, params.id),
  );
  implement(app, assessmentsContract.saveMarks, async ({ params, body, request }) =>
    saveMarks(db, actorOf(request), requireAuth(request).userId, params.id, body),
  );
  implement(app, assessmentsContract.fill, async ({ body, request }) =>
    fillFromAssessments(db, actorOf(request), requireAuth(request).userId, body),
  );
  implement(app, assessmentsContract.rule, async () => averagingRule(db));
  implement(app, assessmentsContract.setRule, async ({ body, request }) =>
    setAveragingRule(db, actorOf(request), body),
  );
}
