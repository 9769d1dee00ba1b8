import { apiPath } from '@madreseh/contract/paths';
import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { digitsToPersian } from '@madreseh/contract/text';
import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoices, paymentBatches, payments } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { inTransaction } from '../../db/transaction';
import { type Actor, SYSTEM_ACTOR } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway, type VerifyResult } from './gateways';
import { ledgerOfPayments, sumsOf, wouldOverpay } from './invoice-ledger';
import { lockInvoice, paymentsOf } from './invoices.service';
import {
  claimMs,
  failPayment,
  type MoneyLog,
  maskPan,
  type ReconcileReport,
  type SettleOptions,
  type SettleOutcome,
} from './online-payments';
import { FAILURE, MSG } from './payments.messages';

/**
 * One gateway payment for several invoices (a parent paying all their children's open invoices).
 * The gateway knows the batch (its total and authority); each invoice gets a `payments` row with
 * the batch id and its share, so every invoice's ledger reads as for a single payment. The batch
 * is started, claimed, verified (outside any transaction) and settled as online-payments.ts does
 * for one payment; every share changes state in the same transaction as its batch.
 */

/** The invoices, in id order: every transaction locks them in this order, so two never deadlock. */
async function lockInvoices(tx: Tx, ids: readonly number[]) {
  const rows = [];
  for (const id of [...ids].sort((a, b) => a - b)) rows.push(await lockInvoice(tx, id));
  return rows;
}

async function sharesOf(tx: Tx, batchId: number) {
  return tx
    .select({ id: payments.id, invoiceId: payments.invoiceId, amount: payments.amount, status: payments.status })
    .from(payments)
    .where(eq(payments.batchId, batchId))
    .orderBy(asc(payments.invoiceId));
}

/**
 * Starts one online payment for the invoices asked for. Each must belong to one of `studentIds`
 * (else 404, nothing started) and still be payable (else 409); its share is its payable remainder
 * read under lock, never a number the client sent.
 */
export async function startBatchPayment(
  db: Db,
  gateway: PaymentGateway,
  input: { studentIds: readonly number[]; userId: number; invoiceIds: readonly number[]; callbackBase: string },
  log: MoneyLog,
  actor: Actor,
): Promise<{ batchId: number; amount: number; redirectUrl: string }> {
  const ids = [...new Set(input.invoiceIds)];
  if (!ids.length) throw AppError.badRequest(MSG.batchEmpty);
  const allowed = new Set(input.studentIds);
  const created = await inTransaction(db, async (tx) => {
    const shares: { invoiceId: number; amount: number }[] = [];
    for (const inv of await lockInvoices(tx, ids)) {
      if (!allowed.has(inv.studentId)) throw AppError.notFound(MSG.invoiceNotFound);
      if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
      const { remaining, payable } = ledgerOfPayments(inv, await paymentsOf(tx, inv.id));
      if (remaining <= 0) throw AppError.conflict(MSG.nothingToPay);
      if (payable <= 0) throw AppError.conflict(MSG.waitingReceipts);
      shares.push({ invoiceId: inv.id, amount: payable });
    }
    const amount = shares.reduce((sum, s) => sum + s.amount, 0);
    const [batch] = await tx
      .insert(paymentBatches)
      .values({ amount, gateway: gateway.name, submittedBy: input.userId })
      .returning({ id: paymentBatches.id });
    if (!batch) throw new Error('insert returned nothing');
    const rows = await tx
      .insert(payments)
      .values(
        shares.map((s) => ({
          invoiceId: s.invoiceId,
          method: 'gateway' as const,
          amount: s.amount,
          status: 'pending' as const,
          gateway: gateway.name,
          submittedBy: input.userId,
          batchId: batch.id,
        })),
      )
      .returning({ id: payments.id, invoiceId: payments.invoiceId, amount: payments.amount });
    await audit(tx, actor, 'gateway_start', 'payment_batch', batch.id, { amount, gateway: gateway.name, shares });
    for (const r of rows) {
      await audit(tx, actor, 'gateway_start', 'payment', r.id, {
        invoiceId: r.invoiceId,
        amount: r.amount,
        gateway: gateway.name,
        batchId: batch.id,
      });
    }
    return { id: batch.id, amount, count: rows.length };
  });

  const callbackUrl = `${input.callbackBase.replace(/\/$/, '')}${apiPath(paymentsContract.gatewayCallback.path, { gateway: gateway.name })}`;
  try {
    const { authority } = await gateway.request({
      amount: created.amount,
      callbackUrl,
      description: `${MSG.batchTitle(digitsToPersian(created.count))} (#B${created.id})`,
    });
    await db.update(paymentBatches).set({ authority }).where(eq(paymentBatches.id, created.id));
    log.info({ batchId: created.id, gateway: gateway.name }, 'batch payment requested');
    return { batchId: created.id, amount: created.amount, redirectUrl: gateway.redirectUrl(authority) };
  } catch (err) {
    const down = err instanceof GatewayUnavailableError;
    if (!down && !(err instanceof GatewayRefusedError)) throw err;
    await inTransaction(db, (tx) =>
      failBatch(tx, created.id, down ? FAILURE.gatewayDown : FAILURE.gatewayRefused, { actor, source: 'request' }),
    );
    log.warn({ batchId: created.id, gateway: gateway.name }, 'gateway refused or unreachable on batch request');
    throw new AppError(502, 'gateway_error', down ? MSG.gatewayDown : MSG.gatewayRefused);
  }
}

