import { apiPath } from '@madreseh/contract/paths';
import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import type { paymentBatches, payments } from '../../db/schema/payments';
import { inTransaction } from '../../db/transaction';
import { type Actor, SYSTEM_ACTOR } from '../../lib/actor';
import { AppError } from '../../lib/errors';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway, type VerifyResult } from './gateways';
import { ledgerOfPayments, sumsOf, wouldOverpay } from './invoice-ledger';
import { paymentsOf, verifyInFlight } from './invoice-locks';
import type { InvoiceRow } from './payment-views';
import { FAILURE, MSG } from './payments.messages';

/**
 * The steps every online payment goes through, whether it pays one invoice (online-payments.ts)
 * or several at once (batch-payments.ts): request an authority after the start has committed,
 * claim → verify outside any transaction → settle, wait for another request's claim, answer the
 * payer's callback and re-verify what was left pending. What differs (which rows, what a credit
 * writes) comes in as a `GatewayFlow`.
 */

/** Where log lines about money go (the app's logger, or the console in the command). */
export interface MoneyLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export type SettleOutcome = 'credited' | 'already' | 'failed' | 'pending';

/** Who an audit row names and what did it. */
export interface Who {
  actor: Actor;
  source: string;
}

export interface SettleOptions extends Who {
  /** Mark failed when the gateway says "not paid" (a callback); reconciliation keeps young ones pending. */
  failIfUnpaid: boolean;
  /** What settled it, for the audit row. */
  source: 'callback' | 'reconcile';
}

export interface ReconcileReport {
  checked: number;
  credited: number;
  failed: number;
  stillPending: number;
}

export type Claim<C> =
  | { kind: 'done'; outcome: SettleOutcome }
  /** Another request is verifying this very payment: wait for its result. */
  | { kind: 'busy' }
  /** Another payment of one of its invoices is being verified: wait until `stillBusy` says no, then claim again. */
  | { kind: 'invoiceBusy'; stillBusy: (db: Db) => Promise<boolean> }
  | { kind: 'claimed'; claimed: C };

/** What one kind of online payment (a single payment, a batch) does at each step. */
export interface GatewayFlow<C extends { id: number; amount: number; authority: string }> {
  /** Its word in log lines ('payment', 'batch'). */
  readonly noun: string;
  /** The log fields naming one. */
  ref(id: number): Record<string, number>;
  /** Step 1, in a short transaction: check it can be verified and mark it claimed. */
  claim(tx: Tx, id: number, options: SettleOptions): Promise<Claim<C>>;
  /** Step 3, in a second short transaction: record what the gateway answered. */
  settle(tx: Tx, claimed: C, result: VerifyResult, options: SettleOptions): Promise<SettleOutcome>;
  /** Gives the claim up: it stays pending. */
  release(tx: Tx, id: number): Promise<void>;
  /** Its status, and whether a claim on it is still running. */
  state(db: Db, id: number): Promise<{ status: string; busy: boolean } | undefined>;
  /** Marks it failed, with its audit rows (in the caller's transaction). */
  fail(tx: Tx, id: number, reason: string, who: Who, details?: Record<string, unknown>): Promise<boolean>;
}

/** A card number as the gateway masked it, reduced to its last four digits. */
export function maskPan(pan: string | null): string | null {
  if (!pan) return null;
  const digits = pan.replace(/\D/g, '');
  return digits.length >= 4 ? `************${digits.slice(-4)}` : null;
}

/** How long a claim lasts: the gateway's own time limit and a margin for our two writes. */
export function claimMs(gateway: PaymentGateway): number {
  return gateway.timeoutMs + 5_000;
}

/** The `verifying_until` of a claim made now. */
export function claimUntil(gateway: PaymentGateway): SQL {
  return sql`now() + ${`${claimMs(gateway)} milliseconds`}::interval`;
}

/** Whether a claim (a `verifying_until` column) is still running. */
export function busySql(verifyingUntil: PgColumn): SQL<boolean> {
  return sql<boolean>`coalesce(${verifyingUntil} > now(), false)`;
}

/** Where the rows the gateway is asked about live: payments (one invoice) or payment batches. */
type GatewayRows = typeof payments | typeof paymentBatches;

type StateColumns<T extends GatewayRows> = { status: T['status']; busy: SQL<boolean> };

