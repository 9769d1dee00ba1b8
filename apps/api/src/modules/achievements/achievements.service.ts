import type { Achievement, achievementBodySchema } from '@madreseh/contract/achievements/achievements.contract';
import { imageUrls } from '@madreseh/contract/uploads';
import { asc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { achievements } from '../../db/schema/achievements';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { plainText } from '../../lib/html';
import { containsPattern } from '../../lib/like';
import { removeImage, storeImage } from '../../storage/images';
import type { Storage } from '../../storage/storage';

type Row = typeof achievements.$inferSelect;
type Body = z.output<typeof achievementBodySchema>;
const NOT_FOUND = 'افتخار پیدا نشد.';

export function toAchievement(r: Row): Achievement {
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    date: r.date,
    image: r.imageKey ? imageUrls(r.imageKey) : null,
    width: r.imageKey ? r.imageWidth : null,
    height: r.imageKey ? r.imageHeight : null,
  };
}

export async function listAchievements(db: Db, q: { page: number; pageSize: number; q?: string | undefined }) {
  const cond = q.q ? ilike(achievements.title, containsPattern(q.q)) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(achievements)
      .where(cond)
      .orderBy(asc(achievements.position), asc(achievements.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(achievements).where(cond),
  ]);
  return { items: rows.map(toAchievement), total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** One achievement (all are public); 404 with a Persian message when there is none. */
export async function getAchievement(db: Db, id: number): Promise<Achievement> {
  const [row] = await db.select().from(achievements).where(eq(achievements.id, id));
  if (!row) throw AppError.notFound(NOT_FOUND);
  return toAchievement(row);
}

/** Title and description are plain text: any markup is stripped before storing. */
function values(body: Body) {
  const title = plainText(body.title);
  if (!title) throw AppError.badRequest('عنوان را وارد کنید.', { title: 'عنوان را وارد کنید.' });
  return { title, description: plainText(body.description), date: body.date };
}

export async function createAchievement(db: Db, actor: Actor, body: Body) {
  const v = values(body);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(achievements)
      .values({
        ...v,
        position: sql`(select coalesce(min(${achievements.position}), 0) - 1 from ${achievements})`,
      })
      .returning();
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, 'create', 'achievement', row.id, { title: v.title });
    return toAchievement(row);
  });
}

export async function updateAchievement(db: Db, actor: Actor, id: number, body: Body) {
  const v = values(body);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(achievements).where(eq(achievements.id, id)).for('update');
    if (!current) throw AppError.notFound(NOT_FOUND);
    const [row] = await tx
      .update(achievements)
      .set({ ...v, updatedAt: new Date() })
      .where(eq(achievements.id, id))
      .returning();
    if (!row) throw AppError.notFound(NOT_FOUND);
    await audit(tx, actor, 'update', 'achievement', id, changedFields(current, v));
    return toAchievement(row);
  });
}

export async function deleteAchievement(db: Db, storage: Storage, actor: Actor, id: number) {
  const key = await db.transaction(async (tx) => {
    const [row] = await tx.delete(achievements).where(eq(achievements.id, id)).returning();
    if (!row) throw AppError.notFound(NOT_FOUND);
    await audit(tx, actor, 'delete', 'achievement', id, { title: row.title });
    return row.imageKey;
  });
  if (key) await removeImage(storage, key);
}

/**
 * Sets (a file) or removes (null) the image. The new image is stored before the transaction;
 * the old files go once the row no longer names them, the new ones if the update fails.
 */
export async function setAchievementImage(db: Db, storage: Storage, actor: Actor, id: number, file: Buffer | null) {
  const stored = file ? await storeImage(storage, 'achievement', file) : null;
  try {
    const { row, old } = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(achievements).where(eq(achievements.id, id)).for('update');
      if (!before) throw AppError.notFound(NOT_FOUND);
      const [after] = await tx
        .update(achievements)
        .set({
          imageKey: stored?.key ?? null,
          imageWidth: stored?.width ?? null,
          imageHeight: stored?.height ?? null,
          updatedAt: new Date(),
        })
        .where(eq(achievements.id, id))
        .returning();
      if (!after) throw AppError.notFound(NOT_FOUND);
      await audit(tx, actor, stored ? 'set_image' : 'remove_image', 'achievement', id);
      return { row: after, old: before.imageKey };
    });
    if (old) await removeImage(storage, old);
    return toAchievement(row);
  } catch (err) {
    if (stored) await removeImage(storage, stored.key);
    throw err;
  }
}

/** Puts the given achievements first, in the order of `ids`; the others keep their order after them. */
export async function reorderAchievements(db: Db, actor: Actor, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw AppError.badRequest('شناسهٔ تکراری در ترتیب افتخارها.');
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: achievements.id })
      .from(achievements)
      .where(inArray(achievements.id, unique))
      .for('update');
    if (found.length !== unique.length) throw AppError.notFound(NOT_FOUND);
    const [first] = await tx
      .select({ min: sql<number>`coalesce(min(${achievements.position}), 0)::int` })
      .from(achievements);
    const start = (first?.min ?? 0) - unique.length;
    // ids are validated integers: safe to spell out as array literals.
    const idList = sql.raw(`ARRAY[${unique.join(',')}]::int[]`);
    const posList = sql.raw(`ARRAY[${unique.map((_, i) => start + i).join(',')}]::int[]`);
    await tx.execute(
      sql`update ${achievements} set position = v.pos from (select unnest(${idList}) as id, unnest(${posList}) as pos) v where ${achievements.id} = v.id`,
    );
    await audit(tx, actor, 'reorder', 'achievement', null, { ids: unique });
  });
}
