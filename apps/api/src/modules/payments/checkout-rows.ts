import type { PaymentStatus } from '@madreseh/contract/payments/payment-schemas';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { paymentBatches, payments } from '../../db/schema/payments';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import type { PaymentGateway, VerifyResult } from './gateways';
import { lockInvoice } from './invoice-locks';
import type { InvoiceRow } from './payment-views';

/**
 * The rows of a checkout: one online payment of one or more invoices. The gateway knows the checkout
 * (its total and authority: its head); each invoice has a `payments` row (a share) with what the
 * checkout brings to it, so every invoice's ledger reads as for any payment. A checkout of one
 * invoice started by direct pay is stored as a single `payments` row, its own head and only share;
 * a pay-all checkout as a `payment_batches` row (the head) and one share per invoice. Every share
 * changes state in the same transaction as its head. This file is the one place that knows the two.
 */
export type CheckoutRef = { kind: 'payment' | 'batch'; id: number };

/** Who an audit row names and what did it. */
export interface Who {
  actor: Actor;
  source: string;
}

export interface Share {
  id: number;
  invoiceId: number;
  amount: number;
  status: PaymentStatus;
}

export interface Head {
  id: number;
  amount: number;
  status: PaymentStatus;
  gateway: string | null;
  authority: string | null;
  /** A claim on it is still running. */
  busy: boolean;
}

/** The log fields (and audit entity) naming a checkout. */
export function refLog(ref: CheckoutRef): Record<string, number> {
  return ref.kind === 'batch' ? { batchId: ref.id } : { paymentId: ref.id };
}

const entityOf = (ref: CheckoutRef) => (ref.kind === 'batch' ? 'payment_batch' : 'payment');

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

/** Whether a claim (a `verifying_until` column) is still running. */
function busySql(verifyingUntil: PgColumn): SQL<boolean> {
  return sql<boolean>`coalesce(${verifyingUntil} > now(), false)`;
}

/** The shares of a checkout, in invoice order. */
export async function sharesOf(tx: Tx, ref: CheckoutRef): Promise<Share[]> {
  return tx
    .select({ id: payments.id, invoiceId: payments.invoiceId, amount: payments.amount, status: payments.status })
    .from(payments)
    .where(ref.kind === 'batch' ? eq(payments.batchId, ref.id) : eq(payments.id, ref.id))
    .orderBy(asc(payments.invoiceId));
}

