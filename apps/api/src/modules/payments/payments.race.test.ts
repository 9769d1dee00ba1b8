import { contract } from '@madreseh/contract/endpoints';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentBatches, payments } from '../../db/schema/payments';
import { addressOf } from '../../test/address';
import { secondInstance } from '../../test/second-instance';
import { answerOf } from '../../test/test-app';
import { FAILURE } from './payments.messages';
import { auditRows, fake, newInvoice, payConfig, student1, t, useOnceApp } from './payments.once.fixtures';

/**
 * One invoice, many online payments, all paid at the gateway and all returning at once (two tabs,
 * a double tap, a parent and a child paying the same bill): the invoice is credited exactly its
 * amount. Only one payment of an invoice is out being verified at a time; the others are not
 * verified once it is paid, so the gateway returns their money, and the payer is told so.
 */

useOnceApp();

type Started = { paymentId: number; authority: string };
/** An instance's door: the test app's inject, or a second instance's. */
type Caller = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/** The caller for the i-th of many requests: spread over the instances given. */
const nth = (on: Caller[], i: number): Caller => on[i % on.length] ?? on[0] ?? t.inject;

const authorityOf = (redirectUrl: string) => decodeURIComponent(redirectUrl.split('/').pop() ?? '');

/** `n` online payments of one invoice started at once by the student, each paid at the gateway. */
async function startPaid(invoiceId: number, n: number, on: Caller[]): Promise<Started[]> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      nth(
        on,
        i,
      )({
        method: 'POST',
        url: addressOf(contract.payments.directPay),
        headers: t.as(student1),
        payload: { invoiceId, gateway: 'zarinpal' },
      }),
    ),
  );
  return answers.map((res) => {
    expect(res.statusCode, res.body).toBe(200);
    const { paymentId, redirectUrl } = answerOf(contract.payments.directPay, res);
    const authority = authorityOf(redirectUrl);
    fake.pay(authority);
    return { paymentId, authority };
  });
}

/** Every payer comes back from the gateway at once (spread over the instances given). */
async function returnAll(authorities: string[], on: Caller[]) {
  const answers = await Promise.all(
    authorities.map((authority, i) =>
      nth(
        on,
        i,
      )({
        method: 'GET',
        url: addressOf(contract.payments.gatewayCallback, {
          params: { gateway: 'zarinpal' },
          query: { Authority: authority, Status: 'OK' },
        }),
      }),
    ),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(authorities.map(() => 303));
}

/** The gateway sessions that were verified (their money kept); the others the gateway returns. */
const verifiedAt = (authorities: string[]) => authorities.filter((a) => fake.sessions.get(a)?.verified);

async function paymentsOfInvoice(invoiceId: number) {
  return t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
}

const succeededSum = (rows: { status: string; amount: number }[]) =>
  rows.filter((p) => p.status === 'succeeded').reduce((s, p) => s + p.amount, 0);

/** The 20-payments proof on the instances given. */
async function twentyPaymentsOfOneInvoice(on: Caller[]) {
  const amount = 9_000_000;
  const invoiceId = await newInvoice(amount);
  const started = await startPaid(invoiceId, 20, on);
  expect(new Set(started.map((s) => s.paymentId)).size).toBe(20);
  await returnAll(
    started.map((s) => s.authority),
    on,
  );

  const rows = await paymentsOfInvoice(invoiceId);
  expect(rows).toHaveLength(20);
  expect(succeededSum(rows)).toBe(amount);
  const succeeded = rows.filter((p) => p.status === 'succeeded');
  expect(succeeded).toHaveLength(1);
  const failed = rows.filter((p) => p.status === 'failed');
  expect(failed).toHaveLength(19);
  expect(new Set(failed.map((p) => p.failureReason))).toEqual(new Set([FAILURE.invoiceSettled]));
  expect(rows.every((p) => p.verifyingUntil === null)).toBe(true);
  // Only the credited one was verified: the gateway returns the other nineteen by itself.
  expect(verifiedAt(started.map((s) => s.authority))).toHaveLength(1);
  const credits = await auditRows(
    'gateway_credit',
    rows.map((p) => p.id),
  );
  expect(credits).toHaveLength(1);
  expect(credits[0]?.details).not.toHaveProperty('overpaid');

  // The payer of a payment that was not verified is told why, in Persian, on the result page.
  const res = await t.call(contract.payments.paymentResult, {
    params: { id: failed[0]?.id },
    headers: t.as(student1),
  });
  expect(res.statusCode).toBe(200);
  expect(answerOf(contract.payments.paymentResult, res)).toMatchObject({
    status: 'failed',
    failureReason: FAILURE.invoiceSettled,
  });
  expect(FAILURE.invoiceSettled).toMatch(/بازگردانده می‌شود/);
}

/** `n` pay-all payments of the same two invoices (one for each of parent1's children), started at once and paid. */
async function startBatches(n: number, on: Caller[]) {
  const parent = await t.sessionFor('parent1');
  const kids = (
    (await t.call(contract.parent.children, { headers: t.as(parent) })).json() as { items: { id: number }[] }
  ).items;
  expect(kids).toHaveLength(2);
  const invoiceIds = [await newInvoice(4_000_000, kids[0]?.id), await newInvoice(6_000_000, kids[1]?.id)] as const;
  const starts = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      nth(
        on,
        i,
      )({
        method: 'POST',
        url: addressOf(contract.parent.batchPay),
        headers: t.as(parent),
        payload: { invoiceIds: [...invoiceIds], gateway: 'zarinpal' },
      }),
    ),
  );
  const batches = starts.map((res) => {
    expect(res.statusCode, res.body).toBe(200);
    const { batchId, amount, redirectUrl } = answerOf(contract.parent.batchPay, res);
    expect(amount).toBe(10_000_000);
    const authority = authorityOf(redirectUrl);
    fake.pay(authority);
    return { batchId, authority };
  });
  return { invoiceIds, batches };
}

