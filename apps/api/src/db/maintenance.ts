import { sql } from 'drizzle-orm';
import type { Db } from './client';

const running = new WeakMap<Db, { again: boolean }>();

/**
 * Refreshes the planner's statistics with ANALYZE, in the background: at start-up (PGlite never gathers
 * them by itself) and after a bulk load (a student import, bulk invoicing), so plans never depend on
 * whether autovacuum came by. One at a time per database; a request while one runs asks for one more.
 */
export function analyzeInBackground(db: Db, onError: (err: unknown) => void = () => {}): Promise<void> {
  const current = running.get(db);
  if (current) {
    current.again = true;
    return Promise.resolve();
  }
  const state = { again: false };
  running.set(db, state);
  return (async () => {
    try {
      do {
        state.again = false;
        await db.execute(sql`analyze`);
      } while (state.again);
    } catch (err) {
      onError(err);
    } finally {
      running.delete(db);
    }
  })();
}
