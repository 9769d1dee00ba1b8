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
import { ADVISORY_NAMESPACE } from '../jobs/advisory-lock';
import {
  dropTagOfWrite,
  invalidationOf,
  keptTableWrittenBy,
  type NotificationSource,
  setNotificationSource,
} from './invalidation';
import { assertNotNewer } from './migration-status';
import { PGLITE_EXTENSIONS } from './pglite-extensions.mjs';
import { RemotePGlite } from './pglite-remote';

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
  /**
   * PGlite only: run it on this thread instead of a worker thread. Tests and one-off tools may; the server
   * does not, so that a slow statement never blocks its event loop (decision 0009).
   */
  inProcess?: boolean;
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
    if (options.inProcess) {
      const client = await PGlite.create(target.dir ?? undefined, { extensions: PGLITE_EXTENSIONS });
      return pgliteDatabase(client, target.dir, logger);
    }
    return pgliteDatabase(await RemotePGlite.create(target.dir), target.dir, logger);
  }
  const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries report their own errors.
  });
  // A client lent out (a transaction, a job holding its advisory lock) has no listener of the pool's: a
  // connection cut while it waits between two statements would be an unhandled 'error' event and stop
  // the process. The statement in flight, or the next one, fails instead, and the pool drops the client.
  pool.on('connect', (client) => {
    client.on('error', () => {});
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
  // A change made through this process drops what it kept at once; the notification follows (invalidation.ts).
  const db: Db = drizzleNodePg(pool, {
    logger: {
      logQuery(query) {
        options.onQuery?.(query);
        const table = keptTableWrittenBy(query);
        if (table) invalidationOf(db).drop(dropTagOfWrite(table));
      },
    },
  }) as unknown as Db;
  const notifications = postgresNotifications(target.url);
  setNotificationSource(db, notifications);
  const u = new URL(target.url);
  return {
    db,
    driver: 'postgres',
    location: `${u.hostname}:${u.port || 5432}${u.pathname}`,
    migrate: () => migratePostgres(pool, db),
    close: async () => {
      await notifications.close();
      await pool.end();
    },
  };
}

/** The advisory lock every instance takes to migrate: one migrates, the others wait and find nothing to do. */
export const MIGRATION_LOCK = 'migrate';

/**
 * Migrates a PostgreSQL database forward, holding the migration advisory lock (a session lock on a
 * connection of its own) so that instances starting together migrate one after the other: Drizzle's
 * migrator alone would let two of them apply the same migration at once. Refuses a database that a
 * newer version has migrated (migration-status.ts).
 */
async function migratePostgres(pool: pg.Pool, db: Db): Promise<void> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1::int, hashtext($2))', [ADVISORY_NAMESPACE, MIGRATION_LOCK]);
    try {
      await assertNotNewer(db, MIGRATIONS_DIR);
      await migrateNodePg(db as never, { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      try {
        await client.query('select pg_advisory_unlock($1::int, hashtext($2))', [ADVISORY_NAMESPACE, MIGRATION_LOCK]);
      } catch (err) {
        broken = err as Error;
      }
    }
  } finally {
    client.release(broken);
  }
}

type PgliteClient = PGlite | RemotePGlite;

/** The Database of a PGlite, in-process or on its worker thread; both deliver notifications in order. */
export function pgliteDatabase(client: PgliteClient, dir: string | null, logger?: Logger): Database {
  const db = drizzlePglite(client as PGlite, { logger }) as unknown as Db;
  setNotificationSource(db, {
    subscribe: async (channel, callback) => {
      await client.listen(channel, callback);
    },
    onReset: () => {},
    live: () => true,
  });
  return {
    db,
    driver: 'pglite',
    location: dir ?? 'memory',
    migrate: async () => {
      // One process per data folder: nobody else migrates it meanwhile.
      await assertNotNewer(db, MIGRATIONS_DIR);
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    },
    close: () => client.close(),
  };
}

/**
 * LISTEN on a connection of its own, reconnecting after a second when it is lost. Until it listens again
 * it is not live, so nothing is kept in memory meanwhile (invalidation.ts).
 */
function postgresNotifications(url: string): NotificationSource & { close(): Promise<void> } {
  const channels = new Map<string, Set<(payload: string) => void>>();
  const resets = new Set<() => void>();
  let client: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let listening = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const lost = () => {
    if (!listening && !client) return;
    listening = false;
    const c = client;
    client = null;
    c?.end().catch(() => {});
    for (const r of resets) r();
    if (!closed)
      retry ??= setTimeout(() => {
        retry = null;
        void connect().catch(() => lost());
      }, 1000);
  };

  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
      client = c;
      c.on('error', lost);
      c.on('end', lost);
      c.on('notification', (m) => {
        for (const cb of channels.get(m.channel) ?? []) cb(m.payload ?? '');
      });
      await c.connect();
      for (const channel of channels.keys()) await c.query(`LISTEN "${channel}"`);
      listening = true;
      for (const r of resets) r();
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  return {
    async subscribe(channel, callback) {
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        if (listening && client) await client.query(`LISTEN "${channel}"`);
        else await connect().catch(() => lost());
      }
      set.add(callback);
    },
    onReset: (callback) => {
      resets.add(callback);
    },
    live: () => listening,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      listening = false;
      const c = client;
      client = null;
      await c?.end().catch(() => {});
    },
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}