/** A row's status and whether a claim on it is still running (what `GatewayFlow.state` answers). */
export function stateColumns<T extends GatewayRows>(rows: T): StateColumns<T> {
  return { status: rows.status, busy: busySql(rows.verifyingUntil) };
}

/** What a claim reads from its locked row: what `precheckClaim` checks and what the gateway verifies. */
export function claimColumns<T extends GatewayRows>(rows: T): Pick<T, 'id' | 'amount' | 'authority'> & StateColumns<T> {
  return { id: rows.id, amount: rows.amount, authority: rows.authority, ...stateColumns(rows) };
}

/** The columns a pending payment (or batch) is marked failed with. */
export function failedColumns(reason: string) {
  return { status: 'failed' as const, failureReason: reason, decidedAt: new Date(), verifyingUntil: null };
}

/** The columns a verified payment (or batch) is credited with. */
export function succeededColumns(result: Extract<VerifyResult, { ok: true }>) {
  return {
    status: 'succeeded' as const,
    cardMasked: maskPan(result.cardPan),
    decidedAt: new Date(),
    verifyingUntil: null,
  };
}

/**
 * What an online payment takes from a locked invoice when it starts: the payable remainder read under
 * lock (less the receipts waiting), never a number the client sent. An invoice of none of `studentIds`
 * is not found (404); a cancelled or paid one, or one the receipts waiting cover, is refused (409).
 */
export async function payableOnline(tx: Tx, inv: InvoiceRow, studentIds: readonly number[]): Promise<number> {
  if (!studentIds.includes(inv.studentId)) throw AppError.notFound(MSG.invoiceNotFound);
  if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
  const { remaining, payable } = ledgerOfPayments(inv, await paymentsOf(tx, inv.id));
  if (remaining <= 0) throw AppError.conflict(MSG.nothingToPay);
  if (payable <= 0) throw AppError.conflict(MSG.waitingReceipts);
  return payable;
}

/** A locked invoice can no longer take `amount` from the gateway: cancelled, or paid enough meanwhile. */
export async function cannotTake(tx: Tx, inv: InvoiceRow, amount: number): Promise<boolean> {
  const { paid } = sumsOf(await paymentsOf(tx, inv.id));
  return Boolean(inv.cancelledAt) || wouldOverpay(inv, paid, amount);
}

/**
 * The claim of the invoices, under their locks: at most one payment of an invoice is out being
 * verified at a time. When another payment (or batch share) of one of them has a running claim, the
 * claimer waits for its outcome and claims again (`invoiceBusy`): by then that one is paid, and this
 * one, finding the invoice settled, is not verified. `except` names the claimer's own rows.
 */
export async function claimInvoices(
  tx: Tx,
  invoiceIds: readonly number[],
  except: SQL,
): Promise<Extract<Claim<never>, { kind: 'invoiceBusy' }> | null> {
  if (!(await verifyInFlight(tx, invoiceIds, except))) return null;
  return { kind: 'invoiceBusy', stillBusy: (db) => verifyInFlight(db, invoiceIds, except) };
}

/**
 * The checks a claim makes on its locked row before looking at the invoices: settled already,
 * never given an authority (failed on a callback, else left pending), or claimed by another
 * request. `go`: none of these, the claim goes on with the row.
 */
export async function precheckClaim<R extends { status: string; authority: string | null; busy: boolean }>(
  row: R | undefined,
  options: SettleOptions,
  failUnrequested: () => Promise<unknown>,
): Promise<Claim<never> | { kind: 'go'; row: R & { authority: string } }> {
  if (row?.status !== 'pending') return { kind: 'done', outcome: 'already' };
  if (!row.authority) {
    if (!options.failIfUnpaid) return { kind: 'done', outcome: 'pending' };
    await failUnrequested();
    return { kind: 'done', outcome: 'failed' };
  }
  if (row.busy) return { kind: 'busy' };
  return { kind: 'go', row: { ...row, authority: row.authority } };
}

/**
 * The gateway did not confirm: a reconciliation keeps it pending (unless the amounts disagreed),
 * otherwise it fails. Runs in the settle transaction.
 */
