import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/db-errors';
import { type Database, openDatabase } from './client';
import { rowsOf } from './rows';
import { settings } from './schema/site';
import { users } from './schema/users';

/**
 * The embedded database as the server opens it: PGlite on a worker thread behind Drizzle's PGlite driver.
 * Same answers as in-process PGlite (types, errors, transactions, notifications), without blocking the
 * event loop while a statement runs.
 */
describe('PGlite on a worker thread', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dir: null });
    await database.migrate();
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it('runs the migrations and answers rows with Drizzle types (dates, numbers, JSON)', async () => {
    const { db } = database;
    const [u] = await db
      .insert(users)
      .values({ username: 'worker-a', passwordHash: '!', role: 'admin', fullName: 'کاربر' })
      .returning();
    expect(u?.createdAt).toBeInstanceOf(Date);
    expect(typeof u?.id).toBe('number');
    await db.insert(settings).values({ key: 'worker-test', value: { a: [1, 'دو'] } });
    const [s] = await db.select().from(settings).where(eq(settings.key, 'worker-test'));
    expect(s?.value).toEqual({ a: [1, 'دو'] });
    const raw = await rowsOf<{ two: number }>(db, sql`select 1 + 1 as two, now() as at`);
    expect(raw[0]?.two).toBe(2);
  });

  it('keeps PostgreSQL error codes, so a unique violation is recognised', async () => {
    const { db } = database;
    const row = { username: 'worker-dup', passwordHash: '!', role: 'admin' as const, fullName: 'یک' };
    await db.insert(users).values(row);
    const err = await db
      .insert(users)
      .values(row)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('commits a transaction, rolls back a failed one, and nested ones to their savepoint', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(users).values({ username: 'worker-tx1', passwordHash: '!', role: 'admin', fullName: 'ت' });
      await tx
        .transaction(async (inner) => {
          await inner.insert(users).values({ username: 'worker-tx2', passwordHash: '!', role: 'admin', fullName: 'ت' });
          throw new Error('undo the inner one');
        })
        .catch(() => {});
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ username: 'worker-tx3', passwordHash: '!', role: 'admin', fullName: 'ت' });
        throw new Error('undo all');
      }),
    ).rejects.toThrow('undo all');
    const names = (await db.select({ u: users.username }).from(users)).map((r) => r.u);
    expect(names).toContain('worker-tx1');
    expect(names).not.toContain('worker-tx2');
    expect(names).not.toContain('worker-tx3');
  });

  it('runs a transaction alone: a statement from outside waits until it ends', async () => {
    const { db } = database;
    const seen: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.insert(users).values({ username: 'worker-iso', passwordHash: '!', role: 'admin', fullName: 'ج' });
      seen.push('inserted');
      await held;
      seen.push('committing');
    });
    while (!seen.includes('inserted')) await new Promise((r) => setImmediate(r));
    const outside = db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(eq(users.username, 'worker-iso'))
      .then(([r]) => {
        seen.push(`outside saw ${r?.n}`);
      });
    for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([tx, outside]);
    expect(seen).toEqual(['inserted', 'committing', 'outside saw 1']);
  });

  it('delivers notifications', async () => {
    const client = (
      database.db as unknown as { $client: { listen(c: string, cb: (p: string) => void): Promise<unknown> } }
    ).$client;
    const got: string[] = [];
    await client.listen('worker_test', (p) => got.push(p));
    await database.db.execute(sql`select pg_notify('worker_test', 'سلام')`);
    expect(got).toEqual(['سلام']);
  });

  it('leaves the event loop free while a long statement runs', async () => {
    let done = false;
    const long = database.db
      .execute(sql`select count(*) from generate_series(1, 1000000) g where g % 7 = 3`)
      .then(() => {
        done = true;
      });
    let turns = 0;
    while (!done) {
      await new Promise((r) => setImmediate(r));
      turns++;
    }
    await long;
    // In-process, the statement runs in one piece and the loop turns a handful of times at most.
    expect(turns).toBeGreaterThan(100);
  });
});
