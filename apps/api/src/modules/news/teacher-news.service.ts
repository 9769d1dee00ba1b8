import type { TeacherNews, teacherNewsInputSchema } from '@madreseh/contract/news/news.contract';
import { imageUrls } from '@madreseh/contract/uploads';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { groups, students } from '../../db/schema/school';
import { news, newsGroups } from '../../db/schema/site';
import { teacherSubjects, teachers } from '../../db/schema/teachers';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { plainText } from '../../lib/html';
import { removeImage } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { enqueue } from '../notifications/outbox';
import { teacherOfUser } from '../teachers/teachers.service';
import { deleteNews, pageOfRows, replaceNewsCover, saveNewsEdit } from './news.service';

type Input = z.output<typeof teacherNewsInputSchema>;

export const TEACHER_NEWS_MESSAGES = {
  notFound: 'خبر پیدا نشد.',
  notYourClass: 'این کلاس از کلاس‌های شما نیست؛ فقط به کلاس‌هایی که درسی در آن‌ها دارید می‌توانید خبر بفرستید.',
} as const;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain text as the news body: a blank line starts a paragraph, a single line break stays one. */
export function textToHtml(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** The text of a news body back, for the teacher's edit form (staff may have formatted it; the words stay). */
export function htmlToText(html: string): string {
  return plainText(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*/gi, '\n\n')).replace(/\n{3,}/g, '\n\n');
}

/** The card line under the title: the first words of the text. */
function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= 200 ? flat : `${flat.slice(0, 199).trimEnd()}…`;
}

