import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/scratch-database';
import { type Database, MIGRATIONS_DIR, openDatabase } from './client';
import { migrationStatus, NewerDatabaseError, readJournal } from './migration-status';

/**
 * Migrations run at every start and only go forward: instances starting together against one
 * PostgreSQL migrate one after the other (an advisory lock), and a database a newer version has
 * migrated is refused with a sentence saying so.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function freshPostgres(serverUrl: string): Promise<string> {
  const { url, drop } = await createScratchDatabase(serverUrl, 'l');
  cleanups.push(drop);
  return url;
}

async function fresh(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const database = serverUrl
    ? await openDatabase({ kind: 'postgres', url: await freshPostgres(serverUrl) })
    : await openDatabase({ kind: 'pglite', dir: null }, { inProcess: true });
  cleanups.push(() => database.close());
  return database;
}

describe('migrations at start', { timeout: 120_000 }, () => {
  it.runIf(process.env.TEST_DATABASE_URL)('lets several instances start together on one empty database', async () => {
    const url = await freshPostgres(process.env.TEST_DATABASE_URL as string);
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ kind: 'postgres', url })));
    for (const i of instances) cleanups.push(() => i.close());
    const results = await Promise.allSettled(instances.map((i) => i.migrate()));
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
    const status = await migrationStatus(instances[0]?.db as Database['db'], MIGRATIONS_DIR);
    expect(status.applied.map((m) => m.tag)).toEqual(readJournal(MIGRATIONS_DIR).map((e) => e.tag));
    expect(status.pending).toEqual([]);
  });

  it('reports applied and pending migrations, and refuses a database of a newer version', async () => {
    const database = await fresh();
    const journal = readJournal(MIGRATIONS_DIR);
    const before = await migrationStatus(database.db, MIGRATIONS_DIR);
    expect(before.applied).toEqual([]);
    expect(before.pending.map((e) => e.tag)).toEqual(journal.map((e) => e.tag));
    await database.migrate();
    const after = await migrationStatus(database.db, MIGRATIONS_DIR);
    expect(after.last).toBe(journal.at(-1)?.tag);
    expect(after.pending).toEqual([]);
    // Another start finds nothing to do.
    await database.migrate();
    expect((await migrationStatus(database.db, MIGRATIONS_DIR)).applied).toHaveLength(journal.length);

    const future = (journal.at(-1)?.when ?? 0) + 86_400_000;
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-version', ${future})`,
    );
    expect((await migrationStatus(database.db, MIGRATIONS_DIR)).unknown).toEqual([future]);
    const refused = await database.migrate().catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(NewerDatabaseError);
    expect(String((refused as Error).message)).toContain('upgraded by a newer version');
  });
});
