import { ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { payments } from '../../db/schema/payments';
import { inTransaction } from '../../db/transaction';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import {
  type CheckoutRef,
  claimMs,
  creditCheckout,
  failCheckout,
  headOf,
  lockCheckout,
  refLog,
  setClaim,
  type Who,
} from './checkout-rows';
import { GatewayUnavailableError, type PaymentGateway, type VerifyResult } from './gateways';
import { sumsOf, wouldOverpay } from './invoice-ledger';
import { paymentsOf, verifyInFlight } from './invoice-locks';
import type { InvoiceRow } from './payment-views';
import { FAILURE, MSG } from './payments.messages';

/**
 * Settles a checkout and credits it at most once, in three steps so that no database connection or
 * lock waits on the gateway:
 * 1. claim (short transaction, its invoices then its head locked): still pending, given an
 *    authority, nobody else verifying it, every invoice can still take its share, and no other
 *    payment of its invoices is being verified — then mark it `verifying_until` now + the gateway's
 *    time limit. At most one payment of an invoice is out at the gateway at a time: a checkout whose
 *    invoice another is verifying waits for that one and claims again, and then finds the invoice
 *    settled: it is failed without a verify, so the gateway returns the money (decision 0033);
 * 2. verify with the gateway outside any transaction, for the amount we stored;
 * 3. settle (second short transaction): credited or failed, with audit rows and the payer's notice.
 * A concurrent callback for the same checkout waits for the claimer's result instead of asking the
 * gateway again. When the gateway cannot be reached, or answers too late, the claim is given up and
 * the checkout stays pending for reconciliation.
 */

/** Where log lines about money go (the app's logger, or the console in the command). */
export interface MoneyLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export type SettleOutcome = 'credited' | 'already' | 'failed' | 'pending';

export interface SettleOptions extends Who {
  /** Mark failed when the gateway says "not paid" (a callback); reconciliation keeps young ones pending. */
  failIfUnpaid: boolean;
  /** What settled it, for the audit row. */
  source: 'callback' | 'reconcile';
}

type Claimed = { ref: CheckoutRef; amount: number; authority: string };

type Claim =
  | { kind: 'done'; outcome: SettleOutcome }
  /** Another request is verifying this very checkout: wait for its result. */
  | { kind: 'busy' }
  /** Another payment of one of its invoices is being verified: wait until `stillBusy` says no, then claim again. */
  | { kind: 'invoiceBusy'; stillBusy: (db: Db) => Promise<boolean> }
  | { kind: 'claimed'; claimed: Claimed };

/** A locked invoice can no longer take `amount` from the gateway: cancelled, or paid enough meanwhile. */
export async function cannotTake(tx: Tx, inv: InvoiceRow, amount: number): Promise<boolean> {
  const { paid } = sumsOf(await paymentsOf(tx, inv.id));
  return Boolean(inv.cancelledAt) || wouldOverpay(inv, paid, amount);
}

/** The `verifying_until` of a claim made now. */
function claimUntil(gateway: PaymentGateway): SQL {
  return sql`now() + ${`${claimMs(gateway)} milliseconds`}::interval`;
}

export async function settleCheckout(
  db: Db,
  gateway: PaymentGateway,
  ref: CheckoutRef,
  log: MoneyLog,
  options: SettleOptions,
): Promise<SettleOutcome> {
  const deadline = Date.now() + claimMs(gateway);
  let claim = await inTransaction(db, (tx) => claimCheckout(tx, gateway, ref, options, log));
  while (claim.kind === 'invoiceBusy') {
    const { stillBusy } = claim;
    if (!(await waitWhile(() => stillBusy(db), deadline))) {
      log.info({ ...refLog(ref), gateway: gateway.name }, 'online payment left pending: its invoice is being verified');
      return 'pending';
    }
    claim = await inTransaction(db, (tx) => claimCheckout(tx, gateway, ref, options, log));
  }
  if (claim.kind === 'done') return claim.outcome;
  if (claim.kind === 'busy') return waitForSettlement(db, ref, claimMs(gateway));
  const c = claim.claimed;
  let result: VerifyResult;
  try {
    result = await gateway.verify({ authority: c.authority, amount: c.amount });
  } catch (err) {
    await inTransaction(db, (tx) => setClaim(tx, ref, null));
    if (err instanceof GatewayUnavailableError) {
      log.warn({ ...refLog(ref), gateway: gateway.name }, 'gateway unreachable on verify; left pending');
      return 'pending';
    }
    throw err;
  }
  return inTransaction(db, (tx) => settleVerified(tx, gateway, c, result, options, log));
}

/** Step 1: its invoices then its head locked; see settleCheckout. */
async function claimCheckout(
  tx: Tx,
  gateway: PaymentGateway,
  ref: CheckoutRef,
  options: SettleOptions,
  log: MoneyLog,
): Promise<Claim> {
  const { head, shares, invs } = await lockCheckout(tx, ref);
  if (!head || head.gateway !== gateway.name) throw AppError.notFound(MSG.paymentNotFound);
  if (head.status !== 'pending') return { kind: 'done', outcome: 'already' };
  if (!head.authority) {
    // Never given an authority: failed on a callback, else left pending.
    if (!options.failIfUnpaid) return { kind: 'done', outcome: 'pending' };
    await failCheckout(tx, ref, FAILURE.gatewayRefused, options);
    return { kind: 'done', outcome: 'failed' };
  }
  if (head.busy) return { kind: 'busy' };
  for (const s of shares) {
    const inv = invs.get(s.invoiceId);
    if (inv && (await cannotTake(tx, inv, s.amount))) {
      // Not verified, so the gateway returns the money to the payer.
      await failCheckout(tx, ref, FAILURE.invoiceSettled, options, { invoiceId: inv.id });
      log.warn({ ...refLog(ref), invoiceId: inv.id }, 'online payment not verified: an invoice already settled');
      return { kind: 'done', outcome: 'failed' };
    }
  }
  const invoiceIds = [...invs.keys()];
  const except = ref.kind === 'batch' ? sql`${payments.batchId} is distinct from ${ref.id}` : ne(payments.id, ref.id);
  if (await verifyInFlight(tx, invoiceIds, except)) {
    return { kind: 'invoiceBusy', stillBusy: (db) => verifyInFlight(db, invoiceIds, except) };
  }
  await setClaim(tx, ref, claimUntil(gateway));
  return { kind: 'claimed', claimed: { ref, amount: head.amount, authority: head.authority } };
}

/** Step 3: credit (audit rows, one notice per child) or fail what the gateway answered. */
async function settleVerified(
  tx: Tx,
  gateway: PaymentGateway,
  c: Claimed,
  result: VerifyResult,
  options: SettleOptions,
  log: MoneyLog,
): Promise<SettleOutcome> {
  const { head, shares, invs } = await lockCheckout(tx, c.ref);
  if (head?.status !== 'pending') return 'already';
  if (!result.ok) {
    if (result.amountMismatch) {
      log.warn({ ...refLog(c.ref), amount: c.amount, code: result.code }, 'gateway verify: amount mismatch');
    } else if (!options.failIfUnpaid) {
      // Not confirmed yet: a reconciliation keeps it pending.
      await setClaim(tx, c.ref, null);
      return 'pending';
    }
    const reason = result.amountMismatch ? FAILURE.amountMismatch : FAILURE.notVerified;
    await failCheckout(tx, c.ref, reason, options, { code: result.code });
    return 'failed';
  }
  // The gateway has taken the money: it is recorded as it came (creditCheckout flags a share above its invoice).
  const credited = await creditCheckout(tx, c.ref, { head, shares, invs }, result, {
    ...options,
    gateway: gateway.name,
    overpays: (inv, amount) => cannotTake(tx, inv, amount),
  });
  const perChild = new Map<number, { paymentId: number; titles: string[]; amount: number }>();
  for (const { share, inv, over } of credited) {
    if (over) log.warn({ paymentId: share.id, invoiceId: inv.id }, 'online payment credited above the invoice');
    const child = perChild.get(inv.studentId) ?? { paymentId: share.id, titles: [], amount: 0 };
    child.titles.push(inv.title);
    child.amount += share.amount;
    perChild.set(inv.studentId, child);
  }
  for (const [studentId, child] of perChild) {
    await enqueue(tx, {
      kind: 'payment_confirmed',
      paymentId: child.paymentId,
      studentId,
      title: child.titles.join('، '),
      amount: child.amount,
    });
  }
  log.info(
    { ...refLog(c.ref), amount: c.amount, shares: credited.length, alreadyVerified: result.alreadyVerified },
    'online payment credited',
  );
  return 'credited';
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
async function waitForSettlement(db: Db, ref: CheckoutRef, maxMs: number): Promise<SettleOutcome> {
  const deadline = Date.now() + maxMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const s = await headOf(db, ref);
    if (s?.status !== 'pending') return 'already';
    if (!s.busy || Date.now() > deadline) return 'pending';
    await new Promise((r) => setTimeout(r, pause));
  }
}
