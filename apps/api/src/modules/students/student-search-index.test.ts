import { PGlite } from '@electric-sql/pglite';
import { contract } from '@madreseh/contract/endpoints';
import { studentListQuerySchema } from '@madreseh/contract/students/students.contract';
import { normalizePersian } from '@madreseh/contract/text';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Db, pgliteDatabase } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import { listStudents } from './student-list';
import { searchTextOf } from './student-records';
import { admin, studentBody, t, useStudentsApp } from './students.fixtures';

useStudentsApp();

const TRGM_INDEXES = [
  'contact_messages_search_trgm_idx',
  'pre_registrations_search_trgm_idx',
  'students_search_trgm_idx',
];

/** Searches as staff type them: Arabic letters, the zero-width non-joiner, Persian digits, short words, pattern characters. */
const SEARCHES = [
  'امینی‌پور',
  'امینی پور',
  'امينی‌پور',
  'پور',
  'پو',
  'ی',
  'كيميا',
  'کیمیا یزدانی',
  '۸۸۱۲',
  '8812',
  '۱',
  'رضا',
  'رضا ۸۸',
  'ali',
  'ALI',
  '%',
  '_',
  'نیست‌کسی',
];

async function create(over: Record<string, unknown>) {
  const res = await t.call(contract.student.create, {
    headers: t.as(admin),
    body: studentBody(over),
  });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
}

type Answers = Record<string, { total: number; ids: number[] }>;

/** Every search's total and ids, each read as the list reads it, in a transaction of `db` that is rolled back. */
async function answersOf(db: Db, before: string[]): Promise<Answers> {
  const out: Answers = {};
  await db
    .transaction(async (tx) => {
      for (const statement of before) await rowsOf(tx, sql.raw(statement));
      for (const q of SEARCHES) {
        for (const pageSize of [2, 100]) {
          const query = studentListQuerySchema.parse({ q, pageSize, status: 'all' });
          const r = await listStudents(tx as unknown as Db, query);
          out[`${q} / ${pageSize}`] = { total: r.total, ids: r.items.map((s) => s.id) };
        }
      }
      // Keep nothing: an index dropped in `before` comes back.
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return out;
}

describe('student search on trigram indexes (migration 0025)', () => {
  it('has pg_trgm and the trigram indexes wherever the extension is available', async () => {
    const available = await rowsOf(t.db, sql`select 1 from pg_available_extensions where name = 'pg_trgm'`);
    // The embedded database always loads it (db/pglite-extensions.mjs).
    if (t.driver === 'pglite') expect(available).toHaveLength(1);
    if (available.length === 0) return;
    const indexes = await rowsOf(
      t.db,
      sql`select indexname from pg_indexes where indexname like '%_search_trgm_idx' order by indexname`,
    );
    expect(indexes.map((r) => r.indexname)).toEqual(TRGM_INDEXES);
    // The list's search can be answered from the index (the planner chooses it when the school is large).
    const plan = await t.db.transaction(async (tx) => {
      await rowsOf(tx, sql`set local enable_seqscan = off`);
      const rows = await rowsOf(
        tx,
        sql`explain select count(*) from ${students} where ${students.searchText} like ${'%امینی%'}`,
      );
      return rows.map((r) => String(Object.values(r)[0])).join('\n');
    });
    expect(plan).toContain('students_search_trgm_idx');
  });

  it('finds the same students with the index and without it', async () => {
    await create({ firstName: 'علی', lastName: 'امینی‌پور', studentNumber: '8812' });
    await create({ firstName: 'کیمیا', lastName: 'یزدانی', studentNumber: '۸۸۱۲۰' });
    await create({ firstName: 'Ali', lastName: 'پورمحمد', studentNumber: '' });
    await create({ firstName: 'رضا', lastName: 'امینی پور', studentNumber: '1' });
    const withIndex = await answersOf(t.db, ['set local enable_seqscan = off']);
    const withoutIndex = await answersOf(t.db, [
      'drop index if exists students_search_trgm_idx',
      'set local enable_indexscan = off',
      'set local enable_bitmapscan = off',
    ]);
    expect(withIndex).toEqual(withoutIndex);
    // The same totals as ILIKE on every word, as the search was written before (a word of Persian letters
    // and digits is matched with LIKE now: it has no case).
    for (const q of SEARCHES) {
      const patterns = normalizePersian(q)
        .split(' ')
        .map((w) => `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      const [row] = await rowsOf(
        t.db,
        sql`select count(*)::int as n from ${students} where ${sql.join(
          patterns.map((p) => sql`${students.searchText} ilike ${p}`),
          sql` and `,
        )}`,
      );
      expect(withIndex[`${q} / 100`]?.total, q).toBe(Number(row?.n));
    }
    // Not empty answers alike: what the searches must find.
    const totalOf = (q: string) => withIndex[`${q} / 100`]?.total;
    expect(totalOf('امینی‌پور')).toBe(2);
    expect(totalOf('امینی‌پور')).toBe(totalOf('امینی پور'));
    expect(totalOf('امينی‌پور')).toBe(2);
    expect(totalOf('كيميا')).toBeGreaterThanOrEqual(1);
    expect(totalOf('۸۸۱۲')).toBe(2);
    expect(totalOf('ALI')).toBe(1);
    expect(totalOf('پو')).toBeGreaterThanOrEqual(3);
    expect(totalOf('ی')).toBeGreaterThan(totalOf('پو') ?? 0);
    expect(totalOf('%')).toBe(0);
    expect(totalOf('نیست‌کسی')).toBe(0);
    // A first page shorter than a page is every match; a full one is counted.
    expect(withIndex['ی / 2']?.ids).toHaveLength(2);
    expect(withIndex['ی / 2']?.total).toBe(totalOf('ی'));
    // The index is back after the rollback.
    const indexes = await rowsOf(t.db, sql`select 1 from pg_indexes where indexname = 'students_search_trgm_idx'`);
    const available = await rowsOf(t.db, sql`select 1 from pg_available_extensions where name = 'pg_trgm'`);
    expect(indexes).toHaveLength(available.length);
  });

  it('migrates an embedded database that lacks pg_trgm, without the indexes, and searches all the same', async () => {
    const client = await PGlite.create();
    const database = pgliteDatabase(client, null);
    try {
      await database.migrate();
      const ext = await rowsOf(database.db, sql`select 1 from pg_extension where extname = 'pg_trgm'`);
      expect(ext).toHaveLength(0);
      const indexes = await rowsOf(database.db, sql`select 1 from pg_indexes where indexname like '%_search_trgm_idx'`);
      expect(indexes).toHaveLength(0);
      const person = { firstName: 'علی', lastName: 'امینی‌پور', nationalCode: '0012345679', studentNumber: '8812' };
      const [user] = await database.db
        .insert(users)
        .values({ username: person.nationalCode, passwordHash: '!', role: 'student', fullName: 'علی امینی‌پور' })
        .returning({ id: users.id });
      await database.db.insert(students).values({
        ...person,
        userId: user?.id as number,
        birthDate: '2013-06-01',
        gender: 'male',
        fatherName: 'کریم',
        parentMobile: '09123456789',
        searchText: searchTextOf(person),
      });
      const found = await listStudents(database.db, studentListQuerySchema.parse({ q: 'امينی‌پور ۸۸' }));
      expect(found.items.map((s) => s.lastName)).toEqual(['امینی‌پور']);
      expect(found.total).toBe(1);
    } finally {
      await database.close();
    }
  });
});