/** Marks a pending batch and its pending shares failed, an audit row for each (caller's transaction). */
async function failBatch(
  tx: Tx,
  batchId: number,
  reason: string,
  who: { actor: Actor; source: string },
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const done = await tx
    .update(paymentBatches)
    .set({ status: 'failed', failureReason: reason, decidedAt: new Date(), verifyingUntil: null })
    .where(and(eq(paymentBatches.id, batchId), eq(paymentBatches.status, 'pending')))
    .returning({ amount: paymentBatches.amount });
  if (!done.length) return false;
  await audit(tx, who.actor, 'gateway_fail', 'payment_batch', batchId, {
    ...details,
    amount: done[0]?.amount,
    reason,
    source: who.source,
  });
  for (const s of await sharesOf(tx, batchId)) {
    await failPayment(tx, s.id, reason, who, { invoiceId: s.invoiceId, amount: s.amount, batchId });
  }
  return true;
}

type BatchClaim =
  | { kind: 'done'; outcome: SettleOutcome }
  | { kind: 'busy' }
  | { kind: 'claimed'; batch: { id: number; amount: number; authority: string } };

/** Locks the batch's invoices (id order), then the batch: what every batch transaction does first. */
async function lockBatch(tx: Tx, batchId: number) {
  const shares = await sharesOf(tx, batchId);
  const invs = await lockInvoices(
    tx,
    shares.map((s) => s.invoiceId),
  );
  const [batch] = await tx
    .select({
      id: paymentBatches.id,
      amount: paymentBatches.amount,
      status: paymentBatches.status,
      gateway: paymentBatches.gateway,
      authority: paymentBatches.authority,
      busy: sql<boolean>`coalesce(${paymentBatches.verifyingUntil} > now(), false)`,
    })
    .from(paymentBatches)
    .where(eq(paymentBatches.id, batchId))
    .for('update');
  return { batch, shares, invs: new Map(invs.map((i) => [i.id, i])) };
}

/**
 * Settles a batch at most once: claim (short transaction), verify the total with the gateway
 * outside any transaction, settle every share in one transaction. If an invoice was paid another
 * way before the claim, the batch is not verified (the gateway returns the money) and every share
 * fails; if it happened during a claim that outlived its time, the money is recorded as it came and
 * the share is flagged `overpaid` in its audit row, as for a single payment.
 */
