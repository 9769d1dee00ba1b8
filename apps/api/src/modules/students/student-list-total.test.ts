import { contract } from '@madreseh/contract/endpoints';
import { and, count, eq, inArray, ne } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { figures } from '../../db/schema/figures';
import { students } from '../../db/schema/school';
import { answerOf, type CallInput, useTestApp } from '../../test/test-app';

/**
 * The students list answers its total for a status filter from counters kept by triggers (migrations 0019
 * and 0024), not by counting the school: whatever statements change students' statuses, each counter and
 * each total equals the count from the rows themselves.
 */
describe('the students list total', () => {
  const t = useTestApp();
  let admin: string;
  const COUNTERS = ['active_students', 'inactive_students', 'archived_students'];

  beforeAll(async () => {
    admin = await t.sessionFor('admin');
  });

  async function totalOf(query: CallInput['query'] = {}): Promise<number> {
    const res = await t.call(contract.student.list, { query: { pageSize: 2, ...query }, headers: t.as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return answerOf(contract.student.list, res).total;
  }

  async function countOf(status: 'active' | 'inactive' | 'archived' | null): Promise<number> {
    const where = status ? eq(students.status, status) : ne(students.status, 'archived');
    const [row] = await t.db.select({ n: count() }).from(students).where(where);
    return row?.n ?? 0;
  }

  async function expectTotalsTrue() {
    const kept = Object.fromEntries(
      (await t.db.select().from(figures).where(inArray(figures.name, COUNTERS))).map((r) => [r.name, Number(r.n)]),
    );
    const active = await countOf('active');
    const inactive = await countOf('inactive');
    const archived = await countOf('archived');
    expect(kept).toEqual({ active_students: active, inactive_students: inactive, archived_students: archived });
    expect(await totalOf()).toBe(active + inactive);
    expect(await totalOf({ status: 'active' })).toBe(active);
    expect(await totalOf({ status: 'inactive' })).toBe(inactive);
    expect(await totalOf({ status: 'archived' })).toBe(archived);
    expect(await totalOf({ status: 'all' })).toBe(active + inactive + archived);
    return { active, inactive, archived };
  }

  it('follows statuses changed one at a time and many in a statement', async () => {
    const start = await expectTotalsTrue();
    const some = await t.db.select({ id: students.id }).from(students).where(eq(students.status, 'active')).limit(4);
    const ids = some.map((s) => s.id);
    expect(ids).toHaveLength(4);
    await t.db.update(students).set({ status: 'inactive' }).where(inArray(students.id, ids));
    await t.db
      .update(students)
      .set({ status: 'archived' })
      .where(eq(students.id, ids[0] as number));
    const after = await expectTotalsTrue();
    expect(after).toEqual({ active: start.active - 4, inactive: start.inactive + 3, archived: start.archived + 1 });
    // An edit that changes no status leaves the totals as they are.
    await t.db.update(students).set({ fatherName: 'علی' }).where(inArray(students.id, ids));
    await expectTotalsTrue();
    await t.db.update(students).set({ status: 'active' }).where(inArray(students.id, ids));
    expect(await expectTotalsTrue()).toEqual(start);
  });

  it('reads the counters for a status filter, counts a class, and counts when a counter is missing', async () => {
    const truth = await expectTotalsTrue();
    // Move the counters by hand: a total that follows proves it came from them, not from a count.
    await t.db.update(figures).set({ n: 1000 }).where(eq(figures.name, 'active_students'));
    expect(await totalOf()).toBe(1000 + truth.inactive);
    expect(await totalOf({ status: 'active' })).toBe(1000);
    const [inGroup] = await t.db.select({ id: students.groupId }).from(students).where(eq(students.status, 'active'));
    const groupId = inGroup?.id as number;
    const [members] = await t.db
      .select({ n: count() })
      .from(students)
      .where(and(eq(students.groupId, groupId), ne(students.status, 'archived')));
    expect(await totalOf({ groupId })).toBe(members?.n);
    // A backup from before the counters, restored: the rows are missing and the total is counted.
    await t.db.delete(figures).where(inArray(figures.name, COUNTERS));
    expect(await totalOf()).toBe(truth.active + truth.inactive);
    expect(await totalOf({ status: 'archived' })).toBe(truth.archived);
  });
});
