import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { type Database, DatabaseOpenError, openDatabase } from './client';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock';

/** The embedded database is in use by another process; the message names it and says what to do. */
export class DatabaseLockedError extends DatabaseOpenError {}

/**
 * The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in
 * DATA_DIR/db, which exactly one process may open (db/data-dir-lock.ts): a second one throws
 * DatabaseLockedError at once. `purpose` names the opener in the lock (`server`, a command's name).
 */
export async function openConfiguredDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  purpose = 'server',
): Promise<Database> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  const dir = path.join(config.dataDir, 'db');
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(dir, purpose);
  } catch (err) {
    if (err instanceof DataDirLockedError) throw new DatabaseLockedError(err.message);
    throw err;
  }
  if (lock.replacedStale) {
    const o = lock.replacedStale;
    console.warn(
      `Took over the lock of ${dir} left by process ${o.pid} (${o.purpose}, ${o.startedAt}), which is gone.`,
    );
  }
  let database: Database;
  try {
    database = await openDatabase({ kind: 'pglite', dir });
  } catch (err) {
    lock.release();
    throw err;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        lock.release();
      }
    },
  };
}

/**
 * Which database a configuration names, with no secret in it: `embedded <data folder>/db` (the real
 * path) or `postgres://<host>:<port>/<database>` (no user, no password). Two configurations name the
 * same database when these are equal; the server writes its own into control.json (control-file.ts).
 */
export function databaseIdentity(config: Pick<Config, 'databaseUrl' | 'dataDir'>): string {
  if (config.databaseUrl) {
    const u = new URL(config.databaseUrl);
    const host = u.searchParams.get('host') ?? (u.hostname.toLowerCase() || 'localhost');
    const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || decodeURIComponent(u.username);
    return `postgres://${host}:${u.port || 5432}/${name}`;
  }
  let dir = path.resolve(config.dataDir);
  try {
    dir = fs.realpathSync(dir);
  } catch {
    // not made yet: its resolved path is the one a server would make
  }
  return `embedded ${path.join(dir, 'db')}`;
}
