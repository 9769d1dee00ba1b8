import { contract } from '@madreseh/contract/endpoints';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { invoices } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { auditLog, rateLimits } from '../../db/schema/system';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, createTestApp, type TestApp } from '../../test/test-app';
import { FAKE_MERCHANT, type FakeZarinpal, startFakeZarinpal } from '../../test/zarinpal-server';
import type { PaymentsConfig } from './gateways';

/*
 * What the money-safety test files share: the app (one per file, set by `useOnceApp()`) with the
 * test gateway and a fake Zarinpal, sessions of student1 and an admin, and student1's record.
 */

export let t: TestApp;
export let fake: FakeZarinpal;
export let payConfig: PaymentsConfig;
export let student1: string;
export let admin: string;
export let s1: number;
export let groupId: number;
let seq = 0;

export const log = { info: () => {}, warn: () => {} };

/** Opens the app and the fake gateway before the file's tests and closes them after. */
export function useOnceApp(): void {
  // These tests send many receipts as the same students: each starts with a fresh hourly allowance
  // (the allowance itself is tested in payments.receipts.test.ts).
  beforeEach(async () => {
    if (t) await t.db.delete(rateLimits).where(sql`${rateLimits.key} like 'receipt-upload:%'`);
  });

  beforeAll(async () => {
    fake = await startFakeZarinpal();
    // A long gateway time limit: the test, not the client's timeout, decides when a held verify answers.
    payConfig = {
      publicUrl: 'https://school.example',
      sandboxGateway: true,
      zarinpal: { merchantId: FAKE_MERCHANT, baseUrl: fake.baseUrl, timeoutMs: 30_000 },
    };
    t = await createTestApp({ config: { payments: payConfig } });
    student1 = await t.sessionFor('student1');
    admin = await t.sessionFor('admin');
    const [row] = await t.db
      .select({ id: students.id, groupId: students.groupId })
      .from(students)
      .where(eq(students.userId, await t.userId('student1')));
    s1 = row?.id ?? 0;
    groupId = row?.groupId ?? 0;
    expect(s1 && groupId).toBeTruthy();
  });
  afterAll(async () => {
    fake?.release();
    await t?.close();
    await fake?.close();
  });
}

export async function newInvoice(amount = 9_000_000, studentId = s1) {
  const [row] = await t.db
    .insert(invoices)
    .values({ studentId, title: `هزینهٔ آزمایشی ${++seq}`, amount, dueDate: '2027-06-01' })
    .returning({ id: invoices.id });
  if (!row) throw new Error('no invoice');
  return row.id;
}

export const transfer = (invoiceId: number, fields: Record<string, string> = {}) => ({
  invoiceId: String(invoiceId),
  amount: '3000000',
  cardLast4: '4321',
  trackingNumber: 'TR-556677',
  transferredAt: '2026-11-20T08:30:00.000Z',
  ...fields,
});

export async function sendReceipt(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = multipartBody(fields, [
    { filename: 'receipt.png', contentType: 'image/png', data: await smallPng(400, 600) },
  ]);
  return t.inject({
    method: 'POST',
    url: addressOf(contract.payments.cardToCard),
    payload: body.payload,
    headers: { ...body.headers, ...t.as(student1), ...headers },
  });
}

export async function auditRows(action: string, entityIds: number[]) {
  if (!entityIds.length) return [];
  return t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        inArray(
          auditLog.entityId,
          entityIds.map((id) => String(id)),
        ),
      ),
    );
}