export async function settleBatch(
  db: Db,
  gateway: PaymentGateway,
  batchId: number,
  log: MoneyLog,
  options: SettleOptions,
): Promise<SettleOutcome> {
  const claim = await inTransaction(db, async (tx): Promise<BatchClaim> => {
    const { batch, shares, invs } = await lockBatch(tx, batchId);
    if (!batch || batch.gateway !== gateway.name) throw AppError.notFound(MSG.paymentNotFound);
    if (batch.status !== 'pending') return { kind: 'done', outcome: 'already' };
    if (!batch.authority) {
      if (!options.failIfUnpaid) return { kind: 'done', outcome: 'pending' };
      await failBatch(tx, batch.id, FAILURE.gatewayRefused, options);
      return { kind: 'done', outcome: 'failed' };
    }
    if (batch.busy) return { kind: 'busy' };
    for (const s of shares) {
      const inv = invs.get(s.invoiceId);
      if (!inv) continue;
      const { paid } = sumsOf(await paymentsOf(tx, inv.id));
      if (inv.cancelledAt || wouldOverpay(inv, paid, s.amount)) {
        await failBatch(tx, batch.id, FAILURE.invoiceSettled, options, { invoiceId: inv.id });
        log.warn({ batchId: batch.id, invoiceId: inv.id }, 'batch payment not verified: an invoice already settled');
        return { kind: 'done', outcome: 'failed' };
      }
    }
    const until = sql`now() + ${`${claimMs(gateway)} milliseconds`}::interval`;
    await tx.update(paymentBatches).set({ verifyingUntil: until }).where(eq(paymentBatches.id, batch.id));
    // The shares are claimed too, so the invoices' other money paths wait (assertNoVerifyInFlight).
    await tx.update(payments).set({ verifyingUntil: until }).where(eq(payments.batchId, batch.id));
    return { kind: 'claimed', batch: { id: batch.id, amount: batch.amount, authority: batch.authority } };
  });
  if (claim.kind === 'done') return claim.outcome;
  if (claim.kind === 'busy') return waitForBatch(db, batchId, claimMs(gateway));
  const b = claim.batch;
  const release = async () => {
    await db.update(paymentBatches).set({ verifyingUntil: null }).where(eq(paymentBatches.id, b.id));
    await db.update(payments).set({ verifyingUntil: null }).where(eq(payments.batchId, b.id));
  };
  let result: VerifyResult;
  try {
    result = await gateway.verify({ authority: b.authority, amount: b.amount });
  } catch (err) {
    await release();
    if (err instanceof GatewayUnavailableError) {
      log.warn({ batchId: b.id, gateway: gateway.name }, 'gateway unreachable on batch verify; left pending');
      return 'pending';
    }
    throw err;
  }
  return inTransaction(db, async (tx): Promise<SettleOutcome> => {
    const { batch, shares, invs } = await lockBatch(tx, b.id);
    if (batch?.status !== 'pending') return 'already';
    if (result.ok) {
      await tx
        .update(paymentBatches)
        .set({
          status: 'succeeded',
          referenceId: result.refId,
          cardMasked: maskPan(result.cardPan),
          decidedAt: new Date(),
          verifyingUntil: null,
        })
        .where(eq(paymentBatches.id, b.id));
      await audit(tx, options.actor, 'gateway_credit', 'payment_batch', b.id, {
        amount: b.amount,
        gateway: gateway.name,
        referenceId: result.refId,
        source: options.source,
      });
      const perChild = new Map<number, { paymentId: number; titles: string[]; amount: number }>();
      for (const s of shares) {
        const inv = invs.get(s.invoiceId);
        if (!inv || s.status !== 'pending') continue;
        const { paid } = sumsOf(await paymentsOf(tx, inv.id));
        const over = Boolean(inv.cancelledAt) || wouldOverpay(inv, paid, s.amount);
        await tx
          .update(payments)
          .set({
            status: 'succeeded',
            cardMasked: maskPan(result.cardPan),
            decidedAt: new Date(),
            verifyingUntil: null,
          })
          .where(eq(payments.id, s.id));
        await audit(tx, options.actor, 'gateway_credit', 'payment', s.id, {
          invoiceId: inv.id,
          amount: s.amount,
          gateway: gateway.name,
          referenceId: result.refId,
          batchId: b.id,
          source: options.source,
          ...(over ? { overpaid: true } : {}),
        });
        if (over) log.warn({ paymentId: s.id, invoiceId: inv.id }, 'batch share credited above the invoice');
        const child = perChild.get(inv.studentId) ?? { paymentId: s.id, titles: [], amount: 0 };
        child.titles.push(inv.title);
        child.amount += s.amount;
        perChild.set(inv.studentId, child);
      }
      for (const [studentId, c] of perChild) {
        await enqueue(tx, {
          kind: 'payment_confirmed',
          paymentId: c.paymentId,
          studentId,
          title: c.titles.join('، '),
          amount: c.amount,
        });
      }
      log.info({ batchId: b.id, amount: b.amount, shares: shares.length }, 'batch payment credited');
      return 'credited';
    }
    if (!options.failIfUnpaid && !result.amountMismatch) {
      await tx.update(paymentBatches).set({ verifyingUntil: null }).where(eq(paymentBatches.id, b.id));
      await tx.update(payments).set({ verifyingUntil: null }).where(eq(payments.batchId, b.id));
      return 'pending';
    }
    await failBatch(tx, b.id, result.amountMismatch ? FAILURE.amountMismatch : FAILURE.notVerified, options, {
      code: result.code,
    });
    return 'failed';
  });
}

