import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { auditLog } from '../../db/schema/system';
import { answerOf, createTestApp, type TestApp } from '../../test/test-app';
import { FAKE_MERCHANT, type FakeZarinpal, startFakeZarinpal } from '../../test/zarinpal-server';
import { reconcileCheckouts } from './checkout';
import { gatewaysFrom, type PaymentsConfig } from './gateways';

/**
 * Money safety: idempotent verification, amounts from the database, no overpayment, healing by
 * reconciliation. Zarinpal is a local server speaking its v4 protocol; nothing leaves the machine.
 */

let t: TestApp;
let fake: FakeZarinpal;
let payConfig: PaymentsConfig;
let studentToken: string;
let adminToken: string;
let studentId: number;
const logLines: string[] = [];
const log = { info: () => {}, warn: (obj: object, msg: string) => logLines.push(`${msg} ${JSON.stringify(obj)}`) };

beforeAll(async () => {
  fake = await startFakeZarinpal();
  payConfig = {
    publicUrl: 'https://school.example',
    sandboxGateway: true,
    zarinpal: { merchantId: FAKE_MERCHANT, baseUrl: fake.baseUrl, timeoutMs: 3000 },
  };
  t = await createTestApp({
    config: { payments: payConfig },
    logStream: { write: (line) => logLines.push(line) },
  });
  studentToken = await t.sessionFor('student1');
  adminToken = await t.sessionFor('admin');
  const [row] = await t.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, await t.userId('student1')));
  if (!row) throw new Error('demo student missing');
  studentId = row.id;
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.hang = false;
});

let seq = 0;

async function newInvoice(amount = 50_000_000) {
  const [row] = await t.db
    .insert(invoices)
    .values({ studentId, title: `قسط آزمایشی ${++seq}`, amount, dueDate: '2027-01-01' })
    .returning({ id: invoices.id });
  if (!row) throw new Error('no invoice');
  return row.id;
}

