import { and, eq, isNull, lt, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoices, payments } from '../../db/schema/payments';
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
import { FAILURE, MSG } from './payments.messages';

/**
 * Starts an online payment: the amount is the invoice's remaining sum read from the database under
 * lock (less any receipts waiting for approval), never a number the client sent.
 */
export async function startOnlinePayment(
  db: Db,
  gateway: PaymentGateway,
  input: { studentId: number; userId: number; invoiceId: number; callbackBase: string },
  log: MoneyLog,
  actor: Actor,
): Promise<{ paymentId: number; redirectUrl: string }> {
  const created = await inTransaction(db, async (tx) => {
    const inv = await lockInvoice(tx, input.invoiceId);
    const amount = await payableOnline(tx, inv, [input.studentId]);
    const [row] = await tx
      .insert(payments)
      .values({
        invoiceId: inv.id,
        method: 'gateway',
        amount,
        status: 'pending',
        gateway: gateway.name,
        submittedBy: input.userId,
      })
      .returning({ id: payments.id, amount: payments.amount });
    if (!row) throw new Error('insert returned nothing');
    await audit(tx, actor, 'gateway_start', 'payment', row.id, { invoiceId: inv.id, amount, gateway: gateway.name });
    return { id: row.id, amount: row.amount, title: inv.title, invoiceId: inv.id };
  });

  const authority = await requestAuthority(
    db,
    gateway,
    paymentFlow(gateway, log),
    {
      id: created.id,
      amount: created.amount,
      description: `${created.title} (#${created.id})`,
      details: { invoiceId: created.invoiceId, amount: created.amount },
    },
    { callbackBase: input.callbackBase, actor },
    (authority) => db.update(payments).set({ authority }).where(eq(payments.id, created.id)),
    log,
  );
  return { paymentId: created.id, redirectUrl: gateway.redirectUrl(authority) };
}

type Claimed = { id: number; invoiceId: number; amount: number; authority: string };

/** A payment for one invoice, as the steps of gateway-flow.ts see it. */
function paymentFlow(gateway: PaymentGateway, log: MoneyLog): GatewayFlow<Claimed> {
  return {
    noun: 'payment',
    ref: (id) => ({ paymentId: id }),
    claim: (tx, id, options) => claimPayment(tx, gateway, id, options, log),
    settle: (tx, claimed, result, options) => settleVerified(tx, gateway, claimed, result, options, log),
    async release(tx, id) {
      await tx.update(payments).set({ verifyingUntil: null }).where(eq(payments.id, id));
    },
    async state(db, id) {
      const [p] = await db.select(stateColumns(payments)).from(payments).where(eq(payments.id, id));
      return p;
    },
    fail: (tx, id, reason, who, details = {}) => failPayment(tx, id, reason, who, details),
  };
}

/** Settles one gateway payment and credits it at most once (the steps: gateway-flow.ts). */
export async function settlePayment(
  db: Db,
  gateway: PaymentGateway,
  paymentId: number,
  log: MoneyLog,
  options: SettleOptions,
): Promise<SettleOutcome> {
  return settleInSteps(db, gateway, paymentFlow(gateway, log), paymentId, log, options);
}

/**
 * Step 1: invoice then payment locked; still pending, the invoice can take it, nobody verifying it
 * nor another payment of the invoice (then it waits for that one: gateway-flow.ts `claimInvoices`).
 */
async function claimPayment(
  tx: Tx,
  gateway: PaymentGateway,
  paymentId: number,
  options: SettleOptions,
  log: MoneyLog,
): Promise<Claim<Claimed>> {
  const [found] = await tx
    .select({ invoiceId: payments.invoiceId, method: payments.method, gateway: payments.gateway })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (found?.method !== 'gateway' || found.gateway !== gateway.name) throw AppError.notFound(MSG.paymentNotFound);
  const inv = await lockInvoice(tx, found.invoiceId);
  const [locked] = await tx
    .select(claimColumns(payments))
    .from(payments)
    .where(eq(payments.id, paymentId))
    .for('update');
  const pre = await precheckClaim(locked, options, () =>
    failPayment(tx, paymentId, FAILURE.gatewayRefused, options, { invoiceId: inv.id, amount: locked?.amount }),
  );
  if (pre.kind !== 'go') return pre;
  const p = pre.row;
  if (await cannotTake(tx, inv, p.amount)) {
    // Not verified, so the gateway returns the money to the payer.
    await failPayment(tx, p.id, FAILURE.invoiceSettled, options, { invoiceId: inv.id, amount: p.amount });
    log.warn({ paymentId: p.id, invoiceId: inv.id }, 'gateway payment not verified: invoice already settled');
    return { kind: 'done', outcome: 'failed' };
  }
  const waiting = await claimInvoices(tx, [inv.id], ne(payments.id, p.id));
  if (waiting) return waiting;
  await tx
    .update(payments)
    .set({ verifyingUntil: claimUntil(gateway) })
    .where(eq(payments.id, p.id));
  return { kind: 'claimed', claimed: { id: p.id, invoiceId: inv.id, amount: p.amount, authority: p.authority } };
}

