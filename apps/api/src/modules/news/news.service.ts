import type {
  AdminNews,
  adminNewsListQuerySchema,
  NewsCard,
  NewsDetail,
  NewsState,
  newsInputSchema,
} from '@madreseh/contract/news/news.contract';
import { imageUrls } from '@madreseh/contract/uploads';
import { and, desc, eq, exists, gt, ilike, inArray, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { groups, students } from '../../db/schema/school';
import { news, newsGroups } from '../../db/schema/site';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/html';
import { containsPattern } from '../../lib/like';
import { removeImage, storeImage } from '../../storage/images';
import type { Storage } from '../../storage/storage';

type NewsRow = typeof news.$inferSelect;
type NewsInput = z.infer<typeof newsInputSchema>;
type ListQuery = z.infer<typeof adminNewsListQuerySchema>;

const NOT_FOUND = 'خبر پیدا نشد.';

function stateOf(row: Pick<NewsRow, 'status' | 'publishAt'>, now = new Date()): NewsState {
  if (row.status === 'draft') return 'draft';
  return row.publishAt > now ? 'scheduled' : 'published';
}

interface Author {
  name: string | null;
  role: string | null;
}

function toAdmin(row: NewsRow, groupIds: number[], author: Author | undefined): AdminNews {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    bodyHtml: row.bodyHtml,
    cover: row.coverKey ? imageUrls(row.coverKey) : null,
    audience: row.audience,
    groupIds,
    pinned: row.pinned,
    status: row.status,
    state: stateOf(row),
    publishAt: row.publishAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: author?.name ?? null,
    byTeacher: author?.role === 'teacher',
  };
}

/** The name and role of each news item's writer. */
async function authorsOf(db: Tx, rows: Pick<NewsRow, 'id' | 'createdBy'>[]): Promise<Map<number, Author>> {
  const userIds = [...new Set(rows.flatMap((r) => (r.createdBy == null ? [] : [r.createdBy])))];
  const found = userIds.length
    ? await db
        .select({ id: users.id, name: users.fullName, role: users.role })
        .from(users)
        .where(inArray(users.id, userIds))
    : [];
  const byUser = new Map(found.map((u) => [u.id, { name: u.name, role: u.role }]));
  const map = new Map<number, Author>();
  for (const r of rows) {
    const a = r.createdBy == null ? undefined : byUser.get(r.createdBy);
    if (a) map.set(r.id, a);
  }
  return map;
}

const cardColumns = {
  id: news.id,
  title: news.title,
  summary: news.summary,
  coverKey: news.coverKey,
  pinned: news.pinned,
  publishAt: news.publishAt,
};

function toCard(row: {
  id: number;
  title: string;
  summary: string;
  coverKey: string | null;
  pinned: boolean;
  publishAt: Date;
}): NewsCard {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.coverKey ? imageUrls(row.coverKey) : null,
    pinned: row.pinned,
    publishAt: row.publishAt.toISOString(),
  };
}

async function groupIdsOf(db: Tx, ids: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!ids.length) return map;
  const rows = await db.select().from(newsGroups).where(inArray(newsGroups.newsId, ids));
  for (const r of rows) map.set(r.newsId, [...(map.get(r.newsId) ?? []), r.groupId]);
  return map;
}

