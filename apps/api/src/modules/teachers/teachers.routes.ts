import { teachersContract } from '@madreseh/contract/teachers/teachers.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import {
  assignSubjects,
  createTeacher,
  listTeachers,
  myClasses,
  resetTeacherPassword,
  setTeacherActive,
  teacherGrid,
  teacherSaveGrid,
  updateTeacher,
} from './teachers.service';

export function registerTeacherRoutes(app: FastifyInstance, db: Db): void {
  implement(app, teachersContract.list, async () => ({ items: await listTeachers(db) }));
  implement(app, teachersContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createTeacher(db, actorOf(request), body);
  });
  implement(app, teachersContract.update, async ({ params, body, request }) =>
    updateTeacher(db, actorOf(request), params.id, body),
  );
  implement(app, teachersContract.setActive, async ({ params, body, request }) =>
    setTeacherActive(db, actorOf(request), params.id, body.active),
  );
  implement(app, teachersContract.resetPassword, async ({ params, request }) =>
    resetTeacherPassword(db, actorOf(request), params.id),
  );
  implement(app, teachersContract.assign, async ({ params, body, request }) =>
    assignSubjects(db, actorOf(request), params.id, body.subjectIds),
  );
  implement(app, teachersContract.myClasses, async ({ request }) => myClasses(db, requireAuth(request).userId));
  implement(app, teachersContract.grid, async ({ query, request }) =>
    teacherGrid(db, requireAuth(request).userId, query.groupId, query.term),
  );
  implement(app, teachersContract.save, async ({ body, request }) =>
    teacherSaveGrid(db, actorOf(request), requireAuth(request).userId, body),
  );
}
