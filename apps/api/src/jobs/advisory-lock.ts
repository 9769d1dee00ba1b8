import pg from 'pg';
import type { Db } from '../db/client';

export type Locked<T> = { acquired: true; value: T } | { acquired: false };

/**
 * Runs fn while this process holds the PostgreSQL advisory lock named `name`, or answers
 * `{ acquired: false }` at once when another session (another instance of the server, a command)
 * holds it. The lock is a session lock on a connection of its own, held outside any transaction,
 * so fn may wait on the network. On the embedded database there is one process (the data folder
 * lock sees to that), so fn simply runs.
 */
export async function withAdvisoryLock<T>(
  db: Db,
  name: string,
  fn: () => Promise<T>,
  options: { wait?: boolean } = {},
): Promise<Locked<T>> {
  const pool = (db as unknown as { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) return { acquired: true, value: await fn() };
  const client = await pool.connect();
  let acquired = false;
  try {
    if (options.wait) {
      // Waits for the instance that holds it (start-up work every instance needs done first).
      await client.query('select pg_advisory_lock($1::int, hashtext($2))', [ADVISORY_NAMESPACE, name]);
      acquired = true;
    } else {
      const res = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, hashtext($2)) as ok', [
        ADVISORY_NAMESPACE,
        name,
      ]);
      acquired = res.rows[0]?.ok === true;
    }
    if (!acquired) return { acquired: false };
    return { acquired: true, value: await fn() };
  } finally {
    let broken: Error | undefined;
    if (acquired) {
      try {
        await client.query('select pg_advisory_unlock($1::int, hashtext($2))', [ADVISORY_NAMESPACE, name]);
      } catch (err) {
        // A connection that cannot unlock is thrown away: ending it ends the lock.
        broken = err as Error;
      }
    }
    client.release(broken);
  }
}

/** The first key of every advisory lock Madreseh takes (the second is a hash of the lock's name). */
export const ADVISORY_NAMESPACE = 0x6d616472; // "madr"
