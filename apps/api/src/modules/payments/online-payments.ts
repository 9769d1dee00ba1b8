import { apiPath } from '@madreseh/contract/paths';
import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoices, payments } from '../../db/schema/payments';
import { inTransaction } from '../../db/transaction';
import { type Actor, SYSTEM_ACTOR } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway, type VerifyResult } from './gateways';
import { ledgerOfPayments, sumsOf, wouldOverpay } from './invoice-ledger';
import { lockInvoice, paymentsOf } from './invoices.service';
import { FAILURE, MSG } from './payments.messages';

/** Where log lines about money go (the app's logger, or the console in the command). */
export interface MoneyLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A card number as the gateway masked it, reduced to its last four digits. */
export function maskPan(pan: string | null): string | null {
  if (!pan) return null;
  const digits = pan.replace(/\D/g, '');
  return digits.length >= 4 ? `************${digits.slice(-4)}` : null;
}

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
    if (inv.studentId !== input.studentId) throw AppError.notFound(MSG.invoiceNotFound);
    if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
    const { remaining, payable: amount } = ledgerOfPayments(inv, await paymentsOf(tx, inv.id));
    if (remaining <= 0) throw AppError.conflict(MSG.nothingToPay);
    if (amount <= 0) throw AppError.conflict(MSG.waitingReceipts);
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

  const callbackUrl = `${input.callbackBase.replace(/\/$/, '')}${apiPath(paymentsContract.gatewayCallback.path, { gateway: gateway.name })}`;
  try {
    const { authority } = await gateway.request({
      amount: created.amount,
      callbackUrl,
      description: `${created.title} (#${created.id})`,
    });
    await db.update(payments).set({ authority }).where(eq(payments.id, created.id));
    log.info({ paymentId: created.id, gateway: gateway.name }, 'payment requested');
    return { paymentId: created.id, redirectUrl: gateway.redirectUrl(authority) };
  } catch (err) {
    const down = err instanceof GatewayUnavailableError;
    if (!down && !(err instanceof GatewayRefusedError)) throw err;
    await inTransaction(db, (tx) =>
      failPayment(
        tx,
        created.id,
        down ? FAILURE.gatewayDown : FAILURE.gatewayRefused,
        { actor, source: 'request' },
        { invoiceId: created.invoiceId, amount: created.amount },
      ),
    );
    log.warn(
      { paymentId: created.id, gateway: gateway.name, code: err instanceof GatewayRefusedError ? err.code : null },
      down ? 'gateway unreachable on request' : 'gateway refused request',
    );
    throw new AppError(502, 'gateway_error', down ? MSG.gatewayDown : MSG.gatewayRefused);
  }
}

export type SettleOutcome = 'credited' | 'already' | 'failed' | 'pending';

export interface SettleOptions {
  /** Mark failed when the gateway says "not paid" (a callback); reconciliation keeps young ones pending. */
  failIfUnpaid: boolean;
  /** Who the audit rows name: the payer's callback request, or the server itself. */
  actor: Actor;
  /** What settled it, for the audit row. */
  source: 'callback' | 'reconcile';
}

type Claim =
  | { kind: 'done'; outcome: SettleOutcome }
  | { kind: 'busy' }
  | { kind: 'claimed'; payment: { id: number; invoiceId: number; amount: number; authority: string } };

/**
 * Settles one gateway payment and credits it at most once, in three steps so that no database
 * connection or lock waits on the gateway:
 * 1. claim (short transaction, invoice then payment locked): still pending, the invoice can take
 *    it, nobody else verifying it — mark it `verifying_until` now + the gateway's timeout;
 * 2. verify with the gateway outside any transaction, for the amount we stored;
 * 3. settle (second short transaction): credited or failed, with an audit row.
 * A concurrent callback for the same payment waits for the claimer's result instead of asking the
 * gateway again. When the gateway cannot be reached, or answers too late, the claim is released and
 * the payment stays pending for reconciliation.
 */
