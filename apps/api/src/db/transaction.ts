import { pgErrorCode } from '../lib/db-errors';
import type { Db, Tx } from './client';

/** serialization_failure and deadlock_detected: the database gave up one of two racing transactions. */
const RETRYABLE = new Set(['40001', '40P01']);

export function isSerializationFailure(err: unknown): boolean {
  return RETRYABLE.has(pgErrorCode(err) ?? '');
}

/**
 * Runs fn in a transaction and, when the database aborts it as the loser of a race (a
 * serialisation failure or a deadlock), runs it once more: by then the winner has committed and
 * fn sees what it did. Money actions go through here; fn must do nothing outside the database.
 */
export async function inTransaction<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(fn);
  } catch (err) {
    if (!isSerializationFailure(err)) throw err;
    return db.transaction(fn);
  }
}
