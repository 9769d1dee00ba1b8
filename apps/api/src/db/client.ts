import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/** The one database type the code uses, whichever engine is behind it. */
export type Db = PgDatabase<PgQueryResultHKT>;
/** A transaction or the database: functions that may run inside a transaction take this. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  /** Where the data lives, for the start-up message (no credentials). */
  location: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');

export type DatabaseTarget = { kind: 'pglite'; dir: string | null } | { kind: 'postgres'; url: string };

export class DatabaseOpenError extends Error {}

export interface OpenOptions {
  /** Called with the SQL text of every statement the database runs (tests count queries with it). */
  onQuery?: (query: string) => void;
}

/** A Drizzle logger that hands each statement to onQuery, or none. */
export function queryLogger(onQuery: OpenOptions['onQuery']): Logger | undefined {
  return onQuery ? { logQuery: (query) => onQuery(query) } : undefined;
}

/** Opens PGlite (a folder, or memory when dir is null) or a PostgreSQL server. */
export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const logger = queryLogger(options.onQuery);
  if (target.kind === 'pglite') {
    if (target.dir) fs.mkdirSync(target.dir, { recursive: true });
    const client = target.dir ? await PGlite.create(target.dir) : await PGlite.create();
    const db = drizzlePglite(client, { logger }) as unknown as Db;
    return {
      db,
      driver: 'pglite',
      location: target.dir ?? 'memory',
      migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      close: () => client.close(),
    };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  try {
    const c = await pool.connect();
    c.release();
  } catch (err) {
    await pool.end().catch(() => {});
    const u = new URL(target.url);
    throw new DatabaseOpenError(
      `Cannot connect to PostgreSQL at ${u.hostname}:${u.port || 5432}${u.pathname}: ${(err as Error).message}`,
    );
  }
  const db = drizzleNodePg(pool, { logger }) as unknown as Db;
  const u = new URL(target.url);
  return {
    db,
    driver: 'postgres',
    location: `${u.hostname}:${u.port || 5432}${u.pathname}`,
    migrate: () => migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    close: () => pool.end(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
