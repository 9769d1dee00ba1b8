import { apiPath, PAGES, pathWith } from '@madreseh/contract/paths';
import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { digitsToPersian } from '@madreseh/contract/text';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { invoices, paymentBatches, payments } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import { inTransaction } from '../../db/transaction';
import { type Actor, SYSTEM_ACTOR } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { type CheckoutRef, failCheckout, lockInvoices, refLog, setHead } from './checkout-rows';
import { type MoneyLog, type SettleOutcome, settleCheckout } from './checkout-settle';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway } from './gateways';
import { ledgerOfPayments } from './invoice-ledger';
import { paymentsOf } from './invoice-locks';
import type { InvoiceRow } from './payment-views';
import { FAILURE, MSG } from './payments.messages';

/**
 * Every online payment is a checkout of one or more invoices (a student's direct pay: a checkout of
 * one; a parent's pay-all: of several). This module starts it, answers the payer's return from the
 * gateway, shows it and reconciles what was left pending; checkout-settle.ts claims, verifies and
 * settles it, checkout-rows.ts reads and writes its rows. Routes only call here.
 */

/** Which gateway a payer chose (the first configured when none): 409 when none is configured. */
export function chooseGateway(gateways: Map<string, PaymentGateway>, name: string | undefined): PaymentGateway {
  const gateway = name ? gateways.get(name) : gateways.values().next().value;
  if (!gateway) throw AppError.conflict(MSG.noGateway);
  return gateway;
}

/**
 * What an online payment takes from a locked invoice when it starts: the payable remainder read under
 * lock (less the receipts waiting), never a number the client sent. An invoice of none of `studentIds`
 * is not found (404); a cancelled or paid one, or one the receipts waiting cover, is refused (409).
 */
async function payableOnline(tx: Tx, inv: InvoiceRow, studentIds: readonly number[]): Promise<number> {
  if (!studentIds.includes(inv.studentId)) throw AppError.notFound(MSG.invoiceNotFound);
  if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
  const { remaining, payable } = ledgerOfPayments(inv, await paymentsOf(tx, inv.id));
  if (remaining <= 0) throw AppError.conflict(MSG.nothingToPay);
  if (payable <= 0) throw AppError.conflict(MSG.waitingReceipts);
  return payable;
}

export interface CheckoutInput {
  /** `payment`: one invoice, paid directly (stored as one payment); `batch`: a pay-all of several. */
  kind: CheckoutRef['kind'];
  invoiceIds: readonly number[];
  /** Whose invoices may be in it (the student, or a parent's children). */
  studentIds: readonly number[];
  userId: number;
  /** This site's address as the payer reaches it, for the gateway's return. */
  callbackBase: string;
}

/**
 * Starts a checkout: every invoice must belong to one of `studentIds` (else 404, nothing started)
 * and still be payable (else 409); its share is its payable remainder read under lock. Then the
 * gateway is asked for an authority, after the start has committed (no transaction waits on it).
 */
export async function startCheckout(
  db: Db,
  gateway: PaymentGateway,
  input: CheckoutInput,
  log: MoneyLog,
  actor: Actor,
): Promise<{ ref: CheckoutRef; amount: number; redirectUrl: string }> {
  const ids = [...new Set(input.invoiceIds)];
  if (!ids.length) throw AppError.badRequest(MSG.batchEmpty);
  if (input.kind === 'payment' && ids.length !== 1) throw new Error('a direct payment is of one invoice');
  const created = await inTransaction(db, async (tx) => {
    const shares: { invoiceId: number; amount: number; title: string }[] = [];
    for (const inv of await lockInvoices(tx, ids)) {
      shares.push({ invoiceId: inv.id, amount: await payableOnline(tx, inv, input.studentIds), title: inv.title });
    }
    const amount = shares.reduce((sum, s) => sum + s.amount, 0);
    let batchId: number | null = null;
    if (input.kind === 'batch') {
      const [batch] = await tx
        .insert(paymentBatches)
        .values({ amount, gateway: gateway.name, submittedBy: input.userId })
        .returning({ id: paymentBatches.id });
      if (!batch) throw new Error('insert returned nothing');
      batchId = batch.id;
      const listed = shares.map((s) => ({ invoiceId: s.invoiceId, amount: s.amount }));
      await audit(tx, actor, 'gateway_start', 'payment_batch', batchId, {
        amount,
        gateway: gateway.name,
        shares: listed,
      });
    }
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
          batchId,
        })),
      )
      .returning({ id: payments.id, invoiceId: payments.invoiceId, amount: payments.amount });
    for (const r of rows) {
      await audit(tx, actor, 'gateway_start', 'payment', r.id, {
        invoiceId: r.invoiceId,
        amount: r.amount,
        gateway: gateway.name,
        ...(batchId ? { batchId } : {}),
      });
    }
    const ref: CheckoutRef = batchId ? { kind: 'batch', id: batchId } : { kind: 'payment', id: rows[0]?.id ?? 0 };
    const description = batchId
      ? `${MSG.batchTitle(digitsToPersian(rows.length))} (#B${batchId})`
      : `${shares[0]?.title} (#${ref.id})`;
    return { ref, amount, description, details: ref.kind === 'payment' ? { invoiceId: ids[0], amount } : {} };
  });
  const authority = await requestAuthority(db, gateway, created, input.callbackBase, actor, log);
  return { ref: created.ref, amount: created.amount, redirectUrl: gateway.redirectUrl(authority) };
}