async function waitForBatch(db: Db, batchId: number, maxMs: number): Promise<SettleOutcome> {
  const deadline = Date.now() + maxMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const [b] = await db
      .select({
        status: paymentBatches.status,
        busy: sql<boolean>`coalesce(${paymentBatches.verifyingUntil} > now(), false)`,
      })
      .from(paymentBatches)
      .where(eq(paymentBatches.id, batchId));
    if (b?.status !== 'pending') return 'already';
    if (!b.busy || Date.now() > deadline) return 'pending';
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** The payer came back from the gateway with a batch's authority: settle or fail it; answers its id. */
export async function handleBatchCallback(
  db: Db,
  gateway: PaymentGateway,
  input: { authority: string | undefined; status: string | undefined },
  log: MoneyLog,
  actor: Actor = SYSTEM_ACTOR,
): Promise<number | null> {
  if (!input.authority) return null;
  const [b] = await db
    .select({ id: paymentBatches.id })
    .from(paymentBatches)
    .where(and(eq(paymentBatches.gateway, gateway.name), eq(paymentBatches.authority, input.authority)));
  if (!b) return null;
  if (input.status === 'OK') {
    await settleBatch(db, gateway, b.id, log, { failIfUnpaid: true, actor, source: 'callback' });
  } else {
    await inTransaction(db, (tx) => failBatch(tx, b.id, FAILURE.cancelledByPayer, { actor, source: 'callback' }));
  }
  return b.id;
}

/** The sandbox page's view of a pending batch. */
export async function sandboxBatch(db: Db, authority: string) {
  const [row] = await db
    .select({ id: paymentBatches.id, amount: paymentBatches.amount, status: paymentBatches.status })
    .from(paymentBatches)
    .where(and(eq(paymentBatches.gateway, 'sandbox'), eq(paymentBatches.authority, authority)));
  if (row?.status !== 'pending') return null;
  const shares = await db.select({ id: payments.id }).from(payments).where(eq(payments.batchId, row.id));
  return { amount: row.amount, title: MSG.batchTitle(digitsToPersian(shares.length)) };
}

/** A batch as its payer sees it: its figures and every invoice it covers (another's batch: 404). */
export async function batchOfPayer(db: Db, userId: number, batchId: number) {
  const [b] = await db
    .select()
    .from(paymentBatches)
    .where(and(eq(paymentBatches.id, batchId), eq(paymentBatches.submittedBy, userId)));
  if (!b) throw AppError.notFound(MSG.paymentNotFound);
  const items = await db
    .select({
      paymentId: payments.id,
      invoiceId: payments.invoiceId,
      childId: invoices.studentId,
      childName: sql<string>`${students.firstName} || ' ' || ${students.lastName}`,
      title: invoices.title,
      amount: payments.amount,
    })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .innerJoin(students, eq(students.id, invoices.studentId))
    .where(eq(payments.batchId, b.id))
    .orderBy(asc(students.id), asc(payments.invoiceId));
  return {
    id: b.id,
    status: b.status,
    amount: b.amount,
    referenceId: b.referenceId,
    failureReason: b.failureReason,
    decidedAt: b.decidedAt?.toISOString() ?? null,
    items,
  };
}

/**
 * Re-verifies batches left pending, as reconcilePayments does for single payments: those younger
 * than `minAgeMs` are left to their callback; on the test gateway an abandoned batch fails; on a
 * real one it is verified, and one older than `expireAgeMs` the gateway does not confirm fails.
 */
export async function reconcileBatches(
  db: Db,
  gateways: Map<string, PaymentGateway>,
  log: MoneyLog,
  options: { minAgeMs?: number; expireAgeMs?: number; now?: Date; signal?: AbortSignal } = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? 5 * 60_000;
  const expireAgeMs = options.expireAgeMs ?? 60 * 60_000;
  const rows = await db
    .select({ id: paymentBatches.id, gateway: paymentBatches.gateway, submittedAt: paymentBatches.submittedAt })
    .from(paymentBatches)
    .where(
      and(eq(paymentBatches.status, 'pending'), lt(paymentBatches.submittedAt, new Date(now.getTime() - minAgeMs))),
    );
  const report: ReconcileReport = { checked: 0, credited: 0, failed: 0, stillPending: 0 };
  const who = { actor: SYSTEM_ACTOR, source: 'reconcile' } as const;
  for (const row of rows) {
    if (options.signal?.aborted) break;
    const gateway = gateways.get(row.gateway);
    const expired = now.getTime() - row.submittedAt.getTime() > expireAgeMs;
    report.checked += 1;
    if (!gateway || gateway.name === 'sandbox') {
      if (expired || gateway) {
        await inTransaction(db, (tx) => failBatch(tx, row.id, gateway ? FAILURE.abandoned : FAILURE.expired, who));
        report.failed += 1;
      } else report.stillPending += 1;
      continue;
    }
    const outcome = await settleBatch(db, gateway, row.id, log, { failIfUnpaid: expired, ...who });
    if (outcome === 'credited') report.credited += 1;
    else if (outcome === 'failed') report.failed += 1;
    else if (outcome === 'pending') report.stillPending += 1;
  }
  return report;
}
