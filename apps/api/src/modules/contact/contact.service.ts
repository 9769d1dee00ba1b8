import {
  CONTACT_LIMIT,
  type ContactMessage,
  type contactInputSchema,
} from '@madreseh/contract/contact/contact.contract';
import { normalizePersian } from '@madreseh/contract/text';
import { and, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { hit } from '../../lib/rate-limit';

type Row = typeof contactMessages.$inferSelect;
const NOT_FOUND = 'پیام پیدا نشد.';
const TOO_MANY = 'از این نشانی در چند دقیقهٔ گذشته پیام‌های زیادی فرستاده شده است. کمی بعد دوباره تلاش کنید.';

function toMessage(r: Row): ContactMessage {
  return {
    id: r.id,
    name: r.name,
    replyTo: r.replyTo,
    subject: r.subject,
    message: r.message,
    read: r.readAt !== null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function sendMessage(db: Db, ip: string, input: z.infer<typeof contactInputSchema>): Promise<void> {
  const count = await hit(db, `contact:${ip}`, CONTACT_LIMIT.windowMs);
  if (count > CONTACT_LIMIT.perWindow) throw AppError.tooMany(TOO_MANY);
  // A filled honeypot is a bot: answer as usual, keep nothing.
  if (input.website?.trim()) return;
  await db.insert(contactMessages).values({
    name: input.name,
    replyTo: input.replyTo,
    subject: input.subject,
    message: input.message,
    ip,
    searchText: normalizePersian([input.name, input.replyTo, input.subject, input.message].join(' ')),
  });
}

export async function listMessages(db: Db, q: { page: number; pageSize: number; q?: string; unread?: '1' | '0' }) {
  const where: SQL[] = [];
  if (q.q) where.push(ilike(contactMessages.searchText, containsPattern(normalizePersian(q.q))));
  if (q.unread === '1') where.push(isNull(contactMessages.readAt));
  if (q.unread === '0') where.push(isNotNull(contactMessages.readAt));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .where(cond)
      .orderBy(sql`${contactMessages.readAt} is null desc`, desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        n: sql<number>`count(*)::int`,
        unread: sql<number>`(select count(*)::int from ${contactMessages} where ${contactMessages.readAt} is null)`,
      })
      .from(contactMessages)
      .where(cond),
  ]);
  return {
    items: rows.map(toMessage),
    total: count?.n ?? 0,
    unread: count?.unread ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function openMessage(db: Db, id: number): Promise<ContactMessage> {
  const [row] = await db
    .update(contactMessages)
    .set({ readAt: sql`coalesce(${contactMessages.readAt}, now())` })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw AppError.notFound(NOT_FOUND);
  return toMessage(row);
}

export async function setRead(db: Db, actor: Actor, id: number, read: boolean): Promise<ContactMessage> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ readAt: contactMessages.readAt })
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update');
    if (!current) throw AppError.notFound(NOT_FOUND);
    const [row] = await tx
      .update(contactMessages)
      .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!row) throw AppError.notFound(NOT_FOUND);
    await audit(
      tx,
      actor,
      read ? 'mark-read' : 'mark-unread',
      'contact',
      id,
      changedFields({ read: current.readAt !== null }, { read: row.readAt !== null }),
    );
    return toMessage(row);
  });
}

export async function deleteMessages(db: Db, actor: Actor, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(contactMessages)
      .where(inArray(contactMessages.id, ids))
      .returning({ id: contactMessages.id });
    // Nothing deleted (unknown ids): nothing to record.
    if (rows.length > 0) {
      const deleted = rows.map((r) => r.id);
      await audit(tx, actor, 'delete', 'contact', deleted.length === 1 ? (deleted[0] ?? null) : null, {
        ids: deleted,
      });
    }
    return rows.length;
  });
}

export async function bulkRead(db: Db, actor: Actor, ids: number[], read: boolean): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(contactMessages)
      .set({ readAt: read ? sql`coalesce(${contactMessages.readAt}, now())` : null })
      .where(inArray(contactMessages.id, ids))
      .returning({ id: contactMessages.id });
    await audit(tx, actor, read ? 'mark-read' : 'mark-unread', 'contact', null, { ids });
    return rows.length;
  });
}
