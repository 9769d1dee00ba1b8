import { newsContract } from '@madreseh/contract/news/news.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { keptAnswers } from '../../http/kept-answers';
import { readUploadForm } from '../../storage/multipart';
import {
  createNews,
  deleteNews,
  getNews,
  getPublicNews,
  getStudentNews,
  listNews,
  listPublicNews,
  listStudentNews,
  nextNewsDue,
  setNewsCover,
  updateNews,
} from './news.service';
import {
  assertOwnNews,
  createTeacherNews,
  deleteTeacherNews,
  listTeacherNews,
  setTeacherNewsCover,
  updateTeacherNews,
} from './teacher-news.service';

/**
 * A student's news list, kept per account and page (http/kept-answers.ts) until news, the groups they go to,
 * or the student's record (their class, their state) change. A scheduled item comes out by the clock alone,
 * so an answer is kept no later than the next item due: that time is read before the list, so an item that
 * comes out while the list is read makes the answer stale at once, and it is not kept.
 */
const keptStudentNews = keptAnswers(newsContract.studentList, {
  tables: ['news', 'news_groups'],
  ttlMs: 30_000,
  max: 10_000,
});

/** A page of the news the student with account `userId` may read, kept or read now; a parent reads a child's. */
export function keptNewsOf(db: Db, userId: number, page: number, pageSize: number) {
  return keptStudentNews(db, `${userId}:${page}:${pageSize}`, async () => {
    const expiresAt = await nextNewsDue(db);
    const answer = await listStudentNews(db, userId, page, pageSize);
    return { answer, keys: [`users:${userId}`], expiresAt };
  });
}

export function registerNewsRoutes(app: FastifyInstance, db: Db): void {
  implement(app, newsContract.list, async ({ query }) => listNews(db, query));
  implement(app, newsContract.create, async ({ body, request, reply }) => {
    reply.status(201);
    return createNews(db, actorOf(request), body);
  });
  implement(app, newsContract.get, async ({ params }) => getNews(db, params.id));
  implement(app, newsContract.update, async ({ params, body, request }) =>
    updateNews(db, app.storage, actorOf(request), params.id, body),
  );
  implement(app, newsContract.remove, async ({ params, request }) => {
    await deleteNews(db, app.storage, actorOf(request), params.id);
    return { ok: true as const };
  });
  implement(app, newsContract.uploadCover, async ({ params, request }) => {
    const form = await readUploadForm(request, newsContract.uploadCover);
    return setNewsCover(db, app.storage, actorOf(request), params.id, form.file);
  });

  implement(app, newsContract.publicList, async ({ query, reply }) => {
    reply.header('cache-control', 'no-cache');
    return listPublicNews(db, query.page, query.pageSize);
  });
  implement(app, newsContract.publicGet, async ({ params, reply }) => {
    reply.header('cache-control', 'no-cache');
    return getPublicNews(db, params.id);
  });

  implement(app, newsContract.studentList, async ({ query, request }) =>
    keptNewsOf(db, requireAuth(request).userId, query.page, query.pageSize),
  );
  implement(app, newsContract.studentGet, async ({ params, request }) =>
    getStudentNews(db, requireAuth(request).userId, params.id),
  );

  implement(app, newsContract.teacherList, async ({ query, request }) =>
    listTeacherNews(db, requireAuth(request).userId, query.page, query.pageSize),
  );
  implement(app, newsContract.teacherCreate, async ({ body, request, reply }) => {
    reply.status(201);
    return createTeacherNews(db, actorOf(request), requireAuth(request).userId, body);
  });
  implement(app, newsContract.teacherUpdate, async ({ params, body, request }) =>
    updateTeacherNews(db, app.storage, actorOf(request), requireAuth(request).userId, params.id, body),
  );
  implement(app, newsContract.teacherRemove, async ({ params, request }) => {
    await deleteTeacherNews(db, app.storage, actorOf(request), requireAuth(request).userId, params.id);
    return { ok: true as const };
  });
  implement(app, newsContract.teacherUploadCover, async ({ params, request }) => {
    // Another's item is refused before its upload is read.
    await assertOwnNews(db, requireAuth(request).userId, params.id);
    const form = await readUploadForm(request, newsContract.teacherUploadCover);
    return setTeacherNewsCover(db, app.storage, actorOf(request), requireAuth(request).userId, params.id, form.file);
  });
}
