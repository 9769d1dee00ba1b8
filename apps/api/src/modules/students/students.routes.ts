import { studentContract } from '@madreseh/contract/student/student.contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { implement } from '../../http/implement';
import { readUploadForm } from '../../storage/multipart';
import { changePassword, me, profile, updateProfile } from './student-self.service';
import {
  allStudents,
  createStudent,
  getStudent,
  listStudents,
  multiDelete,
  resetPassword,
  setPhoto,
  setStatus,
  studentOfUser,
  updateStudent,
} from './students.service';
import { exportStudents, importStudents, importTemplate } from './students.sheets';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function sendXlsx(reply: FastifyReply, file: Buffer, asciiName: string, persianName: string) {
  reply
    .header('content-type', XLSX)
    .header(
      'content-disposition',
      `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(persianName)}`,
    );
  return file;
}

export function registerStudentRoutes(app: FastifyInstance, db: Db): void {
  implement(app, studentContract.list, async ({ query }) => listStudents(db, query));
  implement(app, studentContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createStudent(db, request, body);
  });
  implement(app, studentContract.get, async ({ params }) => getStudent(db, params.id));
  implement(app, studentContract.update, async ({ params, body, request }) =>
    updateStudent(db, request, params.id, body),
  );
  implement(app, studentContract.multiDelete, async ({ body, request }) =>
    multiDelete(db, app.storage, request, body.ids),
  );
  implement(app, studentContract.uploadPhoto, async ({ params, request }) => {
    const { file } = await readUploadForm(request, z.object({}));
    await setPhoto(db, app.storage, request, params.id, file);
    return getStudent(db, params.id);
  });
  implement(app, studentContract.removePhoto, async ({ params, request }) => {
    await setPhoto(db, app.storage, request, params.id, null);
    return getStudent(db, params.id);
  });
  implement(app, studentContract.uploadOwnPhoto, async ({ request }) => {
    const auth = requireAuth(request);
    const { file } = await readUploadForm(request, z.object({}));
    const self = await studentOfUser(db, auth.userId);
    await setPhoto(db, app.storage, null, self.id, file);
    return profile(db, auth);
  });
  implement(app, studentContract.resetPassword, async ({ params, request }) => resetPassword(db, request, params.id));
  implement(app, studentContract.setStatus, async ({ params, body, request }) =>
    setStatus(db, request, params.id, body.status),
  );
  implement(app, studentContract.importTemplate, async ({ reply }) =>
    sendXlsx(reply, await importTemplate(), 'students-template.xlsx', 'الگوی دانش‌آموزان.xlsx'),
  );
  implement(app, studentContract.import, async ({ body, request }) => importStudents(db, request, body));
  implement(app, studentContract.export, async ({ query, reply }) =>
    sendXlsx(reply, await exportStudents(await allStudents(db, query)), 'students.xlsx', 'دانش‌آموزان.xlsx'),
  );

  implement(app, studentContract.me, async ({ request }) => me(db, requireAuth(request)));
  implement(app, studentContract.profile, async ({ request }) => profile(db, requireAuth(request)));
  implement(app, studentContract.updateProfile, async ({ request, body }) =>
    updateProfile(db, requireAuth(request), body),
  );
  implement(app, studentContract.changePassword, async ({ request, body }) => {
    await changePassword(db, requireAuth(request), body);
    return { ok: true as const };
  });
}
