import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../../db/client';
import { readJournal } from '../../db/migration-status';
import { RemotePGlite } from '../../db/pglite-remote';
import { LOGICAL_DUMP_FILE, rowsSql, writeLogicalDump } from './logical-dump';
import { PG_DUMP_FILE, PGLITE_DUMP_FILE } from './manifest';

/**
 * The database half of a backup: a dump and, from the same snapshot, the rows of every table and
 * the applied migrations. PostgreSQL: a read-only REPEATABLE READ transaction exports its snapshot
 * and `pg_dump -Fc --snapshot` dumps exactly that (the transaction only reads; pg_dump is a local
 * program, no network call). PGlite: its own dump of the data folder, taken while no transaction
 * runs (pglite-worker.mjs `snapshot`).
 */
export interface DatabaseSnapshot {
  engine: 'pglite' | 'postgres';
  /** Set when the portable dump was written instead of pg_dump's: why. */
  note?: string;
  /** The dump, written into the given folder. */
  file: string;
  tables: Record<string, number>;
  migrations: { count: number; last: string | null };
}

export class BackupError extends Error {}

const TABLES_SQL = `select n.nspname as schema, c.relname as name from pg_class c
  join pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'p') and n.nspname in ('public', 'drizzle') order by 1, 2`;
const MIGRATIONS_SQL = `select created_at from drizzle.__drizzle_migrations order by id`;

type Row = Record<string, unknown>;
const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** One statement answering the rows of every table, as (t, n). */
function countSql(tables: { schema: string; name: string }[]): string {
  return tables
    .map(
      (t) =>
        `select '${`${t.schema}.${t.name}`.replace(/'/g, "''")}' as t, count(*)::int as n from ${quote(t.schema)}.${quote(t.name)}`,
    )
    .join(' union all ');
}

export function countsFrom(rows: Row[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of rows) out[String(r.t)] = Number(r.n);
  return out;
}

export function migrationLevel(rows: Row[], migrationsDir: string): { count: number; last: string | null } {
  const byWhen = new Map(readJournal(migrationsDir).map((e) => [e.when, e.tag]));
  const last = rows.at(-1);
  return {
    count: rows.length,
    last: last ? (byWhen.get(Number(last.created_at)) ?? `unknown-${String(last.created_at)}`) : null,
  };
}

/** Rows of every table of a database reached through one client (restore checks them with this). */
export async function countRows(query: (sql: string) => Promise<Row[]>): Promise<Record<string, number>> {
  const tables = (await query(TABLES_SQL)) as { schema: string; name: string }[];
  return tables.length ? countsFrom(await query(countSql(tables))) : {};
}

function clientOf(db: Db): unknown {
  return (db as unknown as { $client?: unknown }).$client;
}

/** `native`: pg_dump -Fc, or PGlite's own dump; `logical`: the portable JSON dump (logical-dump.ts). */
export type DumpFormat = 'native' | 'logical';

export async function snapshotDatabase(
  db: Db,
  options: { databaseUrl: string | null; folder: string; migrationsDir: string; format?: DumpFormat },
): Promise<DatabaseSnapshot> {
  const client = clientOf(db);
  const format = options.format ?? 'native';
  if (client instanceof pg.Pool) {
    if (!options.databaseUrl) throw new BackupError('The PostgreSQL address is needed to dump the database');
    return snapshotPostgres(client, options.databaseUrl, options.folder, options.migrationsDir, format);
  }
  if (client instanceof RemotePGlite || client instanceof PGlite) {
    return snapshotPglite(client, options.folder, options.migrationsDir, format);
  }
  throw new BackupError('Unknown database client');
}