/** The classes a signed-in teacher has a subject in (her class list), by id and name. */
async function classesOf(db: Tx, userId: number): Promise<Map<number, string>> {
  const rows = await db
    .selectDistinct({ id: groups.id, name: groups.name })
    .from(teacherSubjects)
    .innerJoin(teachers, eq(teachers.id, teacherSubjects.teacherId))
    .innerJoin(groups, eq(groups.id, teacherSubjects.groupId))
    .where(eq(teachers.userId, userId));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Every class asked for must be one of hers (403 otherwise, nothing saved). */
async function checkClasses(tx: Tx, userId: number, groupIds: number[]): Promise<number[]> {
  const mine = await classesOf(tx, userId);
  const wanted = [...new Set(groupIds)];
  if (wanted.some((id) => !mine.has(id))) {
    throw AppError.forbidden(TEACHER_NEWS_MESSAGES.notYourClass);
  }
  return wanted.sort((a, b) => a - b);
}

async function toTeacherNews(db: Tx, rows: (typeof news.$inferSelect)[]): Promise<TeacherNews[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .select({ newsId: newsGroups.newsId, id: groups.id, name: groups.name })
        .from(newsGroups)
        .innerJoin(groups, eq(groups.id, newsGroups.groupId))
        .where(inArray(newsGroups.newsId, ids))
        .orderBy(asc(groups.gradeLevel), asc(groups.sortName))
    : [];
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    text: htmlToText(r.bodyHtml),
    cover: r.coverKey ? imageUrls(r.coverKey) : null,
    groups: links.filter((l) => l.newsId === r.id).map(({ id, name }) => ({ id, name })),
    publishAt: r.publishAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/** A news item the teacher wrote, locked for a change; 404 for anyone else's (another's is never shown). */
async function ownRow(tx: Tx, userId: number, id: number, lock = false) {
  const q = tx
    .select()
    .from(news)
    .where(and(eq(news.id, id), eq(news.createdBy, userId)));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw AppError.notFound(TEACHER_NEWS_MESSAGES.notFound);
  return row;
}

/** 404 unless the signed-in teacher wrote the item. */
export async function assertOwnNews(db: Db, userId: number, id: number): Promise<void> {
  await ownRow(db, userId, id);
}

async function getOwn(db: Tx, userId: number, id: number): Promise<TeacherNews> {
  const [item] = await toTeacherNews(db, [await ownRow(db, userId, id)]);
  if (!item) throw AppError.notFound(TEACHER_NEWS_MESSAGES.notFound);
  return item;
}

export async function listTeacherNews(db: Db, userId: number, page: number, pageSize: number) {
  const order = [desc(news.publishAt), desc(news.id)];
  const { rows, total } = await pageOfRows(db, eq(news.createdBy, userId), order, page, pageSize);
  return { items: await toTeacherNews(db, rows), total, page, pageSize };
}

/**
 * The bell: every active student of the classes and their linked parents hear of the item, in the
 * app only (no SMS: news is not worth a text message). The key names the item, so an edit that adds
 * a class tells only the newcomers and a student in two of its classes hears once.
 */
async function tellClasses(tx: Tx, newsId: number, title: string, author: string, groupIds: number[]) {
  const names = await tx
    .select({ name: groups.name })
    .from(groups)
    .where(inArray(groups.id, groupIds))
    .orderBy(asc(groups.gradeLevel), asc(groups.sortName));
  const audience = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(inArray(students.groupId, groupIds), eq(students.status, 'active')));
  const text = `خبر تازه از ${author} برای ${names.map((n) => n.name).join('، ')}: «${title}»`;
  await enqueue(
    tx,
    audience.map((s) => ({ kind: 'staff_message' as const, messageId: `news:${newsId}`, studentId: s.id, text })),
    { sms: false },
  );
}

export async function createTeacherNews(db: Db, actor: Actor, userId: number, input: Input): Promise<TeacherNews> {
  return db.transaction(async (tx) => {
    const { fullName: author } = await teacherOfUser(tx, userId);
    const groupIds = await checkClasses(tx, userId, input.groupIds);
    const [row] = await tx
      .insert(news)
      .values({
        title: input.title,
        summary: summaryOf(input.text),
        bodyHtml: textToHtml(input.text),
        audience: 'groups',
        status: 'published',
        publishAt: new Date(),
        createdBy: userId,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await tx.insert(newsGroups).values(groupIds.map((groupId) => ({ newsId: row.id, groupId })));
    await tellClasses(tx, row.id, row.title, author, groupIds);
    await audit(tx, actor, 'create', 'news', row.id, { title: row.title, audience: 'groups', groupIds });
    return getOwn(tx, userId, row.id);
  });
}

export async function updateTeacherNews(
  db: Db,
  storage: Storage,
  actor: Actor,
  userId: number,
  id: number,
  input: Input,
): Promise<TeacherNews> {
  let oldCover: string | null = null;
  const result = await db.transaction(async (tx) => {
    const current = await ownRow(tx, userId, id, true);
    const { fullName: author } = await teacherOfUser(tx, userId);
    const groupIds = await checkClasses(tx, userId, input.groupIds);
    if (input.removeCover) oldCover = current.coverKey;
    const values = {
      title: input.title,
      summary: summaryOf(input.text),
      bodyHtml: textToHtml(input.text),
      ...(input.removeCover ? { coverKey: null } : {}),
    };
    await saveNewsEdit(tx, actor, current, values, groupIds);
    await tellClasses(tx, id, input.title, author, groupIds);
    return getOwn(tx, userId, id);
  });
  if (oldCover) await removeImage(storage, oldCover);
  return result;
}

export async function deleteTeacherNews(
  db: Db,
  storage: Storage,
  actor: Actor,
  userId: number,
  id: number,
): Promise<void> {
  await deleteNews(db, storage, actor, id, userId);
}

export async function setTeacherNewsCover(
  db: Db,
  storage: Storage,
  actor: Actor,
  userId: number,
  id: number,
  file: Buffer,
): Promise<TeacherNews> {
  await replaceNewsCover(db, storage, actor, id, file, (tx) => ownRow(tx, userId, id, true));
  return getOwn(db, userId, id);
}