/** Step 3: credit (with its audit row and the payer's notice) or fail what the gateway answered. */
async function settleVerified(
  tx: Tx,
  gateway: PaymentGateway,
  claimed: Claimed,
  result: VerifyResult,
  options: SettleOptions,
  log: MoneyLog,
): Promise<SettleOutcome> {
  const inv = await lockInvoice(tx, claimed.invoiceId);
  const [p] = await tx
    .select({ status: payments.status })
    .from(payments)
    .where(eq(payments.id, claimed.id))
    .for('update');
  if (p?.status !== 'pending') return 'already';
  if (!result.ok) {
    if (result.amountMismatch) {
      log.warn({ paymentId: claimed.id, amount: claimed.amount, code: result.code }, 'gateway verify: amount mismatch');
    }
    return settleUnverified(tx, paymentFlow(gateway, log), claimed.id, result, options, {
      invoiceId: inv.id,
      amount: claimed.amount,
    });
  }
  // The gateway has taken the money: it is recorded as it is, even in the rare case that the
  // invoice was settled meanwhile (a claim that outlived its time), and flagged for a refund.
  const over = await cannotTake(tx, inv, claimed.amount);
  await tx
    .update(payments)
    .set({ ...succeededColumns(result), referenceId: result.refId })
    .where(eq(payments.id, claimed.id));
  await audit(tx, options.actor, 'gateway_credit', 'payment', claimed.id, {
    invoiceId: inv.id,
    amount: claimed.amount,
    gateway: gateway.name,
    referenceId: result.refId,
    source: options.source,
    ...(result.alreadyVerified ? { alreadyVerified: true } : {}),
    ...(over ? { overpaid: true } : {}),
  });
  await enqueue(tx, {
    kind: 'payment_confirmed',
    paymentId: claimed.id,
    studentId: inv.studentId,
    title: inv.title,
    amount: claimed.amount,
  });
  if (over) log.warn({ paymentId: claimed.id, invoiceId: inv.id }, 'gateway payment credited above the invoice');
  log.info(
    { paymentId: claimed.id, invoiceId: inv.id, amount: claimed.amount, alreadyVerified: result.alreadyVerified },
    'gateway payment credited',
  );
  return 'credited';
}

/** Marks a pending gateway payment failed, with its audit row (in the caller's transaction). */
export async function failPayment(
  tx: Tx,
  paymentId: number,
  reason: string,
  who: Who,
  details: Record<string, unknown>,
): Promise<boolean> {
  const done = await tx
    .update(payments)
    .set(failedColumns(reason))
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!done.length) return false;
  await audit(tx, who.actor, 'gateway_fail', 'payment', paymentId, { ...details, reason, source: who.source });
  return true;
}

/** The payer came back from the gateway: settle (or mark failed) and answer the payment id. */
export async function handleCallback(
  db: Db,
  gateway: PaymentGateway,
  input: { authority: string | undefined; status: string | undefined },
  log: MoneyLog,
  actor: Actor = SYSTEM_ACTOR,
): Promise<number | null> {
  if (!input.authority) return null;
  const [p] = await db
    .select({ id: payments.id, invoiceId: payments.invoiceId, amount: payments.amount })
    .from(payments)
    .where(and(eq(payments.gateway, gateway.name), eq(payments.authority, input.authority)));
  const found = p && { id: p.id, details: { invoiceId: p.invoiceId, amount: p.amount } };
  return answerCallback(db, gateway, paymentFlow(gateway, log), found, input.status, log, actor);
}

/**
 * Re-verifies gateway payments left pending (a payer who closed the tab, a server that stopped
 * between the gateway's success and our write). Payments younger than `minAgeMs` are left to their
 * callback; those older than `expireAgeMs` that the gateway does not confirm are marked failed.
 */
export async function reconcilePayments(
  db: Db,
  gateways: Map<string, PaymentGateway>,
  log: MoneyLog,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const unverifiedBy = new Map<string, Set<string>>();
  return reconcilePending(db, gateways, options, {
    pending: (olderThan) =>
      db
        .select({
          id: payments.id,
          invoiceId: payments.invoiceId,
          amount: payments.amount,
          gateway: payments.gateway,
          authority: payments.authority,
          submittedAt: payments.submittedAt,
        })
        .from(payments)
        .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
        .where(
          and(
            eq(payments.method, 'gateway'),
            eq(payments.status, 'pending'),
            isNull(payments.batchId), // a share of a batch is settled with its batch (batch-payments.ts)
            lt(payments.submittedAt, olderThan),
          ),
        ),
    fail: (tx, row, reason) =>
      failPayment(tx, row.id, reason, RECONCILE, { invoiceId: row.invoiceId, amount: row.amount }),
    async settle(gateway, row, expired) {
      if (gateway.unverified && !unverifiedBy.has(gateway.name)) {
        try {
          unverifiedBy.set(gateway.name, new Set(await gateway.unverified()));
        } catch {
          unverifiedBy.set(gateway.name, new Set());
        }
      }
      const listed = row.authority ? (unverifiedBy.get(gateway.name)?.has(row.authority) ?? false) : false;
      return settlePayment(db, gateway, row.id, log, { failIfUnpaid: expired && !listed, ...RECONCILE });
    },
  });
}