/** Two pay-all payments of the same two invoices returned paid at once: one is credited, once. */
async function twoBatchesOfTheSameInvoices(on: Caller[]) {
  const { invoiceIds, batches } = await startBatches(2, on);
  const authorities = batches.map((b) => b.authority);
  await returnAll(authorities, on);
  const rows = await t.db
    .select()
    .from(payments)
    .where(inArray(payments.invoiceId, [...invoiceIds]));
  expect(rows).toHaveLength(4);
  expect(succeededSum(rows.filter((p) => p.invoiceId === invoiceIds[0]))).toBe(4_000_000);
  expect(succeededSum(rows.filter((p) => p.invoiceId === invoiceIds[1]))).toBe(6_000_000);
  const states = await t.db
    .select({ status: paymentBatches.status, failureReason: paymentBatches.failureReason })
    .from(paymentBatches)
    .where(
      inArray(
        paymentBatches.id,
        batches.map((b) => b.batchId),
      ),
    );
  expect(states.map((s) => s.status).sort()).toEqual(['failed', 'succeeded']);
  expect(states.find((s) => s.status === 'failed')?.failureReason).toBe(FAILURE.invoiceSettled);
  expect(verifiedAt(authorities)).toHaveLength(1);
}

const one = (): Caller[] => [(options) => t.inject(options)];

describe('many payments of one invoice returned paid at once', () => {
  it('credits 20 payments started in parallel exactly once: the invoice amount', { timeout: 60_000 }, async () => {
    await twentyPaymentsOfOneInvoice(one());
  });

  it('credits two pay-all payments of the same two invoices once', { timeout: 30_000 }, async () => {
    await twoBatchesOfTheSameInvoices(one());
  });

  it('credits a pay-all payment and a child’s own payment of one of its invoices once', {
    timeout: 30_000,
  }, async () => {
    const { invoiceIds, batches } = await startBatches(1, one());
    const [single] = await startPaid(invoiceIds[0], 1, one());
    if (!single) throw new Error('no payment');
    await returnAll([batches[0]?.authority ?? '', single.authority], one());
    const rows = await t.db.select().from(payments).where(inArray(payments.invoiceId, invoiceIds));
    // Whichever was verified first paid the first invoice; the other was not verified.
    expect(succeededSum(rows.filter((p) => p.invoiceId === invoiceIds[0]))).toBe(4_000_000);
    expect(verifiedAt([batches[0]?.authority ?? '', single.authority])).toHaveLength(1);
    expect(rows.filter((p) => p.status === 'pending')).toHaveLength(0);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'many payments of one invoice returned paid at once to two instances (PostgreSQL only: two processes cannot share an embedded database)',
  () => {
    let other: { app: FastifyInstance; close(): Promise<void> };
    beforeAll(async () => {
      other = await secondInstance(t, { payments: payConfig });
    });
    afterAll(async () => {
      await other?.close();
    });

    const both = (): Caller[] => [(options) => t.inject(options), (options) => other.app.inject(options)];

    it('credits 20 payments started and returned across both exactly once', { timeout: 60_000 }, async () => {
      await twentyPaymentsOfOneInvoice(both());
    });

    it('credits two pay-all payments of the same two invoices returned to both once', { timeout: 30_000 }, async () => {
      await twoBatchesOfTheSameInvoices(both());
    });
  },
);