async function payOnline(invoiceId: number, body: Record<string, unknown> = {}) {
  const res = await t.call(contract.payments.directPay, {
    headers: t.as(studentToken),
    body: { invoiceId, gateway: 'zarinpal', ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { paymentId, redirectUrl } = answerOf(contract.payments.directPay, res);
  const authority = decodeURIComponent(redirectUrl.split('/').pop() ?? '');
  return { paymentId, redirectUrl, authority };
}

const callback = (authority: string, status = 'OK') =>
  t.call(contract.payments.gatewayCallback, {
    params: { gateway: 'zarinpal' },
    query: { Authority: authority, Status: status },
  });

async function paymentRow(id: number) {
  const [row] = await t.db.select().from(payments).where(eq(payments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}

async function succeededSum(invoiceId: number) {
  const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
  return rows.filter((p) => p.status === 'succeeded').reduce((s, p) => s + p.amount, 0);
}

describe('Zarinpal v4 against a local server', () => {
  it('asks for the remaining amount from the database, not the client, and credits a verified payment', async () => {
    const invoiceId = await newInvoice(50_000_000);
    await t.call(contract.payments.manualPayment, {
      params: { id: invoiceId },
      headers: t.as(adminToken),
      body: { amount: 20_000_000 },
    });
    const { paymentId, redirectUrl, authority } = await payOnline(invoiceId, { amount: 1000 });
    expect(redirectUrl).toBe(`${fake.baseUrl}/pg/StartPay/${authority}`);
    const sent = fake.requests.at(-1);
    expect(sent).toMatchObject({
      merchant_id: FAKE_MERCHANT,
      amount: 30_000_000,
      currency: 'IRR',
      callback_url: 'https://school.example/api/v1/general/payment/callback/zarinpal',
    });
    expect(String(sent?.description)).toContain('قسط آزمایشی');

    fake.pay(authority);
    const res = await callback(authority);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/student/payment/result/${paymentId}`);
    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ status: 'succeeded', amount: 30_000_000, cardMasked: '************5995' });
    expect(row.referenceId).toMatch(/^\d+$/);
    expect(await succeededSum(invoiceId)).toBe(50_000_000);

    const result = await t.call(contract.payments.paymentResult, {
      params: { id: paymentId },
      headers: t.as(studentToken),
    });
    expect(result.json()).toMatchObject({ status: 'succeeded', referenceId: row.referenceId, invoiceRemaining: 0 });
  });

  it('credits a replayed callback once', async () => {
    const invoiceId = await newInvoice();
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority);
    const before = fake.verifyCalls;
    for (let i = 0; i < 3; i++) expect((await callback(authority)).statusCode).toBe(303);
    expect(fake.verifyCalls - before).toBe(1);
    expect((await paymentRow(paymentId)).status).toBe('succeeded');
    expect(await succeededSum(invoiceId)).toBe(50_000_000);
  });

  it('credits 20 concurrent callbacks for the same authority exactly once, verifying once', async () => {
    const invoiceId = await newInvoice(77_000_000);
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority);
    const before = fake.verifyCalls;
    const answers = await Promise.all(Array.from({ length: 20 }, () => callback(authority)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(303));
    expect(fake.verifyCalls - before).toBe(1);
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(paymentId);
    expect(await succeededSum(invoiceId)).toBe(77_000_000);
  });

  it('treats code 101 (already verified) as paid and credits nothing new', async () => {
    const invoiceId = await newInvoice();
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority);
    const session = fake.sessions.get(authority);
    if (!session) throw new Error('no session');
    session.verified = true; // verified at the gateway by an earlier attempt that never reached our database
    await callback(authority);
    const row = await paymentRow(paymentId);
    expect(row.status).toBe('succeeded');
    expect(row.referenceId).toBe(String(session.refId));
    await callback(authority);
    expect(await succeededSum(invoiceId)).toBe(50_000_000);
  });

  it('fails a payment the gateway does not confirm (code -51) and one the payer cancelled (NOK)', async () => {
    const invoiceId = await newInvoice();
    const unpaid = await payOnline(invoiceId);
    await callback(unpaid.authority, 'OK');
    expect(await paymentRow(unpaid.paymentId)).toMatchObject({ status: 'failed' });

    const before = fake.verifyCalls;
    const cancelled = await payOnline(invoiceId);
    await callback(cancelled.authority, 'NOK');
    expect(fake.verifyCalls).toBe(before);
    const row = await paymentRow(cancelled.paymentId);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/لغو/);
    expect(await succeededSum(invoiceId)).toBe(0);
  });

  it('fails and logs a verification whose amount does not match the stored amount', async () => {
    const invoiceId = await newInvoice();
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority);
    const session = fake.sessions.get(authority);
    if (!session) throw new Error('no session');
    session.amount = 1000; // the gateway holds a different amount than we stored
    await callback(authority);
    const row = await paymentRow(paymentId);
    expect(row.status).toBe('failed');
    expect(row.failureReason).toMatch(/مبلغ/);
    expect(logLines.some((l) => l.includes('amount mismatch') && l.includes(String(paymentId)))).toBe(true);
    expect(await succeededSum(invoiceId)).toBe(0);
  });

  it('leaves a payment pending when verify times out, and reconciliation credits it later', async () => {
    const invoiceId = await newInvoice();
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority);
    fake.hang = true;
    const res = await callback(authority);
    expect(res.statusCode).toBe(303);
    expect((await paymentRow(paymentId)).status).toBe('pending');
    fake.hang = false;
    const report = await reconcileCheckouts(t.db, gatewaysFrom(payConfig), log, { minAgeMs: 0 });
    expect(report.credited).toBeGreaterThanOrEqual(1);
    expect((await paymentRow(paymentId)).status).toBe('succeeded');
    expect(await succeededSum(invoiceId)).toBe(50_000_000);
  });

  it('answers 502 with a Persian message when the gateway refuses the request, and keeps a failed row', async () => {
    const invoiceId = await newInvoice();
    const refused: PaymentsConfig = {
      ...payConfig,
      zarinpal: { baseUrl: fake.baseUrl, timeoutMs: 3000, merchantId: '00000000-0000-0000-0000-000000000000' },
    };
    const t2 = await createTestApp({ config: { payments: refused } });
    try {
      const [inv] = await t2.db
        .insert(invoices)
        .values({ studentId, title: 'x', amount: 5_000_000, dueDate: '2027-01-01' })
        .returning({ id: invoices.id });
      const res = await t2.call(contract.payments.directPay, {
        headers: t2.as(await t2.sessionFor('student1')),
        body: { invoiceId: inv?.id, gateway: 'zarinpal' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toMatch(/درگاه/);
      const rows = await t2.db.select().from(payments);
      expect(rows.filter((r) => r.method === 'gateway').map((r) => r.status)).toEqual(['failed']);
    } finally {
      await t2.close();
    }
    expect(invoiceId).toBeGreaterThan(0);
  });
});

describe('a server stopped between the gateway and our database', () => {
  it('is healed by reconciliation: a paid, never-verified payment is credited once', async () => {
    const invoiceId = await newInvoice(33_000_000);
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority); // the payer paid; the callback never reached us
    const gateways = gatewaysFrom(payConfig);
    const early = await reconcileCheckouts(t.db, gateways, log, { minAgeMs: 60_000 });
    expect(early.checked).toBe(0); // too young: left to its callback
    const first = await reconcileCheckouts(t.db, gateways, log, { minAgeMs: 0 });
    expect(first.credited).toBe(1);
    expect((await paymentRow(paymentId)).status).toBe('succeeded');
    const second = await reconcileCheckouts(t.db, gateways, log, { minAgeMs: 0 });
    expect(second.credited).toBe(0);
    expect(await succeededSum(invoiceId)).toBe(33_000_000);
  });

  it('is healed when the gateway verified but our write was lost (code 101)', async () => {
    const invoiceId = await newInvoice(44_000_000);
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority);
    const session = fake.sessions.get(authority);
    if (!session) throw new Error('no session');
    session.verified = true; // our verify reached the gateway, then the process died
    const report = await reconcileCheckouts(t.db, gatewaysFrom(payConfig), log, { minAgeMs: 0 });
    expect(report.credited).toBe(1);
    expect((await paymentRow(paymentId)).referenceId).toBe(String(session.refId));
    expect(await succeededSum(invoiceId)).toBe(44_000_000);
  });

  it('keeps an unpaid payment pending until it expires, then marks it failed', async () => {
    const invoiceId = await newInvoice();
    const { paymentId } = await payOnline(invoiceId);
    const gateways = gatewaysFrom(payConfig);
    await reconcileCheckouts(t.db, gateways, log, { minAgeMs: 0 });
    expect((await paymentRow(paymentId)).status).toBe('pending');
    await reconcileCheckouts(t.db, gateways, log, { minAgeMs: 0, expireAgeMs: 0, now: new Date(Date.now() + 1000) });
    expect((await paymentRow(paymentId)).status).toBe('failed');
  });
});

describe('an invoice is never paid above its amount', () => {
  async function pendingReceipt(invoiceId: number, amount: number) {
    const [row] = await t.db
      .insert(payments)
      .values({
        invoiceId,
        method: 'card_to_card',
        amount,
        status: 'pending',
        cardMasked: '************1111',
        trackingNumber: `${amount}-${invoiceId}-${++seq}`,
        transferredAt: new Date(),
      })
      .returning({ id: payments.id });
    if (!row) throw new Error('no receipt');
    return row.id;
  }

  it('lets only one of two racing card-to-card approvals through when both would overpay', async () => {
    const invoiceId = await newInvoice(10_000_000);
    const a = await pendingReceipt(invoiceId, 6_000_000);
    const b = await pendingReceipt(invoiceId, 6_000_000);
    const answers = await Promise.all(
      [a, b].map((id) => t.call(contract.payments.approve, { params: { id }, headers: t.as(adminToken) })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await succeededSum(invoiceId)).toBe(6_000_000);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'approve_receipt'));
    expect(audits.filter((r) => r.entityId === String(a) || r.entityId === String(b))).toHaveLength(1);
  });

  it('lets only one of two racing manual payments of the remaining amount through', async () => {
    const invoiceId = await newInvoice(10_000_000);
    const answers = await Promise.all(
      [1, 2].map(() =>
        t.call(contract.payments.manualPayment, {
          params: { id: invoiceId },
          headers: t.as(adminToken),
          body: { amount: 10_000_000 },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await succeededSum(invoiceId)).toBe(10_000_000);
  });

  it('does not verify a gateway payment once the invoice was settled another way (the gateway refunds it)', async () => {
    const invoiceId = await newInvoice(10_000_000);
    const { paymentId, authority } = await payOnline(invoiceId);
    fake.pay(authority);
    const manual = await t.call(contract.payments.manualPayment, {
      params: { id: invoiceId },
      headers: t.as(adminToken),
      body: { amount: 10_000_000 },
    });
    expect(manual.statusCode).toBe(201);
    const before = fake.verifyCalls;
    await callback(authority);
    expect(fake.verifyCalls).toBe(before);
    expect((await paymentRow(paymentId)).status).toBe('failed');
    expect(await succeededSum(invoiceId)).toBe(10_000_000);
  });
});
