import { contract } from '@madreseh/contract/endpoints';
import { STUDENT_SORTS, type Student } from '@madreseh/contract/students/students.contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app';
import { allStudents, type StudentListFilters } from './student-list';

// The students export reads its rows a batch at a time (student-list.ts allStudents): read two at a
// time, it must give every student once, with the same fields, in the order of the list.

const t = useTestApp();

async function collect(rows: AsyncIterable<Student[]>): Promise<Student[]> {
  const all: Student[] = [];
  for await (const batch of rows) all.push(...batch);
  return all;
}

describe('students export read in batches', () => {
  it('gives every student of the filters once, in the order of each sort, as one read does', async () => {
    for (const sort of [null, ...STUDENT_SORTS]) {
      for (const status of [null, 'all'] as const) {
        const filters: StudentListFilters = { q: '', groupId: null, status, sort };
        const whole = await collect(allStudents(t.db, filters, 100_000));
        const inTwos = await collect(allStudents(t.db, filters, 2));
        expect(inTwos, `${sort} ${status}`).toEqual(whole);
        expect(new Set(whole.map((s) => s.id)).size).toBe(whole.length);
        // The list's pages, in the same order.
        const res = await t.call(contract.student.list, {
          query: { pageSize: 100, sort: sort ?? undefined, status: status ?? undefined },
          headers: t.as(await t.sessionFor('admin')),
        });
        const page = res.json() as { items: Student[]; total: number };
        expect(page.total).toBe(whole.length);
        expect(whole.slice(0, 100).map((s) => s.id)).toEqual(page.items.map((s) => s.id));
      }
    }
  });
});