async function snapshotPglite(
  client: RemotePGlite | PGlite,
  folder: string,
  migrationsDir: string,
  format: DumpFormat,
): Promise<DatabaseSnapshot> {
  const tables = (await client.query<{ schema: string; name: string }>(TABLES_SQL)).rows;
  const names = tables.map((t) => `${t.schema}.${t.name}`);
  const logical = format === 'logical';
  const queries = [countSql(tables), MIGRATIONS_SQL, ...(logical ? names.map(rowsSql) : [])];
  let answers: Row[][];
  let dump: Uint8Array | null;
  if (client instanceof RemotePGlite) {
    ({ answers, dump } = await client.snapshot(queries, { dump: !logical }));
  } else {
    // In-process (tests, tools): the same steps as the worker's `snapshot`.
    ({ answers, dump } = await client.transaction(async (tx) => {
      await tx.exec('CHECKPOINT');
      const out: Row[][] = [];
      for (const q of queries) out.push((await tx.query<Row>(q)).rows);
      if (logical) return { answers: out, dump: null };
      const blob = await client.dumpDataDir('gzip');
      return { answers: out, dump: new Uint8Array(await blob.arrayBuffer()) };
    }));
  }
  let file: string;
  if (dump) {
    file = path.join(folder, PGLITE_DUMP_FILE);
    await fs.promises.writeFile(file, dump, { mode: 0o600 });
  } else {
    file = path.join(folder, LOGICAL_DUMP_FILE);
    await writeLogicalDump(file, names, answers.slice(2));
  }
  return {
    engine: 'pglite',
    file,
    tables: countsFrom(answers[0] ?? []),
    migrations: migrationLevel(answers[1] ?? [], migrationsDir),
  };
}

async function snapshotPostgres(
  pool: pg.Pool,
  url: string,
  folder: string,
  migrationsDir: string,
  format: DumpFormat,
): Promise<DatabaseSnapshot> {
  const conn = await pool.connect();
  let broken: Error | undefined;
  try {
    const serverVersion = Number((await conn.query('show server_version_num')).rows[0]?.server_version_num);
    let note: string | undefined;
    if (format === 'native') {
      try {
        await checkPgDump(serverVersion);
      } catch (err) {
        if (!(err instanceof BackupError)) throw err;
        note = `${err.message} The portable dump was written instead.`;
      }
    }
    await conn.query('begin isolation level repeatable read read only');
    try {
      const snapshotId = String((await conn.query('select pg_export_snapshot() as id')).rows[0]?.id);
      const tables = (await conn.query<{ schema: string; name: string }>(TABLES_SQL)).rows;
      const counts = countsFrom((await conn.query(countSql(tables))).rows);
      const migrations = migrationLevel((await conn.query(MIGRATIONS_SQL)).rows, migrationsDir);
      if (format === 'logical' || note) {
        const names = tables.map((t) => `${t.schema}.${t.name}`);
        const answers: Row[][] = [];
        for (const n of names) answers.push((await conn.query(rowsSql(n))).rows);
        const file = path.join(folder, LOGICAL_DUMP_FILE);
        await writeLogicalDump(file, names, answers);
        return { engine: 'postgres', file, tables: counts, migrations, ...(note ? { note } : {}) };
      }
      const file = path.join(folder, PG_DUMP_FILE);
      await runTool('pg_dump', ['-Fc', '--no-owner', '--no-privileges', `--snapshot=${snapshotId}`, '-f', file], url);
      return { engine: 'postgres', file, tables: counts, migrations };
    } finally {
      await conn.query('commit').catch((err: Error) => {
        broken = err;
      });
    }
  } finally {
    conn.release(broken);
  }
}

/** pg_dump must exist and be at least as new as the server (an older one refuses to dump). */
export async function checkPgDump(serverVersionNum: number): Promise<number> {
  let out: string;
  try {
    out = await new Promise<string>((resolve, reject) => {
      const child = spawn('pg_dump', ['--version'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let text = '';
      child.stdout.on('data', (d) => {
        text += d;
      });
      child.on('error', reject);
      child.on('exit', () => resolve(text));
    });
  } catch {
    throw new BackupError(
      'pg_dump was not found. Install the PostgreSQL client programs of the server’s version ' +
        '(Debian: apt-get install postgresql-client) and run the backup again.',
    );
  }
  const major = Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1] ?? 0);
  const serverMajor = Math.floor(serverVersionNum / 10000);
  if (major < serverMajor) {
    throw new BackupError(
      `pg_dump ${major} is older than the PostgreSQL server (${serverMajor}) and cannot dump it. ` +
        `Install postgresql-client-${serverMajor} or newer.`,
    );
  }
  return major;
}

/**
 * Runs pg_dump or pg_restore against the database of a postgres:// address. The password goes in
 * the environment (PGPASSWORD), not on the command line, where any user of the machine could read it.
 */
export function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): Promise<void> {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${u.toString()}`], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', (e) => reject(new BackupError(`${tool} could not be run: ${e.message}`)));
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${err.trim().slice(0, 2000)}`));
    });
  });
}