/** The head of a checkout (locked for the transaction when `lock`). */
export async function headOf(tx: Tx, ref: CheckoutRef, lock = false): Promise<Head | undefined> {
  const t = ref.kind === 'batch' ? paymentBatches : payments;
  const query = tx
    .select({
      id: t.id,
      amount: t.amount,
      status: t.status,
      gateway: t.gateway,
      authority: t.authority,
      busy: busySql(t.verifyingUntil),
    })
    .from(t)
    .where(eq(t.id, ref.id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The invoices, in id order: every transaction locks them in this order, so two never deadlock. */
export async function lockInvoices(tx: Tx, ids: readonly number[]): Promise<InvoiceRow[]> {
  const rows = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) rows.push(await lockInvoice(tx, id));
  return rows;
}

/**
 * What every transaction on a checkout does first: its invoices locked (id order), then its head.
 * Lock order, everywhere: invoices, then payments.
 */
export async function lockCheckout(tx: Tx, ref: CheckoutRef) {
  const shares = await sharesOf(tx, ref);
  const invs = await lockInvoices(
    tx,
    shares.map((s) => s.invoiceId),
  );
  const head = await headOf(tx, ref, true);
  return { head, shares, invs: new Map(invs.map((i) => [i.id, i])) };
}

/** The columns a head shares with the other kind. */
type HeadValues = Partial<{
  status: PaymentStatus;
  failureReason: string;
  decidedAt: Date;
  verifyingUntil: Date | SQL | null;
  cardMasked: string | null;
  referenceId: string;
  authority: string;
}>;

/** Writes the head (only while it is pending when `pendingOnly`); answers whether a row changed. */
export async function setHead(tx: Tx, ref: CheckoutRef, values: HeadValues, pendingOnly = false): Promise<boolean> {
  const t = ref.kind === 'batch' ? paymentBatches : payments;
  const rows = await tx
    .update(t)
    .set(values)
    .where(and(eq(t.id, ref.id), pendingOnly ? eq(t.status, 'pending') : undefined))
    .returning({ id: t.id });
  return rows.length > 0;
}

/** Marks the checkout claimed until `until` (null: gives the claim up); every share with it. */
export async function setClaim(tx: Tx, ref: CheckoutRef, until: SQL | null): Promise<void> {
  await setHead(tx, ref, { verifyingUntil: until });
  // The shares are claimed too: the invoices' other money paths and other checkouts wait for them.
  if (ref.kind === 'batch')
    await tx.update(payments).set({ verifyingUntil: until }).where(eq(payments.batchId, ref.id));
}

/** The columns a pending payment (or batch) is marked failed with. */
function failedColumns(reason: string) {
  return { status: 'failed' as const, failureReason: reason, decidedAt: new Date(), verifyingUntil: null };
}

/** The columns a verified payment (or batch) is credited with. */
function succeededColumns(result: Extract<VerifyResult, { ok: true }>) {
  return {
    status: 'succeeded' as const,
    cardMasked: maskPan(result.cardPan),
    decidedAt: new Date(),
    verifyingUntil: null,
  };
}

/**
 * Marks a pending checkout and its pending shares failed, with an audit row for each (in the
 * caller's transaction). Answers false when it was no longer pending.
 */
export async function failCheckout(
  tx: Tx,
  ref: CheckoutRef,
  reason: string,
  who: Who,
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const shares = await sharesOf(tx, ref);
  if (!(await setHead(tx, ref, failedColumns(reason), true))) return false;
  const own = ref.kind === 'payment' ? { invoiceId: shares[0]?.invoiceId, amount: shares[0]?.amount } : {};
  const total = ref.kind === 'batch' ? { amount: (await headOf(tx, ref))?.amount } : {};
  await audit(tx, who.actor, 'gateway_fail', entityOf(ref), ref.id, {
    ...own,
    ...details,
    ...total,
    reason,
    source: who.source,
  });
  if (ref.kind === 'payment') return true;
  for (const s of shares) {
    const done = await tx
      .update(payments)
      .set(failedColumns(reason))
      .where(and(eq(payments.id, s.id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    if (!done.length) continue;
    await audit(tx, who.actor, 'gateway_fail', 'payment', s.id, {
      invoiceId: s.invoiceId,
      amount: s.amount,
      batchId: ref.id,
      reason,
      source: who.source,
    });
  }
  return true;
}

/**
 * Credits a verified checkout: the head and every pending share succeeded, an audit row for each.
 * A share the invoice could no longer take (a claim that outlived its time) is recorded as the
 * gateway took it and flagged `overpaid` in its audit row, for a refund. Answers the credited
 * shares with their invoices and whether each went above its invoice.
 */
export async function creditCheckout(
  tx: Tx,
  ref: CheckoutRef,
  locked: { head: Head; shares: Share[]; invs: Map<number, InvoiceRow> },
  result: Extract<VerifyResult, { ok: true }>,
  who: Who & { gateway: string; overpays: (inv: InvoiceRow, amount: number) => Promise<boolean> },
) {
  const credited: { share: Share; inv: InvoiceRow; over: boolean }[] = [];
  for (const share of locked.shares) {
    const inv = locked.invs.get(share.invoiceId);
    if (inv && share.status === 'pending') credited.push({ share, inv, over: await who.overpays(inv, share.amount) });
  }
  await setHead(tx, ref, { ...succeededColumns(result), referenceId: result.refId });
  const common = { gateway: who.gateway, referenceId: result.refId, source: who.source };
  const already = result.alreadyVerified ? { alreadyVerified: true } : {};
  if (ref.kind === 'batch') {
    await audit(tx, who.actor, 'gateway_credit', 'payment_batch', ref.id, { amount: locked.head.amount, ...common });
  }
  if (ref.kind === 'batch' && credited.length) {
    await tx
      .update(payments)
      .set(succeededColumns(result))
      .where(
        inArray(
          payments.id,
          credited.map((c) => c.share.id),
        ),
      );
  }
  for (const { share, inv, over } of credited) {
    await audit(tx, who.actor, 'gateway_credit', 'payment', share.id, {
      invoiceId: inv.id,
      amount: share.amount,
      ...common,
      ...(ref.kind === 'batch' ? { batchId: ref.id } : {}),
      ...already,
      ...(over ? { overpaid: true } : {}),
    });
  }
  return credited;
}