/** One page of news rows that `cond` selects, in `order`, and how many it selects (staff's and a teacher's lists). */
export async function pageOfRows(db: Db, cond: SQL | undefined, order: SQL[], page: number, pageSize: number) {
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(news)
      .where(cond)
      .orderBy(...order)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(news).where(cond),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function listNews(db: Db, q: ListQuery) {
  const where: SQL[] = [];
  if (q.q) where.push(ilike(news.title, containsPattern(q.q)));
  if (q.audience) where.push(eq(news.audience, q.audience));
  if (q.state === 'draft') where.push(eq(news.status, 'draft'));
  if (q.state === 'scheduled') where.push(and(eq(news.status, 'published'), gt(news.publishAt, sql`now()`)) as SQL);
  if (q.state === 'published') where.push(and(eq(news.status, 'published'), lte(news.publishAt, sql`now()`)) as SQL);
  const cond = where.length ? and(...where) : undefined;
  const order = [desc(news.pinned), desc(news.publishAt), desc(news.id)];
  const { rows, total } = await pageOfRows(db, cond, order, q.page, q.pageSize);
  const gids = await groupIdsOf(
    db,
    rows.map((r) => r.id),
  );
  const authors = await authorsOf(db, rows);
  return {
    items: rows.map((r) => toAdmin(r, gids.get(r.id) ?? [], authors.get(r.id))),
    total,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function getNews(db: Tx, id: number): Promise<AdminNews> {
  const [row] = await db.select().from(news).where(eq(news.id, id));
  if (!row) throw AppError.notFound(NOT_FOUND);
  const gids = await groupIdsOf(db, [id]);
  const authors = await authorsOf(db, [row]);
  return toAdmin(row, gids.get(id) ?? [], authors.get(id));
}

async function checkGroups(tx: Tx, input: NewsInput): Promise<number[]> {
  if (input.audience !== 'groups') return [];
  const wanted = [...new Set(input.groupIds)];
  const found = await tx.select({ id: groups.id }).from(groups).where(inArray(groups.id, wanted));
  if (found.length !== wanted.length) {
    throw AppError.badRequest('کلاس انتخاب‌شده وجود ندارد.', { groupIds: 'کلاس انتخاب‌شده وجود ندارد.' });
  }
  return wanted;
}

function valuesOf(input: NewsInput) {
  return {
    title: input.title,
    summary: input.summary,
    bodyHtml: sanitizeRichText(input.bodyHtml),
    audience: input.audience,
    pinned: input.pinned,
    status: input.status,
    publishAt: input.publishAt ? new Date(input.publishAt) : new Date(),
  };
}

export async function createNews(db: Db, actor: Actor, input: NewsInput): Promise<AdminNews> {
  return db.transaction(async (tx) => {
    const gids = await checkGroups(tx, input);
    const [row] = await tx
      .insert(news)
      .values({ ...valuesOf(input), createdBy: actor.userId })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    if (gids.length) await tx.insert(newsGroups).values(gids.map((groupId) => ({ newsId: row.id, groupId })));
    await audit(tx, actor, 'create', 'news', row.id, { title: row.title, audience: row.audience });
    return getNews(tx, row.id);
  });
}

/**
 * Writes an edit of a news item locked by the caller: its columns and its classes, with the audit row
 * of what changed (the classes compared in id order). Staff's and a teacher's edits both end here.
 */
export async function saveNewsEdit(
  tx: Tx,
  actor: Actor,
  current: NewsRow,
  values: Partial<typeof news.$inferInsert>,
  groupIds: number[],
): Promise<void> {
  const id = current.id;
  const oldGroups = await tx.select({ groupId: newsGroups.groupId }).from(newsGroups).where(eq(newsGroups.newsId, id));
  await tx
    .update(news)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(news.id, id));
  await tx.delete(newsGroups).where(eq(newsGroups.newsId, id));
  if (groupIds.length) await tx.insert(newsGroups).values(groupIds.map((groupId) => ({ newsId: id, groupId })));
  const inOrder = (list: number[]) => [...list].sort((a, b) => a - b);
  await audit(
    tx,
    actor,
    'update',
    'news',
    id,
    changedFields(
      { ...current, groupIds: inOrder(oldGroups.map((g) => g.groupId)) },
      { ...values, groupIds: inOrder(groupIds) },
    ),
  );
}

export async function updateNews(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
  input: NewsInput,
): Promise<AdminNews> {
  let oldCover: string | null = null;
  const result = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!current) throw AppError.notFound(NOT_FOUND);
    const gids = await checkGroups(tx, input);
    if (input.removeCover) oldCover = current.coverKey;
    const values = { ...valuesOf(input), ...(input.removeCover ? { coverKey: null } : {}) };
    await saveNewsEdit(tx, actor, current, values, gids);
    return getNews(tx, id);
  });
  if (oldCover) await removeImage(storage, oldCover);
  return result;
}

/** Deletes a news item with its audit row, then its cover; with `author`, only an item that author wrote (404 else). */
export async function deleteNews(db: Db, storage: Storage, actor: Actor, id: number, author?: number): Promise<void> {
  const cond = author === undefined ? eq(news.id, id) : and(eq(news.id, id), eq(news.createdBy, author));
  const cover = await db.transaction(async (tx) => {
    const [row] = await tx.delete(news).where(cond).returning();
    if (!row) throw AppError.notFound(NOT_FOUND);
    await audit(tx, actor, 'delete', 'news', id, { title: row.title });
    return row.coverKey;
  });
  if (cover) await removeImage(storage, cover);
}

export async function setNewsCover(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
  file: Buffer,
): Promise<AdminNews> {
  const [exists_] = await db.select({ id: news.id }).from(news).where(eq(news.id, id));
  if (!exists_) throw AppError.notFound(NOT_FOUND);
  await replaceNewsCover(db, storage, actor, id, file, async (tx) => {
    const [current] = await tx.select().from(news).where(eq(news.id, id)).for('update');
    if (!current) throw AppError.notFound(NOT_FOUND);
    return current;
  });
  return getNews(db, id);
}

