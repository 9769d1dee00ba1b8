import type { GalleryPhoto, galleryFieldsSchema } from '@madreseh/contract/gallery/gallery.contract';
import { imageUrls } from '@madreseh/contract/uploads';
import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { galleryPhotos } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { removeImage, storeImage } from '../../storage/images';
import type { Storage } from '../../storage/storage';

type Row = typeof galleryPhotos.$inferSelect;
type Fields = z.infer<typeof galleryFieldsSchema>;
const NOT_FOUND = 'عکس پیدا نشد.';

function toPhoto(r: Row): GalleryPhoto {
  return {
    id: r.id,
    caption: r.caption,
    album: r.album,
    image: imageUrls(r.imageKey),
    width: r.width,
    height: r.height,
    position: r.position,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listPhotos(db: Db, q: { page: number; pageSize: number; album?: string }) {
  const cond = q.album ? eq(galleryPhotos.album, q.album) : undefined;
  const [rows, [count], albums] = await Promise.all([
    db
      .select()
      .from(galleryPhotos)
      .where(cond)
      .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(galleryPhotos).where(cond),
    db
      .selectDistinct({ album: galleryPhotos.album })
      .from(galleryPhotos)
      .where(ne(galleryPhotos.album, ''))
      .orderBy(asc(galleryPhotos.album)),
  ]);
  return {
    items: rows.map(toPhoto),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    albums: albums.map((a) => a.album),
  };
}

/** Stores the photo first (outside the transaction), then its row; a failed insert removes the files. */
export async function addPhoto(
  db: Db,
  storage: Storage,
  actor: Actor,
  file: Buffer,
  fields: Fields,
): Promise<GalleryPhoto> {
  const stored = await storeImage(storage, 'gallery', file);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(galleryPhotos)
        .values({
          imageKey: stored.key,
          width: stored.width,
          height: stored.height,
          caption: fields.caption,
          album: fields.album,
          position: sql`(select coalesce(min(${galleryPhotos.position}), 0) - 1 from ${galleryPhotos})`,
          createdBy: actor.userId,
        })
        .returning();
      if (!row) throw new Error('insert returned nothing');
      await audit(tx, actor, 'create', 'gallery', row.id, { album: row.album });
      return toPhoto(row);
    });
  } catch (err) {
    await removeImage(storage, stored.key);
    throw err;
  }
}

export async function updatePhoto(db: Db, actor: Actor, id: number, fields: Fields) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(galleryPhotos).where(eq(galleryPhotos.id, id)).for('update');
    if (!current) throw AppError.notFound(NOT_FOUND);
    const values = { caption: fields.caption, album: fields.album };
    const [row] = await tx.update(galleryPhotos).set(values).where(eq(galleryPhotos.id, id)).returning();
    if (!row) throw AppError.notFound(NOT_FOUND);
    await audit(tx, actor, 'update', 'gallery', id, changedFields(current, values));
    return toPhoto(row);
  });
}

export async function deletePhoto(db: Db, storage: Storage, actor: Actor, id: number) {
  const key = await db.transaction(async (tx) => {
    const [row] = await tx.delete(galleryPhotos).where(eq(galleryPhotos.id, id)).returning();
    if (!row) throw AppError.notFound(NOT_FOUND);
    await audit(tx, actor, 'delete', 'gallery', id);
    return row.imageKey;
  });
  await removeImage(storage, key);
}

/**
 * Puts the given photos first, in the order of `ids`; the others keep their order after them.
 * With `inPlace`, the photos keep the places they hold between them (a page of the list, dragged
 * into a new order) and take them in the order of `ids`; the others do not move.
 */
export async function reorderPhotos(db: Db, actor: Actor, ids: number[], inPlace = false) {
  const unique = [...new Set(ids)];
  if (unique.length !== ids.length) throw AppError.badRequest('شناسهٔ تکراری در ترتیب عکس‌ها.');
  await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: galleryPhotos.id })
      .from(galleryPhotos)
      .where(inArray(galleryPhotos.id, unique))
      .for('update');
    if (found.length !== unique.length) throw AppError.notFound(NOT_FOUND);
    let positions: number[];
    if (inPlace) {
      // Number every photo by its place in the list (ties broken by id, as the list does), so the
      // places are distinct; then hand the places these photos hold to them in the new order.
      await tx.execute(
        sql`update ${galleryPhotos} set position = r.rn from (select id, (row_number() over (order by position, id))::int as rn from ${galleryPhotos}) r where ${galleryPhotos.id} = r.id and ${galleryPhotos.position} <> r.rn`,
      );
      const held = await tx
        .select({ position: galleryPhotos.position })
        .from(galleryPhotos)
        .where(inArray(galleryPhotos.id, unique))
        .orderBy(asc(galleryPhotos.position));
      positions = held.map((h) => h.position);
    } else {
      const [first] = await tx
        .select({ min: sql<number>`coalesce(min(${galleryPhotos.position}), 0)::int` })
        .from(galleryPhotos);
      const start = (first?.min ?? 0) - unique.length;
      positions = unique.map((_, i) => start + i);
    }
    // ids and positions are validated integers: safe to spell out as array literals.
    const idList = sql.raw(`ARRAY[${unique.join(',')}]::int[]`);
    const posList = sql.raw(`ARRAY[${positions.join(',')}]::int[]`);
    await tx.execute(
      sql`update ${galleryPhotos} set position = v.pos from (select unnest(${idList}) as id, unnest(${posList}) as pos) v where ${galleryPhotos.id} = v.id`,
    );
    await audit(tx, actor, 'reorder', 'gallery', null, { ids: unique, inPlace });
  });
}
