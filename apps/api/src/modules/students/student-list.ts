import {
  STUDENT_STATUSES,
  type Student,
  type studentListQuerySchema,
} from '@madreseh/contract/students/students.contract';
import { normalizePersian } from '@madreseh/contract/text';
import { and, asc, desc, eq, ilike, inArray, like, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { keptRows } from '../../db/invalidation';
import { figures } from '../../db/schema/figures';
import { groups, students } from '../../db/schema/school';
import { containsPattern } from '../../lib/like';
import { baseSelect, toStudent } from './student-records';

/** The list of students: filters, search, sort orders and paging, the count, and the export's batches. */

export type StudentListFilters = Omit<z.output<typeof studentListQuerySchema>, 'page' | 'pageSize'>;

/**
 * A word of Arabic-script letters and Latin digits has no case, and no other character lowercases to one:
 * LIKE finds exactly what ILIKE finds, without lowercasing each row it checks (decision 0029).
 */
const CASELESS_WORD = /^[\u0600-\u06FF0-9]+$/;

function whereOf(f: StudentListFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status === null) parts.push(ne(students.status, 'archived'));
  else if (f.status !== 'all') parts.push(eq(students.status, f.status));
  if (f.groupId !== null) parts.push(eq(students.groupId, f.groupId));
  const q = f.q ? normalizePersian(f.q) : '';
  if (q) {
    // Every word must appear somewhere: «رضا ۱۲۳» finds Reza whose code contains 123.
    for (const word of q.split(' ').slice(0, 5)) {
      const pattern = containsPattern(word);
      parts.push(CASELESS_WORD.test(word) ? like(students.searchText, pattern) : ilike(students.searchText, pattern));
    }
  }
  return parts.length ? and(...parts) : undefined;
}

/**
 * The list's order for `sort`; `reversed` gives the exact reverse (every direction flipped, so NULLs
 * come first where they came last), for reading a page near the end from the end.
 */
export function orderOf(sort: StudentListFilters['sort'], reversed = false): SQL[] {
  const up = reversed ? desc : asc;
  const down = reversed ? asc : desc;
  switch (sort) {
    case '-name':
      return [down(students.sortName), down(students.id)];
    case 'number':
      return [up(students.studentNumber), up(students.id)];
    case '-number':
      return [down(students.studentNumber), down(students.id)];
    case 'created':
      return [up(students.createdAt), up(students.id)];
    case '-created':
      return [down(students.createdAt), down(students.id)];
    case 'group':
      return [up(groups.sortName), up(students.sortName), up(students.id)];
    case '-group':
      return [down(groups.sortName), up(students.sortName), up(students.id)];
    default:
      return [up(students.sortName), up(students.id)];
  }
}

export async function listStudents(
  db: Db,
  query: z.output<typeof studentListQuerySchema>,
): Promise<{ items: Student[]; total: number; page: number; pageSize: number }> {
  const where = whereOf(query);
  const order = orderOf(query.sort);
  const answer = (items: Student[], total: number) => ({ items, total, page: query.page, pageSize: query.pageSize });
  if (query.page === 1 && !countedFromFigures(query)) {
    // A search or a class: the first page does not depend on the total, and when it holds fewer than a
    // page of students they are every match, so a narrow search (a name, a code) counts nothing.
    const items = await pageOf(db, query, where, order, false, 0, query.pageSize);
    return answer(items, items.length < query.pageSize ? items.length : await countStudents(db, query, where));
  }
  const total = await countStudents(db, query, where);
  // A page in the second half is read from the end, in the reverse order: the last page skips nothing,
  // whatever the school's size.
  const offset = (query.page - 1) * query.pageSize;
  const fromEnd = offset * 2 >= total && offset < total;
  const onPage = Math.min(query.pageSize, total - offset);
  const items = fromEnd
    ? await pageOf(db, query, where, order, true, total - offset - onPage, onPage)
    : await pageOf(db, query, where, order, false, offset, query.pageSize);
  return answer(items, total);
}