export async function settlePayment(
  db: Db,
  gateway: PaymentGateway,
  paymentId: number,
  log: MoneyLog,
  options: SettleOptions,
): Promise<SettleOutcome> {
  const claim = await claimForVerify(db, gateway, paymentId, options, log);
  if (claim.kind === 'done') return claim.outcome;
  if (claim.kind === 'busy') return waitForSettlement(db, paymentId, claimMs(gateway));
  const p = claim.payment;
  let result: VerifyResult;
  try {
    result = await gateway.verify({ authority: p.authority, amount: p.amount });
  } catch (err) {
    await db.update(payments).set({ verifyingUntil: null }).where(eq(payments.id, p.id));
    if (err instanceof GatewayUnavailableError) {
      log.warn({ paymentId: p.id, gateway: gateway.name }, 'gateway unreachable on verify; left pending');
      return 'pending';
    }
    throw err;
  }
  return settleVerified(db, gateway, p, result, options, log);
}

/** How long a claim lasts: the gateway's own time limit and a margin for our two writes. */
export function claimMs(gateway: PaymentGateway): number {
  return gateway.timeoutMs + 5_000;
}

async function claimForVerify(
  db: Db,
  gateway: PaymentGateway,
  paymentId: number,
  options: SettleOptions,
  log: MoneyLog,
): Promise<Claim> {
  return inTransaction(db, async (tx): Promise<Claim> => {
    const [found] = await tx
      .select({ invoiceId: payments.invoiceId, method: payments.method, gateway: payments.gateway })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (found?.method !== 'gateway' || found.gateway !== gateway.name) throw AppError.notFound(MSG.paymentNotFound);
    const inv = await lockInvoice(tx, found.invoiceId);
    const [p] = await tx
      .select({
        id: payments.id,
        amount: payments.amount,
        status: payments.status,
        authority: payments.authority,
        busy: sql<boolean>`coalesce(${payments.verifyingUntil} > now(), false)`,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (p?.status !== 'pending') return { kind: 'done', outcome: 'already' };
    if (!p.authority) {
      if (!options.failIfUnpaid) return { kind: 'done', outcome: 'pending' };
      await failPayment(tx, p.id, FAILURE.gatewayRefused, options, { invoiceId: inv.id, amount: p.amount });
      return { kind: 'done', outcome: 'failed' };
    }
    if (p.busy) return { kind: 'busy' };
    const { paid } = sumsOf(await paymentsOf(tx, inv.id));
    if (inv.cancelledAt || wouldOverpay(inv, paid, p.amount)) {
      // Not verified, so the gateway returns the money to the payer.
      await failPayment(tx, p.id, FAILURE.invoiceSettled, options, { invoiceId: inv.id, amount: p.amount });
      log.warn({ paymentId: p.id, invoiceId: inv.id }, 'gateway payment not verified: invoice already settled');
      return { kind: 'done', outcome: 'failed' };
    }
    await tx
      .update(payments)
      .set({ verifyingUntil: sql`now() + ${`${claimMs(gateway)} milliseconds`}::interval` })
      .where(eq(payments.id, p.id));
    return { kind: 'claimed', payment: { id: p.id, invoiceId: inv.id, amount: p.amount, authority: p.authority } };
  });
}

async function settleVerified(
  db: Db,
  gateway: PaymentGateway,
  claimed: { id: number; invoiceId: number; amount: number },
  result: VerifyResult,
  options: SettleOptions,
  log: MoneyLog,
): Promise<SettleOutcome> {
  return inTransaction(db, async (tx): Promise<SettleOutcome> => {
    const inv = await lockInvoice(tx, claimed.invoiceId);
    const [p] = await tx
      .select({ status: payments.status })
      .from(payments)
      .where(eq(payments.id, claimed.id))
      .for('update');
    if (p?.status !== 'pending') return 'already';
    if (result.ok) {
      const { paid } = sumsOf(await paymentsOf(tx, inv.id));
      // The gateway has taken the money: it is recorded as it is, even in the rare case that the
      // invoice was settled meanwhile (a claim that outlived its time), and flagged for a refund.
      const over = Boolean(inv.cancelledAt) || wouldOverpay(inv, paid, claimed.amount);
      await tx
        .update(payments)
        .set({
          status: 'succeeded',
          referenceId: result.refId,
          cardMasked: maskPan(result.cardPan),
          decidedAt: new Date(),
          verifyingUntil: null,
        })
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
    if (result.amountMismatch) {
      log.warn({ paymentId: claimed.id, amount: claimed.amount, code: result.code }, 'gateway verify: amount mismatch');
    }
    if (!options.failIfUnpaid && !result.amountMismatch) {
      await tx.update(payments).set({ verifyingUntil: null }).where(eq(payments.id, claimed.id));
      return 'pending';
    }
    await failPayment(tx, claimed.id, result.amountMismatch ? FAILURE.amountMismatch : FAILURE.notVerified, options, {
      invoiceId: inv.id,
      amount: claimed.amount,
      code: result.code,
    });
    return 'failed';
  });
}

/** Marks a pending gateway payment failed, with its audit row (in the caller's transaction). */
export async function failPayment(
  tx: Tx,
  paymentId: number,
  reason: string,
  who: { actor: Actor; source: string },
  details: Record<string, unknown>,
): Promise<boolean> {
  const done = await tx
    .update(payments)
    .set({ status: 'failed', failureReason: reason, decidedAt: new Date(), verifyingUntil: null })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  if (!done.length) return false;
  await audit(tx, who.actor, 'gateway_fail', 'payment', paymentId, { ...details, reason, source: who.source });
  return true;
}

/** Another request is verifying this payment: wait for its result (polling, no lock held). */
async function waitForSettlement(db: Db, paymentId: number, maxMs: number): Promise<SettleOutcome> {
  const deadline = Date.now() + maxMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const [p] = await db
      .select({ status: payments.status, busy: sql<boolean>`coalesce(${payments.verifyingUntil} > now(), false)` })
      .from(payments)
      .where(eq(payments.id, paymentId));
    if (p?.status !== 'pending') return 'already';
    if (!p.busy || Date.now() > deadline) return 'pending';
    await new Promise((r) => setTimeout(r, pause));
  }
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
  if (!p) return null;
  if (input.status === 'OK') {
    await settlePayment(db, gateway, p.id, log, { failIfUnpaid: true, actor, source: 'callback' });
  } else {
    await inTransaction(db, (tx) =>
      failPayment(
        tx,
        p.id,
        FAILURE.cancelledByPayer,
        { actor, source: 'callback' },
        {
          invoiceId: p.invoiceId,
          amount: p.amount,
        },
      ),
    );
  }
  return p.id;
}

const RECONCILE = { actor: SYSTEM_ACTOR, source: 'reconcile' } as const;

export interface ReconcileReport {
  checked: number;
  credited: number;
  failed: number;
  stillPending: number;
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
  options: { minAgeMs?: number; expireAgeMs?: number; now?: Date; signal?: AbortSignal } = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? 5 * 60_000;
  const expireAgeMs = options.expireAgeMs ?? 60 * 60_000;
  const rows = await db
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
        lt(payments.submittedAt, new Date(now.getTime() - minAgeMs)),
      ),
    );
  const report: ReconcileReport = { checked: 0, credited: 0, failed: 0, stillPending: 0 };
  const unverifiedBy = new Map<string, Set<string>>();
  for (const row of rows) {
    if (options.signal?.aborted) break; // the server is shutting down: the rest waits for the next run
    const gateway = row.gateway ? gateways.get(row.gateway) : undefined;
    const expired = now.getTime() - row.submittedAt.getTime() > expireAgeMs;
    report.checked += 1;
    if (!gateway || gateway.name === 'sandbox') {
      // The test gateway confirms only what the payer chose on its page; a tab closed there paid nothing.
      if (expired || gateway) {
        const reason = gateway ? FAILURE.abandoned : FAILURE.expired;
        await inTransaction(db, (tx) =>
          failPayment(tx, row.id, reason, RECONCILE, { invoiceId: row.invoiceId, amount: row.amount }),
        );
        report.failed += 1;
      } else report.stillPending += 1;
      continue;
    }
    if (gateway.unverified && !unverifiedBy.has(gateway.name)) {
      try {
        unverifiedBy.set(gateway.name, new Set(await gateway.unverified()));
      } catch {
        unverifiedBy.set(gateway.name, new Set());
      }
    }
    const listed = row.authority ? (unverifiedBy.get(gateway.name)?.has(row.authority) ?? false) : false;
    const outcome = await settlePayment(db, gateway, row.id, log, { failIfUnpaid: expired && !listed, ...RECONCILE });
    if (outcome === 'credited') report.credited += 1;
    else if (outcome === 'failed') report.failed += 1;
    else if (outcome === 'pending') report.stillPending += 1;
  }
  return report;
}
