import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client';
import { rowsOf } from './rows';

/**
 * Which migrations a database has, against the ones this program ships (migrations/meta/_journal.json).
 * Drizzle's migrator records each applied migration in drizzle.__drizzle_migrations by the
 * journal's `when` (its creation time); that time names it here.
 */
export interface JournalEntry {
  idx: number;
  tag: string;
  when: number;
}

export interface MigrationStatus {
  /** Applied migrations in order, with their tag when this program knows them. */
  applied: { tag: string | null; when: number; appliedId: number }[];
  /** Known migrations not applied yet (run at the next start, or by a restore). */
  pending: JournalEntry[];
  /** Applied migrations this program does not know: the database belongs to a newer version. */
  unknown: number[];
  /** The last applied migration's tag (null: none applied). */
  last: string | null;
}

export function readJournal(migrationsDir: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/** Rows of drizzle.__drizzle_migrations, oldest first; none when the table does not exist yet. */
export async function appliedMigrations(db: Db | Tx): Promise<{ id: number; when: number }[]> {
  const exists = await rowsOf<{ ok: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists[0]?.ok) return [];
  const rows = await rowsOf<{ id: unknown; created_at: unknown }>(
    db,
    sql`select id, created_at from drizzle.__drizzle_migrations order by id`,
  );
  return rows.map((r) => ({ id: Number(r.id), when: Number(r.created_at) }));
}

export async function migrationStatus(db: Db | Tx, migrationsDir: string): Promise<MigrationStatus> {
  const journal = readJournal(migrationsDir);
  const byWhen = new Map(journal.map((e) => [e.when, e]));
  const applied = await appliedMigrations(db);
  const appliedWhens = new Set(applied.map((a) => a.when));
  const lastApplied = applied.reduce((m, a) => Math.max(m, a.when), Number.NEGATIVE_INFINITY);
  return {
    applied: applied.map((a) => ({ tag: byWhen.get(a.when)?.tag ?? null, when: a.when, appliedId: a.id })),
    // Drizzle applies every journal entry newer than the last applied one.
    pending: journal.filter((e) => !appliedWhens.has(e.when) && e.when > lastApplied),
    unknown: applied.filter((a) => !byWhen.has(a.when)).map((a) => a.when),
    last: applied.length ? (byWhen.get(lastApplied)?.tag ?? `unknown (${lastApplied})`) : null,
  };
}

/** The database was migrated by a newer version of the program: this one must not run on it. */
export class NewerDatabaseError extends Error {}

/** Forward only: refuses a database holding migrations this program does not ship. */
export async function assertNotNewer(db: Db | Tx, migrationsDir: string): Promise<void> {
  const status = await migrationStatus(db, migrationsDir);
  if (status.unknown.length) {
    const journal = readJournal(migrationsDir);
    throw new NewerDatabaseError(
      `The database has ${status.unknown.length} migration(s) this version of Madreseh does not know ` +
        `(its newest migration is ${journal.at(-1)?.tag ?? 'none'}). It was upgraded by a newer version: ` +
        'run that version, or restore a backup made by this one. Migrations only go forward.',
    );
  }
}
