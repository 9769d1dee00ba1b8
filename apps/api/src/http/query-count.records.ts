import { contract } from '@madreseh/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { groupSubjects } from '../db/schema/school';
import type { TestApp } from '../test/test-app';

/* The records the query-count test calls the lists for. */

/** A school day (a Saturday, 4 Mehr 1405) the attendance lists are asked for. */
export const ATTENDANCE_DAY = '2026-09-26';

/** The demo records the lists are asked for. */
export interface Fixture {
  studentId: number;
  groupId: number;
  academicYear: number;
  /** parent1's payment of several invoices (started, not yet paid). */
  batchId: number;
  /** Mathematics of student1's class, a subject of teacher1. */
  mathId: number;
}

/** The mathematics subject of a class. */
export async function mathOf(t: TestApp, groupId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: groupSubjects.id })
    .from(groupSubjects)
    .where(and(eq(groupSubjects.groupId, groupId), eq(groupSubjects.name, 'ریاضی')));
  if (!row) throw new Error('the demo class has no mathematics');
  return row.id;
}

/** parent1 starts one payment of an open invoice of each child: the batch's id. */
export async function startBatch(t: TestApp, parent: string): Promise<number> {
  const headers = t.as(parent);
  const children = ((await t.call(contract.parent.children, { headers })).json() as { items: { id: number }[] }).items;
  const open: number[] = [];
  for (const child of children) {
    const list = await t.call(contract.parent.invoices, { params: { childId: child.id }, headers });
    const first = (list.json() as { invoices: { id: number; payable: number }[] }).invoices.find((i) => i.payable > 0);
    if (first) open.push(first.id);
  }
  const res = await t.call(contract.parent.batchPay, { headers, body: { invoiceIds: open } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batchId: number }).batchId;
}