/**
 * Stores a news item's new cover, then swaps it in one transaction that first locks the row through
 * `lockRow` (which refuses with a 404 whoever may not touch it). The image is written outside the
 * transaction; a refused swap removes it again, a done one removes the old cover.
 */
export async function replaceNewsCover(
  db: Db,
  storage: Storage,
  actor: Actor,
  id: number,
  file: Buffer,
  lockRow: (tx: Tx) => Promise<{ coverKey: string | null }>,
): Promise<void> {
  const stored = await storeImage(storage, 'news', file);
  let old: string | null = null;
  try {
    await db.transaction(async (tx) => {
      old = (await lockRow(tx)).coverKey;
      await tx.update(news).set({ coverKey: stored.key, updatedAt: new Date() }).where(eq(news.id, id));
      await audit(tx, actor, 'upload', 'news.cover', id);
    });
  } catch (err) {
    await removeImage(storage, stored.key);
    throw err;
  }
  if (old) await removeImage(storage, old);
}

const visibleNow = () => and(eq(news.status, 'published'), lte(news.publishAt, sql`now()`)) as SQL;
const readerOrder = [desc(news.pinned), desc(news.publishAt), desc(news.id)];

/** A page of cards with the total, in one statement; limit and offset are placeholders. */
const cardsWithTotal = (db: Db, cond: SQL) =>
  db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(news)
    .where(cond)
    .orderBy(...readerOrder)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'));

/** The two lists every visitor and every student opens: built and prepared once per database. */
const publicCards = perDatabase((db) => cardsWithTotal(db, publicCond()).prepare('public_news_cards'));
const studentCards = perDatabase((db) =>
  cardsWithTotal(db, studentCond(sql.placeholder('userId'))).prepare('student_news_cards'),
);
type CardRow = Awaited<ReturnType<ReturnType<typeof publicCards>['execute']>>[number];

/** The page's answer from its rows; the total is counted again only for a page past the end. */
async function pageOfCards(db: Db, rows: CardRow[], cond: SQL, page: number, pageSize: number) {
  let total = rows[0]?.total ?? 0;
  if (!rows.length && page > 1) {
    const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(news).where(cond);
    total = count?.n ?? 0;
  }
  return { items: rows.map(toCard), total, page, pageSize };
}

async function detail(db: Db, cond: SQL): Promise<NewsDetail> {
  const [row] = await db
    .select({ ...cardColumns, bodyHtml: news.bodyHtml })
    .from(news)
    .where(cond);
  if (!row) throw AppError.notFound(NOT_FOUND);
  return { ...toCard(row), bodyHtml: row.bodyHtml };
}

const publicCond = () => and(eq(news.audience, 'public'), visibleNow()) as SQL;

export async function listPublicNews(db: Db, page: number, pageSize: number) {
  const rows = await publicCards(db).execute({ limit: pageSize, offset: (page - 1) * pageSize });
  return pageOfCards(db, rows, publicCond(), page, pageSize);
}

export function getPublicNews(db: Db, id: number) {
  return detail(db, and(eq(news.id, id), publicCond()) as SQL);
}

/**
 * What a student may read: published, due, and for all students or for the group the student is
 * in now (taken from the student's own record, never from the request).
 */
function studentCond(userId: number | Placeholder): SQL {
  const inMyGroup = exists(
    sql`(select 1 from ${newsGroups} join ${students} on ${students.groupId} = ${newsGroups.groupId}
         where ${newsGroups.newsId} = ${news.id} and ${students.userId} = ${userId} and ${students.status} = 'active')`,
  );
  return and(visibleNow(), or(eq(news.audience, 'students'), and(eq(news.audience, 'groups'), inMyGroup))) as SQL;
}

/** When the next published item scheduled for later comes out (ms since the epoch), or Infinity when none is. */
export async function nextNewsDue(db: Db): Promise<number> {
  const [row] = await db
    .select({ at: sql<Date | null>`min(${news.publishAt})`.mapWith(news.publishAt) })
    .from(news)
    .where(and(eq(news.status, 'published'), sql`${news.publishAt} > now()`));
  return row?.at ? row.at.getTime() : Number.POSITIVE_INFINITY;
}

export async function listStudentNews(db: Db, userId: number, page: number, pageSize: number) {
  const rows = await studentCards(db).execute({ userId, limit: pageSize, offset: (page - 1) * pageSize });
  return pageOfCards(db, rows, studentCond(userId), page, pageSize);
}

export function getStudentNews(db: Db, userId: number, id: number) {
  return detail(db, and(eq(news.id, id), studentCond(userId)) as SQL);
}
