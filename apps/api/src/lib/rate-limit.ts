import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema/system';

/**
 * Counts a hit against a key in a fixed window stored in the database (shared by every instance)
 * and answers how many hits the window holds now.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<number> {
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.windowStart} < now() - ${`${windowMs} milliseconds`}::interval then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} < now() - ${`${windowMs} milliseconds`}::interval then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ count: rateLimits.count });
  return rows[0]?.count ?? 1;
}

/** How many hits a key has in its current window, without counting one. */
export async function peek(db: Db, key: string, windowMs: number): Promise<number> {
  const rows = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(
      sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} >= now() - ${`${windowMs} milliseconds`}::interval`,
    );
  return rows[0]?.count ?? 0;
}

/** Gives one hit back (an attempt that turned out not to count). */
export async function release(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

export async function clear(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}
