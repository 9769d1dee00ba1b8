import { studentsContract } from '@madreseh/contract/students/students.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { analyzeInBackground } from '../../db/maintenance';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { keptAnswers } from '../../http/kept-answers';
import { asAttachment, XLSX_TYPE } from '../../lib/spreadsheet';
import { readUploadForm } from '../../storage/multipart';
import { allStudents, listStudents } from './student-list';
import { setPhoto } from './student-photos';
import { getStudent, studentOfUser } from './student-records';
import { changePassword, me, profile, updateProfile } from './student-self.service';
import { importStudents } from './students.import';
import {
  createStudent,
  issuePasswords,
  multiDelete,
  resetPassword,
  setStatus,
  updateStudent,
} from './students.service';
import { exportStudents, importTemplate } from './students.sheets';

/**
 * A student's start page, kept per account (http/kept-answers.ts) until their record, account, class or a
 * report card of theirs changes. Nothing in it depends on the clock.
 */
const keptMe = keptAnswers(studentsContract.me, { tables: ['report_cards', 'groups'], ttlMs: 30_000, max: 10_000 });

export function registerStudentRoutes(app: FastifyInstance, db: Db): void {
  implement(app, studentsContract.list, async ({ query }) => listStudents(db, query));
  implement(app, studentsContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createStudent(db, actorOf(request), body);
  });
  implement(app, studentsContract.get, async ({ params }) => getStudent(db, params.id));
  implement(app, studentsContract.update, async ({ params, body, request }) =>
    updateStudent(db, actorOf(request), params.id, body),
  );
  implement(app, studentsContract.multiDelete, async ({ body, request }) =>
    multiDelete(db, app.storage, actorOf(request), body.ids),
  );
  implement(app, studentsContract.uploadPhoto, async ({ params, request }) => {
    const { file } = await readUploadForm(request, studentsContract.uploadPhoto);
    await setPhoto(db, app.storage, actorOf(request), params.id, file);
    return getStudent(db, params.id);
  });
  implement(app, studentsContract.removePhoto, async ({ params, request }) => {
    await setPhoto(db, app.storage, actorOf(request), params.id, null);
    return getStudent(db, params.id);
  });
  implement(app, studentsContract.uploadOwnPhoto, async ({ request }) => {
    const auth = requireAuth(request);
    const { file } = await readUploadForm(request, studentsContract.uploadOwnPhoto);
    const self = await studentOfUser(db, auth.userId);
    await setPhoto(db, app.storage, null, self.id, file);
    return profile(db, auth);
  });
  implement(app, studentsContract.issuePasswords, async ({ body, request }) => ({
    items: await issuePasswords(db, actorOf(request), body.ids),
  }));
  implement(app, studentsContract.resetPassword, async ({ params, request }) =>
    resetPassword(db, actorOf(request), params.id),
  );
  implement(app, studentsContract.setStatus, async ({ params, body, request }) =>
    setStatus(db, actorOf(request), params.id, body.status),
  );
  implement(app, studentsContract.importTemplate, async ({ reply }) =>
    asAttachment(reply, await importTemplate(), {
      type: XLSX_TYPE,
      name: 'students-template.xlsx',
      persianName: 'الگوی دانش‌آموزان.xlsx',
    }),
  );
  implement(app, studentsContract.import, async ({ body, request }) => {
    const result = await importStudents(db, actorOf(request), body);
    void analyzeInBackground(db, (err) => request.log.warn({ err }, 'analyze after the import failed'));
    return result;
  });
  implement(app, studentsContract.export, async ({ query, reply }) =>
    asAttachment(reply, await exportStudents(allStudents(db, query)), {
      type: XLSX_TYPE,
      name: 'students.xlsx',
      persianName: 'دانش‌آموزان.xlsx',
    }),
  );

  implement(app, studentsContract.me, async ({ request }) => {
    const auth = requireAuth(request);
    return keptMe(db, String(auth.userId), async () => {
      const answer = await me(db, auth);
      return { answer, keys: [`users:${auth.userId}`, `student:${answer.id}`] };
    });
  });
  implement(app, studentsContract.profile, async ({ request }) => profile(db, requireAuth(request)));
  implement(app, studentsContract.updateProfile, async ({ request, body }) =>
    updateProfile(db, requireAuth(request), body),
  );
  implement(app, studentsContract.changePassword, async ({ request, body }) => {
    await changePassword(db, requireAuth(request), body);
    return { ok: true as const };
  });
}
