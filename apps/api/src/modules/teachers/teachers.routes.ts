import { teacherContract } from '@madreseh/contract/teacher/teacher.contract';
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
  implement(app, teacherContract.list, async () => ({ items: await listTeachers(db) }));
  implement(app, teacherContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createTeacher(db, actorOf(request), body);
  });
  implement(app, teacherContract.update, async ({ params, body, request }) =>
    updateTeacher(db, actorOf(request), params.id, body),
  );
  implement(app, teacherContract.setActive, async ({ params, body, request }) =>
    setTeacherActive(db, actorOf(request), params.id, body.active),
  );
  implement(app, teacherContract.resetPassword, async ({ params, request }) =>
    resetTeacherPassword(db, actorOf(request), params.id),
  );
  implement(app, teacherContract.assign, async ({ params, body, request }) =>
    assignSubjects(db, actorOf(request), params.id, body.subjectIds),
  );
  implement(app, teacherContract.myClasses, async ({ request }) => myClasses(db, requireAuth(request).userId));
  implement(app, teacherContract.grid, async ({ query, request }) =>
    teacherGrid(db, requireAuth(request).userId, query.groupId, query.term),
  );
  implement(app, teacherContract.save, async ({ body, request }) =>
    teacherSaveGrid(db, actorOf(request), requireAuth(request).userId, body),
  );
}
