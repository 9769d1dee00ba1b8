import type { SQL } from 'drizzle-orm';
import type { Tx } from './client';

/**
 * The rows a raw SQL statement answers, typed by the caller. Both drivers answer `{ rows }`; an array
 * is taken as the rows themselves.
 */
export async function rowsOf<R = Record<string, unknown>>(db: Pick<Tx, 'execute'>, query: SQL): Promise<R[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : ((result as { rows?: R[] }).rows ?? [])) as R[];
}