/**
 * Asks the gateway for an authority for a started checkout. On a refusal or no answer it is marked
 * failed and the payer gets a 502 with a Persian message.
 */
async function requestAuthority(
  db: Db,
  gateway: PaymentGateway,
  created: { ref: CheckoutRef; amount: number; description: string; details: Record<string, unknown> },
  callbackBase: string,
  actor: Actor,
  log: MoneyLog,
): Promise<string> {
  const callbackUrl = `${callbackBase.replace(/\/$/, '')}${apiPath(paymentsContract.gatewayCallback.path, { gateway: gateway.name })}`;
  const ref = { ...refLog(created.ref), gateway: gateway.name };
  try {
    const { authority } = await gateway.request({
      amount: created.amount,
      callbackUrl,
      description: created.description,
    });
    await setHead(db, created.ref, { authority });
    log.info(ref, 'online payment requested');
    return authority;
  } catch (err) {
    const down = err instanceof GatewayUnavailableError;
    if (!down && !(err instanceof GatewayRefusedError)) throw err;
    const reason = down ? FAILURE.gatewayDown : FAILURE.gatewayRefused;
    await inTransaction(db, (tx) =>
      failCheckout(tx, created.ref, reason, { actor, source: 'request' }, created.details),
    );
    log.warn(
      { ...ref, code: err instanceof GatewayRefusedError ? err.code : null },
      down ? 'gateway unreachable on online payment request' : 'gateway refused online payment request',
    );
    throw new AppError(502, 'gateway_error', down ? MSG.gatewayDown : MSG.gatewayRefused);
  }
}

/** The checkout a gateway's authority names (none: not ours). */
async function checkoutOfAuthority(db: Db, gateway: string, authority: string): Promise<CheckoutRef | null> {
  const [p] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.authority, authority)));
  if (p) return { kind: 'payment', id: p.id };
  const [b] = await db
    .select({ id: paymentBatches.id })
    .from(paymentBatches)
    .where(and(eq(paymentBatches.gateway, gateway), eq(paymentBatches.authority, authority)));
  return b ? { kind: 'batch', id: b.id } : null;
}

/** The page a checkout's payer returns to: a pay-all's page, else the payment's for a parent or the student. */
async function resultPageOf(db: Db, ref: CheckoutRef | null): Promise<string> {
  if (!ref) return pathWith(PAGES.paymentResult, { id: 0 });
  if (ref.kind === 'batch') return pathWith(PAGES.parentBatchResult, { id: ref.id });
  const [row] = await db
    .select({ role: users.role, studentId: invoices.studentId })
    .from(payments)
    .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
    .leftJoin(users, eq(users.id, payments.submittedBy))
    .where(eq(payments.id, ref.id));
  if (row?.role === 'parent') return pathWith(PAGES.parentPaymentResult, { childId: row.studentId, id: ref.id });
  return pathWith(PAGES.paymentResult, { id: ref.id });
}

/**
 * The payer came back from the gateway: settle the checkout (or, when they cancelled, mark it failed)
 * and answer the page to send them to. An unknown gateway or authority leads to the empty result page.
 */
export async function returnFromGateway(
  db: Db,
  gateway: PaymentGateway | undefined,
  input: { authority: string | undefined; status: string | undefined },
  log: MoneyLog,
  actor: Actor = SYSTEM_ACTOR,
): Promise<string> {
  const ref = gateway && input.authority ? await checkoutOfAuthority(db, gateway.name, input.authority) : null;
  if (gateway && ref) {
    if (input.status === 'OK') {
      await settleCheckout(db, gateway, ref, log, { failIfUnpaid: true, actor, source: 'callback' });
    } else {
      await inTransaction(db, (tx) => failCheckout(tx, ref, FAILURE.cancelledByPayer, { actor, source: 'callback' }));
    }
  }
  return resultPageOf(db, ref);
}

