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
import {
  answerCallback,
  type Claim,
  cannotTake,
  claimColumns,
  claimInvoices,
  claimUntil,
  failedColumns,
  type GatewayFlow,
  type MoneyLog,
  payableOnline,
  precheckClaim,
  RECONCILE,
  type ReconcileOptions,
  type ReconcileReport,
  reconcilePending,
  requestAuthority,
  type SettleOptions,
  type SettleOutcome,
  settleInSteps,
  settleUnverified,
  stateColumns,
  succeededColumns,
  type Who,
} from './gateway-flow';
import type { PaymentGateway, VerifyResult } from './gateways';
import { lockInvoice } from './invoice-locks';
import { failPayment } from './online-payments';
import { FAILURE, MSG } from './payments.messages';

/**
 * One gateway payment for several invoices (a parent paying all their children's open invoices).
 * The gateway knows the batch (its total and authority); each invoice gets a `payments` row with
 * the batch id and its share, so every invoice's ledger reads as for a single payment. The batch
 * goes through the steps of gateway-flow.ts as a single payment does; every share changes state in the same transaction as its batch.
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
  const created = await inTransaction(db, async (tx) => {
    const shares: { invoiceId: number; amount: number }[] = [];
    for (const inv of await lockInvoices(tx, ids)) {
      shares.push({ invoiceId: inv.id, amount: await payableOnline(tx, inv, input.studentIds) });
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

  const authority = await requestAuthority(
    db,
    gateway,
    batchFlow(gateway, log),
    {
      id: created.id,
      amount: created.amount,
      description: `${MSG.batchTitle(digitsToPersian(created.count))} (#B${created.id})`,
    },
    { callbackBase: input.callbackBase, actor },
    (authority) => db.update(paymentBatches).set({ authority }).where(eq(paymentBatches.id, created.id)),
    log,
  );
  return { batchId: created.id, amount: created.amount, redirectUrl: gateway.redirectUrl(authority) };
}

/** Marks a pending batch and its pending shares failed, an audit row for each (caller's transaction). */
async function failBatch(
  tx: Tx,
  batchId: number,
  reason: string,
  who: Who,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const done = await tx
    .update(paymentBatches)
    .set(failedColumns(reason))
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

type Claimed = { id: number; amount: number; authority: string };

/** A batch, as the steps of gateway-flow.ts see it: every share changes state with it. */
function batchFlow(gateway: PaymentGateway, log: MoneyLog): GatewayFlow<Claimed> {
  return {
    noun: 'batch payment',
    ref: (id) => ({ batchId: id }),
    claim: (tx, id, options) => claimBatch(tx, gateway, id, options, log),
    settle: (tx, claimed, result, options) => settleVerifiedBatch(tx, gateway, claimed, result, options, log),
    async release(tx, id) {
      await tx.update(paymentBatches).set({ verifyingUntil: null }).where(eq(paymentBatches.id, id));
      await tx.update(payments).set({ verifyingUntil: null }).where(eq(payments.batchId, id));
    },
    async state(db, id) {
      const [b] = await db.select(stateColumns(paymentBatches)).from(paymentBatches).where(eq(paymentBatches.id, id));
      return b;
    },
    fail: failBatch,
  };
}

/** Locks the batch's invoices (id order), then the batch: what every batch transaction does first. */
async function lockBatch(tx: Tx, batchId: number) {
  const shares = await sharesOf(tx, batchId);
  const invs = await lockInvoices(
    tx,
    shares.map((s) => s.invoiceId),
  );
  const [batch] = await tx
    .select({ ...claimColumns(paymentBatches), gateway: paymentBatches.gateway })
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
  return settleInSteps(db, gateway, batchFlow(gateway, log), batchId, log, options);
}

/**
 * Step 1: the invoices then the batch locked; every invoice can still take its share, and no other
 * payment of them is being verified (else it waits for that one: gateway-flow.ts `claimInvoices`).
 */
async function claimBatch(
  tx: Tx,
  gateway: PaymentGateway,
  batchId: number,
  options: SettleOptions,
  log: MoneyLog,
): Promise<Claim<Claimed>> {
  const { batch: locked, shares, invs } = await lockBatch(tx, batchId);
  if (!locked || locked.gateway !== gateway.name) throw AppError.notFound(MSG.paymentNotFound);
  const pre = await precheckClaim(locked, options, () => failBatch(tx, batchId, FAILURE.gatewayRefused, options));
  if (pre.kind !== 'go') return pre;
  const batch = pre.row;
  for (const s of shares) {
    const inv = invs.get(s.invoiceId);
    if (!inv) continue;
    if (await cannotTake(tx, inv, s.amount)) {
      await failBatch(tx, batch.id, FAILURE.invoiceSettled, options, { invoiceId: inv.id });
      log.warn({ batchId: batch.id, invoiceId: inv.id }, 'batch payment not verified: an invoice already settled');
      return { kind: 'done', outcome: 'failed' };
    }
  }
  const waiting = await claimInvoices(
    tx,
    shares.map((s) => s.invoiceId),
    sql`${payments.batchId} is distinct from ${batch.id}`,
  );
  if (waiting) return waiting;
  const until = claimUntil(gateway);
  await tx.update(paymentBatches).set({ verifyingUntil: until }).where(eq(paymentBatches.id, batch.id));
  // The shares are claimed too, so the invoices' other money paths wait (assertNoVerifyInFlight).
  await tx.update(payments).set({ verifyingUntil: until }).where(eq(payments.batchId, batch.id));
  return { kind: 'claimed', claimed: { id: batch.id, amount: batch.amount, authority: batch.authority } };
}

/** Step 3: credit every share (one notice per child) or fail the batch, as the gateway answered. */
async function settleVerifiedBatch(
  tx: Tx,
  gateway: PaymentGateway,
  b: Claimed,
  result: VerifyResult,
  options: SettleOptions,
  log: MoneyLog,
): Promise<SettleOutcome> {
  const { batch, shares, invs } = await lockBatch(tx, b.id);
  if (batch?.status !== 'pending') return 'already';
  if (!result.ok) return settleUnverified(tx, batchFlow(gateway, log), b.id, result, options, {});
  await tx
    .update(paymentBatches)
    .set({ ...succeededColumns(result), referenceId: result.refId })
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
    const over = await cannotTake(tx, inv, s.amount);
    await tx.update(payments).set(succeededColumns(result)).where(eq(payments.id, s.id));
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
  return answerCallback(db, gateway, batchFlow(gateway, log), b, input.status, log, actor);
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
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  return reconcilePending(db, gateways, options, {
    pending: (olderThan) =>
      db
        .select({ id: paymentBatches.id, gateway: paymentBatches.gateway, submittedAt: paymentBatches.submittedAt })
        .from(paymentBatches)
        .where(and(eq(paymentBatches.status, 'pending'), lt(paymentBatches.submittedAt, olderThan))),
    fail: (tx, row, reason) => failBatch(tx, row.id, reason, RECONCILE),
    settle: (gateway, row, expired) => settleBatch(db, gateway, row.id, log, { failIfUnpaid: expired, ...RECONCILE }),
  });
}
