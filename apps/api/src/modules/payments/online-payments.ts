import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices, payments } from '../../db/schema/payments';
import { AppError } from '../../lib/errors';
import { GatewayRefusedError, GatewayUnavailableError, type PaymentGateway } from './gateways';
import { FAILURE, lockInvoice, MSG } from './payments.service';

/** Where log lines about money go (the app's logger, or the console in the command). */
export interface MoneyLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** A card number as the gateway masked it, reduced to its last four digits. */
function maskPan(pan: string | null): string | null {
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
): Promise<{ paymentId: number; redirectUrl: string }> {
  const created = await db.transaction(async (tx) => {
    const inv = await lockInvoice(tx, input.invoiceId);
    if (inv.studentId !== input.studentId) throw AppError.notFound(MSG.invoiceNotFound);
    if (inv.cancelledAt) throw AppError.conflict(MSG.cancelled);
    const rows = await tx.select().from(payments).where(eq(payments.invoiceId, inv.id));
    const paid = rows.filter((p) => p.status === 'succeeded').reduce((s, p) => s + p.amount, 0);
    const waiting = rows
      .filter((p) => p.status === 'pending' && p.method === 'card_to_card')
      .reduce((s, p) => s + p.amount, 0);
    if (inv.amount - paid <= 0) throw AppError.conflict(MSG.nothingToPay);
    const amount = inv.amount - paid - waiting;
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
    return { id: row.id, amount: row.amount, title: inv.title };
  });

  const callbackUrl = `${input.callbackBase.replace(/\/$/, '')}/api/v1/general/payment/callback/${gateway.name}`;
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
    await db
      .update(payments)
      .set({
        status: 'failed',
        failureReason: down ? FAILURE.gatewayDown : FAILURE.gatewayRefused,
        decidedAt: new Date(),
      })
      .where(eq(payments.id, created.id));
    log.warn(
      { paymentId: created.id, gateway: gateway.name, code: err instanceof GatewayRefusedError ? err.code : null },
      down ? 'gateway unreachable on request' : 'gateway refused request',
    );
    throw new AppError(502, 'gateway_error', down ? MSG.gatewayDown : MSG.gatewayRefused);
  }
}

export type SettleOutcome = 'credited' | 'already' | 'failed' | 'pending';

/**
 * Settles one gateway payment: locks its row (SELECT … FOR UPDATE) and its invoice, verifies with the
 * gateway for the amount we stored, and credits it at most once. Replayed or concurrent callbacks
 * wait on the lock and then find it settled. When the gateway cannot be reached the payment stays
 * pending for the reconciliation command.
 */
export async function settlePayment(
  db: Db,
  gateway: PaymentGateway,
  paymentId: number,
  log: MoneyLog,
  options: { failIfUnpaid: boolean } = { failIfUnpaid: true },
): Promise<SettleOutcome> {
  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (p?.method !== 'gateway' || p.gateway !== gateway.name) throw AppError.notFound(MSG.paymentNotFound);
    if (p.status !== 'pending') return 'already';
    if (!p.authority) {
      if (options.failIfUnpaid) {
        await tx
          .update(payments)
          .set({ status: 'failed', failureReason: FAILURE.gatewayRefused, decidedAt: new Date() })
          .where(eq(payments.id, p.id));
        return 'failed';
      }
      return 'pending';
    }
    const inv = await lockInvoice(tx, p.invoiceId);
    const rows = await tx
      .select({ amount: payments.amount })
      .from(payments)
      .where(and(eq(payments.invoiceId, p.invoiceId), eq(payments.status, 'succeeded')));
    const paid = rows.reduce((s, r) => s + r.amount, 0);
    if (inv.cancelledAt || paid + p.amount > inv.amount) {
      // Not verified, so the gateway returns the money to the payer.
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: FAILURE.invoiceSettled, decidedAt: new Date() })
        .where(eq(payments.id, p.id));
      log.warn({ paymentId: p.id, invoiceId: inv.id }, 'gateway payment not verified: invoice already settled');
      return 'failed';
    }
    let result: Awaited<ReturnType<PaymentGateway['verify']>>;
    try {
      result = await gateway.verify({ authority: p.authority, amount: p.amount });
    } catch (err) {
      if (err instanceof GatewayUnavailableError) {
        log.warn({ paymentId: p.id, gateway: gateway.name }, 'gateway unreachable on verify; left pending');
        return 'pending';
      }
      throw err;
    }
    if (result.ok) {
      await tx
        .update(payments)
        .set({
          status: 'succeeded',
          referenceId: result.refId,
          cardMasked: maskPan(result.cardPan),
          decidedAt: new Date(),
        })
        .where(eq(payments.id, p.id));
      log.info(
        { paymentId: p.id, invoiceId: inv.id, amount: p.amount, alreadyVerified: result.alreadyVerified },
        'gateway payment credited',
      );
      return 'credited';
    }
    if (result.amountMismatch) {
      log.warn({ paymentId: p.id, amount: p.amount, code: result.code }, 'gateway verify: amount mismatch');
    }
    if (!options.failIfUnpaid && !result.amountMismatch) return 'pending';
    await tx
      .update(payments)
      .set({
        status: 'failed',
        failureReason: result.amountMismatch ? FAILURE.amountMismatch : FAILURE.notVerified,
        decidedAt: new Date(),
      })
      .where(eq(payments.id, p.id));
    return 'failed';
  });
}

/** The payer came back from the gateway: settle (or mark failed) and answer the payment id. */
export async function handleCallback(
  db: Db,
  gateway: PaymentGateway,
  input: { authority: string | undefined; status: string | undefined },
  log: MoneyLog,
): Promise<number | null> {
  if (!input.authority) return null;
  const [p] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, gateway.name), eq(payments.authority, input.authority)));
  if (!p) return null;
  if (input.status === 'OK') {
    await settlePayment(db, gateway, p.id, log);
  } else {
    await db
      .update(payments)
      .set({ status: 'failed', failureReason: FAILURE.cancelledByPayer, decidedAt: new Date() })
      .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')));
  }
  return p.id;
}

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
  options: { minAgeMs?: number; expireAgeMs?: number; now?: Date } = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const minAgeMs = options.minAgeMs ?? 5 * 60_000;
  const expireAgeMs = options.expireAgeMs ?? 60 * 60_000;
  const rows = await db
    .select({
      id: payments.id,
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
        lt(payments.submittedAt, new Date(now.getTime() - minAgeMs)),
      ),
    );
  const report: ReconcileReport = { checked: 0, credited: 0, failed: 0, stillPending: 0 };
  const unverifiedBy = new Map<string, Set<string>>();
  for (const row of rows) {
    const gateway = row.gateway ? gateways.get(row.gateway) : undefined;
    const expired = now.getTime() - row.submittedAt.getTime() > expireAgeMs;
    report.checked += 1;
    if (!gateway || gateway.name === 'sandbox') {
      // The test gateway confirms only what the payer chose on its page; a tab closed there paid nothing.
      if (expired || gateway) {
        await db
          .update(payments)
          .set({ status: 'failed', failureReason: gateway ? FAILURE.abandoned : FAILURE.expired, decidedAt: now })
          .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')));
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
    const outcome = await settlePayment(db, gateway, row.id, log, { failIfUnpaid: expired && !listed });
    if (outcome === 'credited') report.credited += 1;
    else if (outcome === 'failed') report.failed += 1;
    else if (outcome === 'pending') report.stillPending += 1;
  }
  return report;
}