export async function settleUnverified<C extends { id: number; amount: number; authority: string }>(
  tx: Tx,
  flow: GatewayFlow<C>,
  id: number,
  result: Extract<VerifyResult, { ok: false }>,
  options: SettleOptions,
  details: Record<string, unknown>,
): Promise<SettleOutcome> {
  if (!options.failIfUnpaid && !result.amountMismatch) {
    await flow.release(tx, id);
    return 'pending';
  }
  await flow.fail(tx, id, result.amountMismatch ? FAILURE.amountMismatch : FAILURE.notVerified, options, {
    ...details,
    code: result.code,
  });
  return 'failed';
}

/**
 * Asks the gateway for an authority for what the start transaction recorded (committed by now: no
 * transaction waits on the network). On a refusal or no answer it is marked failed and the payer
 * gets a 502 with a Persian message; the authority is stored by `save`.
 */
export async function requestAuthority<C extends { id: number; amount: number; authority: string }>(
  db: Db,
  gateway: PaymentGateway,
  flow: GatewayFlow<C>,
  created: { id: number; amount: number; description: string; details?: Record<string, unknown> },
  input: { callbackBase: string; actor: Actor },
  save: (authority: string) => Promise<unknown>,
  log: MoneyLog,
): Promise<string> {
  const callbackUrl = `${input.callbackBase.replace(/\/$/, '')}${apiPath(paymentsContract.gatewayCallback.path, { gateway: gateway.name })}`;
  const ref = { ...flow.ref(created.id), gateway: gateway.name };
  try {
    const { authority } = await gateway.request({
      amount: created.amount,
      callbackUrl,
      description: created.description,
    });
    await save(authority);
    log.info(ref, `${flow.noun} requested`);
    return authority;
  } catch (err) {
    const down = err instanceof GatewayUnavailableError;
    if (!down && !(err instanceof GatewayRefusedError)) throw err;
    await inTransaction(db, (tx) =>
      flow.fail(
        tx,
        created.id,
        down ? FAILURE.gatewayDown : FAILURE.gatewayRefused,
        { actor: input.actor, source: 'request' },
        created.details,
      ),
    );
    log.warn(
      { ...ref, code: err instanceof GatewayRefusedError ? err.code : null },
      down ? `gateway unreachable on ${flow.noun} request` : `gateway refused ${flow.noun} request`,
    );
    throw new AppError(502, 'gateway_error', down ? MSG.gatewayDown : MSG.gatewayRefused);
  }
}

/**
 * Settles one online payment (or batch) and credits it at most once, in three steps so that no
 * database connection or lock waits on the gateway:
 * 1. claim (short transaction, invoices then the payment locked): still pending, the invoices can
 *    take it, nobody else verifying it nor another payment of its invoices (else it waits for that
 *    one and claims again) — mark it `verifying_until` now + the gateway's timeout;
 * 2. verify with the gateway outside any transaction, for the amount we stored;
 * 3. settle (second short transaction): credited or failed, with audit rows.
 * A concurrent callback for the same payment waits for the claimer's result instead of asking the
 * gateway again. When the gateway cannot be reached, or answers too late, the claim is released and
 * the payment stays pending for reconciliation.
 */
export async function settleInSteps<C extends { id: number; amount: number; authority: string }>(
  db: Db,
  gateway: PaymentGateway,
  flow: GatewayFlow<C>,
  id: number,
  log: MoneyLog,
  options: SettleOptions,
): Promise<SettleOutcome> {
  const deadline = Date.now() + claimMs(gateway);
  let claim = await inTransaction(db, (tx) => flow.claim(tx, id, options));
  while (claim.kind === 'invoiceBusy') {
    const { stillBusy } = claim;
    if (!(await waitWhile(() => stillBusy(db), deadline))) {
      log.info({ ...flow.ref(id), gateway: gateway.name }, `${flow.noun} left pending: its invoice is being verified`);
      return 'pending';
    }
    claim = await inTransaction(db, (tx) => flow.claim(tx, id, options));
  }
  if (claim.kind === 'done') return claim.outcome;
  if (claim.kind === 'busy') return waitForSettlement(db, flow, id, claimMs(gateway));
  const c = claim.claimed;
  let result: VerifyResult;
  try {
    result = await gateway.verify({ authority: c.authority, amount: c.amount });
  } catch (err) {
    await flow.release(db, c.id);
    if (err instanceof GatewayUnavailableError) {
      log.warn(
        { ...flow.ref(c.id), gateway: gateway.name },
        `gateway unreachable on ${flow.noun} verify; left pending`,
      );
      return 'pending';
    }
    throw err;
  }
  return inTransaction(db, (tx) => flow.settle(tx, c, result, options));
}

