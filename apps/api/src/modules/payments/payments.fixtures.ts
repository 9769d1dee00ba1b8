import { contract } from '@madreseh/contract/endpoints';
import { sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect } from 'vitest';
import { students } from '../../db/schema/school';
import { rateLimits } from '../../db/schema/system';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, answerOf, type TestApp, useTestApp } from '../../test/test-app';

/*
 * The app the payments test files share the making of: one per file, with the built-in test gateway,
 * sessions of two demo students and an admin, and the students' records. The bindings below are set
 * by `usePaymentsApp()` before the file's first test.
 */
export let t: TestApp;
export let student1: string;
export let student2: string;
export let admin: string;
export let s1: number;
export let s2: number;
export let groupId: number;

/** Opens the app before the file's tests and closes it after. */
export function usePaymentsApp(): void {
  // These tests send many receipts as the same students: each starts with a fresh hourly allowance
  // (the allowance itself is tested in payments.receipts.test.ts).
  beforeEach(async () => {
    if (t) await t.db.delete(rateLimits).where(sql`${rateLimits.key} like 'receipt-upload:%'`);
  });

  t = useTestApp({ config: { payments: { sandboxGateway: true } } });
  beforeAll(async () => {
    student1 = await t.sessionFor('student1');
    student2 = await t.sessionFor('student2');
    admin = await t.sessionFor('admin');
    const rows = await t.db
      .select({ id: students.id, userId: students.userId, groupId: students.groupId })
      .from(students);
    const byUser = async (u: string) => rows.find(async (r) => r.userId === (await t.userId(u)));
    s1 = rows.find((r) => r.userId === 0)?.id ?? 0;
    const u1 = await t.userId('student1');
    const u2 = await t.userId('student2');
    s1 = rows.find((r) => r.userId === u1)?.id ?? 0;
    s2 = rows.find((r) => r.userId === u2)?.id ?? 0;
    groupId = rows.find((r) => r.userId === u1)?.groupId ?? 0;
    expect(byUser).toBeDefined();
    expect(s1 && s2 && groupId).toBeTruthy();
  });
}

// A student has one live invoice per title and due date, and a bank transfer is one receipt: each
// call makes its own unless told otherwise.
let seq = 0;
const nextDueDate = () => new Date(Date.UTC(2027, 1, 1) + ++seq * 86_400_000).toISOString().slice(0, 10);

export async function createInvoice(studentId: number, body: Record<string, unknown> = {}) {
  const res = await t.call(contract.payments.createInvoice, {
    params: { id: studentId },
    headers: t.as(admin),
    body: { title: 'هزینهٔ سرویس مدرسه', amount: 30_000_000, dueDate: nextDueDate(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return answerOf(contract.payments.createInvoice, res);
}

export async function submitReceipt(token: string, fields: Record<string, string>, withFile = true) {
  const { payload, headers } = multipartBody(
    {
      cardLast4: '۱۲۳۴',
      trackingNumber: String(700_000 + ++seq),
      transferredAt: new Date(Date.now() - 3600_000).toISOString(),
      ...fields,
    },
    withFile ? [{ filename: 'receipt.png', contentType: 'image/png', data: await smallPng(600, 900) }] : [],
  );
  return t.inject({
    method: 'POST',
    url: addressOf(contract.payments.cardToCard),
    payload,
    headers: { ...headers, ...t.as(token) },
  });
}