/**
 * A page: its ids first, read in order from the students table alone (an index gives the default order),
 * then only those rows joined, so a page never joins or sorts the whole school. `reversed` reads it in the
 * reverse order (`skip` counted from the end).
 */
async function pageOf(
  db: Db,
  query: z.output<typeof studentListQuerySchema>,
  where: SQL | undefined,
  order: SQL[],
  reversed: boolean,
  skip: number,
  take: number,
): Promise<Student[]> {
  const byGroup = query.sort === 'group' || query.sort === '-group';
  const pageIds = (
    byGroup
      ? db.select({ id: students.id }).from(students).leftJoin(groups, eq(groups.id, students.groupId))
      : db.select({ id: students.id }).from(students)
  )
    .where(where)
    .orderBy(...(reversed ? orderOf(query.sort, true) : order))
    .limit(take)
    .offset(skip);
  const rows = await baseSelect(db)
    .where(inArray(students.id, pageIds))
    .orderBy(...order);
  return rows.map(toStudent);
}

/** Whether the total is read from the per-status counters (no class, no search). */
function countedFromFigures(f: StudentListFilters): boolean {
  return f.groupId === null && !(f.q && normalizePersian(f.q));
}

/**
 * How many students the filters select. By status alone (the list as it opens) the counters kept by
 * triggers answer it (migrations 0019 and 0024: one row per status), whatever the size of the school; a
 * class is counted through its index (a class's size); a search counts what it matched. A counter missing
 * (a backup from before it, restored) is counted from the table instead.
 */
async function countStudents(db: Db, f: StudentListFilters, where: SQL | undefined): Promise<number> {
  if (countedFromFigures(f)) {
    const statuses = f.status === null ? ['active', 'inactive'] : f.status === 'all' ? STUDENT_STATUSES : [f.status];
    const names = statuses.map((s) => `${s}_students`);
    const kept = await db.select({ n: figures.n }).from(figures).where(inArray(figures.name, names));
    if (kept.length === names.length) return kept.reduce((sum, r) => sum + Number(r.n), 0);
  }
  return keptTotals(db, totalKey(f), async () => {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(students).where(where);
    return counted?.n ?? 0;
  });
}

/**
 * The total of a search or of a class, kept per filters until a student is added, changed or removed on
 * any instance (a student added sends `students`, migration 0027; changed or removed, `users:<account>`,
 * migration 0011; this process's own writes drop everything at once): paging through one search counts its
 * matches once, not once a page, whatever the size of the school.
 */
const keptTotals = keptRows<string, number>({ max: 1000, tables: ['students', 'users'], dropWhen: () => true });

function totalKey(f: StudentListFilters): string {
  return JSON.stringify([f.status, f.groupId, f.q ? normalizePersian(f.q) : '']);
}

/**
 * Students read per statement by the export: short steps, so other requests run between them (on the
 * embedded database, which runs one statement at a time, a request waits for at most one of them).
 */
const EXPORT_BATCH = 250;

/**
 * Every student the filters select (for the export), in the list's order, in batches: their ids first, in
 * order, from the students table alone (and the classes, to sort by class), then the rows of a batch of
 * ids at a time — never one statement reading, joining and sorting the whole school.
 */
export async function* allStudents(
  db: Db,
  filters: StudentListFilters,
  batch = EXPORT_BATCH,
): AsyncGenerator<Student[]> {
  const byGroup = filters.sort === 'group' || filters.sort === '-group';
  const ids = (
    await (byGroup
      ? db.select({ id: students.id }).from(students).leftJoin(groups, eq(groups.id, students.groupId))
      : db.select({ id: students.id }).from(students)
    )
      .where(whereOf(filters))
      .orderBy(...orderOf(filters.sort))
  ).map((r) => r.id);
  for (let i = 0; i < ids.length; i += batch) {
    const some = ids.slice(i, i + batch);
    const rows = new Map((await baseSelect(db).where(inArray(students.id, some))).map((r) => [r.id, r]));
    const inOrder: Student[] = [];
    for (const id of some) {
      const row = rows.get(id);
      if (row) inOrder.push(toStudent(row));
    }
    yield inOrder;
  }
}
