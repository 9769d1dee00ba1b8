import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { rateLimits } from '../db/schema/system';

/**
 * The longest window any counter uses (receipt uploads: an hour). Rows whose window started longer
 * ago than this are over for every key, and the purge job deletes them.
 */
export const LONGEST_WINDOW_MS = 24 * 3_600_000;

/**
 * Counts a hit against a key in a fixed window stored in the database (shared by every instance)
 * and answers how many hits the window holds now.
 */
export async function hit(db: Db, key: string, windowMs: number): Promise<number> {
  if (windowMs > LONGEST_WINDOW_MS) throw new Error(`rate-limit window ${windowMs} ms is longer than the purge keeps`);
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
export async function peek(db: Tx, key: string, windowMs: number): Promise<number> {
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

/** Deletes counters whose window is over for any key (the rate-limits-purge job). */
export async function purgeRateLimits(db: Db): Promise<number> {
  const removed = await db
    .delete(rateLimits)
    .where(sql`${rateLimits.windowStart} < now() - ${`${LONGEST_WINDOW_MS} milliseconds`}::interval`)
    .returning({ key: rateLimits.key });
  return removed.length;
}