/** The test gateway's page: what a pending checkout of it asks for (else 404). */
export async function sandboxView(db: Db, authority: string): Promise<{ amount: number; title: string }> {
  const ref = await checkoutOfAuthority(db, 'sandbox', authority);
  if (ref?.kind === 'batch') {
    const [b] = await db
      .select({ amount: paymentBatches.amount, status: paymentBatches.status })
      .from(paymentBatches)
      .where(eq(paymentBatches.id, ref.id));
    const shares = await db.select({ id: payments.id }).from(payments).where(eq(payments.batchId, ref.id));
    if (b?.status === 'pending') return { amount: b.amount, title: MSG.batchTitle(digitsToPersian(shares.length)) };
  } else if (ref) {
    const [p] = await db
      .select({ amount: payments.amount, title: invoices.title, status: payments.status })
      .from(payments)
      .innerJoin(invoices, eq(invoices.id, payments.invoiceId))
      .where(eq(payments.id, ref.id));
    if (p?.status === 'pending') return { amount: p.amount, title: p.title };
  }
  throw AppError.notFound(MSG.paymentNotFound);
}

/** A pay-all checkout as its payer sees it: its figures and every invoice it covers (another's: 404). */
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

export interface ReconcileOptions {
  minAgeMs?: number;
  expireAgeMs?: number;
  now?: Date;
  signal?: AbortSignal;
}

export interface ReconcileReport {
  checked: number;
  credited: number;
  failed: number;
  stillPending: number;
}

const RECONCILE = { actor: SYSTEM_ACTOR, source: 'reconcile' } as const;

/** Checkouts left pending and started before `olderThan`: single payments, then pay-alls. */
async function pendingCheckouts(db: Db, olderThan: Date) {
  const single = await db
    .select({ id: payments.id, gateway: payments.gateway, authority: payments.authority, at: payments.submittedAt })
    .from(payments)
    .where(
      and(
        eq(payments.method, 'gateway'),
        eq(payments.status, 'pending'),
        isNull(payments.batchId), // a share is settled with its pay-all
        lt(payments.submittedAt, olderThan),
      ),
    )
    .orderBy(asc(payments.id));
  const batches = await db
    .select({
      id: paymentBatches.id,
      gateway: paymentBatches.gateway,
      authority: paymentBatches.authority,
      at: paymentBatches.submittedAt,
    })
    .from(paymentBatches)
    .where(and(eq(paymentBatches.status, 'pending'), lt(paymentBatches.submittedAt, olderThan)))
    .orderBy(asc(paymentBatches.id));
  return [
    ...single.map((r) => ({ ...r, ref: { kind: 'payment', id: r.id } as CheckoutRef })),
    ...batches.map((r) => ({ ...r, ref: { kind: 'batch', id: r.id } as CheckoutRef })),
  ];
}

/**
 * Re-verifies checkouts left pending (a payer who closed the tab, a callback that never came, a
 * server stopped between the gateway's success and our write). Those younger than `minAgeMs` are
 * left to their callback. On the test gateway (which confirms only what the payer chose on its page)
 * an abandoned one fails, as does an expired one of a gateway no longer configured; on a real
 * gateway it is verified (claimed as a callback would), and one older than `expireAgeMs` that the
 * gateway does not confirm (nor lists as paid and unverified) fails.
 */
export async function reconcileCheckouts(
  db: Db,
  gateways: Map<string, PaymentGateway>,
  log: MoneyLog,
  options: ReconcileOptions = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? 5 * 60_000;
  const expireAgeMs = options.expireAgeMs ?? 60 * 60_000;
  const rows = await pendingCheckouts(db, new Date(now.getTime() - minAgeMs));
  const report: ReconcileReport = { checked: 0, credited: 0, failed: 0, stillPending: 0 };
  const unverifiedBy = new Map<string, Set<string>>();
  for (const row of rows) {
    if (options.signal?.aborted) break; // the server is shutting down: the rest waits for the next run
    const gateway = row.gateway ? gateways.get(row.gateway) : undefined;
    const expired = now.getTime() - row.at.getTime() > expireAgeMs;
    report.checked += 1;
    if (!gateway || gateway.name === 'sandbox') {
      if (expired || gateway) {
        const reason = gateway ? FAILURE.abandoned : FAILURE.expired;
        await inTransaction(db, (tx) => failCheckout(tx, row.ref, reason, RECONCILE));
        report.failed += 1;
      } else report.stillPending += 1;
      continue;
    }
    if (gateway.unverified && !unverifiedBy.has(gateway.name)) {
      unverifiedBy.set(gateway.name, new Set(await gateway.unverified().catch(() => [])));
    }
    const listed = row.authority ? (unverifiedBy.get(gateway.name)?.has(row.authority) ?? false) : false;
    const outcome: SettleOutcome = await settleCheckout(db, gateway, row.ref, log, {
      failIfUnpaid: expired && !listed,
      ...RECONCILE,
    });
    if (outcome === 'credited') report.credited += 1;
    else if (outcome === 'failed') report.failed += 1;
    else if (outcome === 'pending') report.stillPending += 1;
  }
  return report;
}