/** Polls `busy` (no lock held) until it answers false (true) or the deadline passes (false). */
async function waitWhile(busy: () => Promise<boolean>, deadline: number): Promise<boolean> {
  for (let pause = 20; ; pause = Math.min(pause * 2, 500)) {
    if (!(await busy())) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** Another request is verifying it: wait for its result (polling, no lock held). */
async function waitForSettlement<C extends { id: number; amount: number; authority: string }>(
  db: Db,
  flow: GatewayFlow<C>,
  id: number,
  maxMs: number,
): Promise<SettleOutcome> {
  const deadline = Date.now() + maxMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const s = await flow.state(db, id);
    if (s?.status !== 'pending') return 'already';
    if (!s.busy || Date.now() > deadline) return 'pending';
    await new Promise((r) => setTimeout(r, pause));
  }
}

/**
 * The payer came back from the gateway: settle (or, when they cancelled, mark failed) what
 * `find` names for the authority; answers its id (null: not ours).
 */
export async function answerCallback<C extends { id: number; amount: number; authority: string }>(
  db: Db,
  gateway: PaymentGateway,
  flow: GatewayFlow<C>,
  found: { id: number; details?: Record<string, unknown> } | undefined,
  status: string | undefined,
  log: MoneyLog,
  actor: Actor = SYSTEM_ACTOR,
): Promise<number | null> {
  if (!found) return null;
  if (status === 'OK') {
    await settleInSteps(db, gateway, flow, found.id, log, { failIfUnpaid: true, actor, source: 'callback' });
  } else {
    await inTransaction(db, (tx) =>
      flow.fail(tx, found.id, FAILURE.cancelledByPayer, { actor, source: 'callback' }, found.details),
    );
  }
  return found.id;
}

export interface ReconcileOptions {
  minAgeMs?: number;
  expireAgeMs?: number;
  now?: Date;
  signal?: AbortSignal;
}

export const RECONCILE = { actor: SYSTEM_ACTOR, source: 'reconcile' } as const;

/**
 * Re-verifies what was left pending. `pending(olderThan)` lists those older than `minAgeMs` (younger
 * ones are left to their callback). On the test gateway (which confirms only what the payer chose
 * on its page) an abandoned one fails, as does an expired one of a gateway no longer configured;
 * on a real gateway `settle` verifies it, failing it if `expired` and the gateway does not confirm.
 */
export async function reconcilePending<R extends { id: number; gateway: string | null; submittedAt: Date }>(
  db: Db,
  gateways: Map<string, PaymentGateway>,
  options: ReconcileOptions,
  steps: {
    pending: (olderThan: Date) => Promise<R[]>;
    fail: (tx: Tx, row: R, reason: string) => Promise<unknown>;
    settle: (gateway: PaymentGateway, row: R, expired: boolean) => Promise<SettleOutcome>;
  },
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? 5 * 60_000;
  const expireAgeMs = options.expireAgeMs ?? 60 * 60_000;
  const rows = await steps.pending(new Date(now.getTime() - minAgeMs));
  const report: ReconcileReport = { checked: 0, credited: 0, failed: 0, stillPending: 0 };
  for (const row of rows) {
    if (options.signal?.aborted) break; // the server is shutting down: the rest waits for the next run
    const gateway = row.gateway ? gateways.get(row.gateway) : undefined;
    const expired = now.getTime() - row.submittedAt.getTime() > expireAgeMs;
    report.checked += 1;
    if (!gateway || gateway.name === 'sandbox') {
      if (expired || gateway) {
        const reason = gateway ? FAILURE.abandoned : FAILURE.expired;
        await inTransaction(db, (tx) => steps.fail(tx, row, reason));
        report.failed += 1;
      } else report.stillPending += 1;
      continue;
    }
    const outcome = await steps.settle(gateway, row, expired);
    if (outcome === 'credited') report.credited += 1;
    else if (outcome === 'failed') report.failed += 1;
    else if (outcome === 'pending') report.stillPending += 1;
  }
  return report;
}
