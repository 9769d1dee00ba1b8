import type { Tx } from '../db/client';
import { auditLog } from '../db/schema/system';
import type { Actor } from './actor';

/**
 * Writes one audit row for an admin mutation or a change of money state. Call it
 * inside the mutation's transaction. The table refuses UPDATE and DELETE (a trigger).
 */
export async function audit(
  tx: Tx,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | number | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(auditLog).values({
    userId: actor.userId,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    details: details ?? null,
    ip: actor.ip,
  });
}

/** One changed field in an audit row: as it was and as it is now. */
export interface FieldChange {
  from: unknown;
  to: unknown;
}

/** Texts longer than this are shortened in the audit trail (the record itself keeps them whole). */
export const AUDIT_TEXT_MAX = 80;

/** Fields never written to the audit trail, not even shortened: only that they changed. */
const SECRET_FIELD = /password|token|secret|hash|otp/i;
/** Card and account (شبا) numbers are kept only as their last four digits. */
const CARD_FIELD = /card_?number|sheba|iban/i;

const comparable = (v: unknown) => JSON.stringify(v instanceof Date ? v.toISOString() : (v ?? null));

function shown(field: string, v: unknown): unknown {
  if (v === undefined || v === null) return null;
  if (SECRET_FIELD.test(field)) return '***';
  if (v instanceof Date) return v.toISOString();
  if (CARD_FIELD.test(field)) return typeof v === 'string' || typeof v === 'number' ? `…${String(v).slice(-4)}` : '***';
  if (typeof v === 'string') return v.length > AUDIT_TEXT_MAX ? `${v.slice(0, AUDIT_TEXT_MAX - 1)}…` : v;
  if (typeof v === 'object') {
    const text = JSON.stringify(v);
    return text.length > AUDIT_TEXT_MAX ? `${text.slice(0, AUDIT_TEXT_MAX - 1)}…` : v;
  }
  return v;
}

/**
 * The short before/after of an update for its audit row: only the fields whose value changed, each
 * as `{ from, to }` (`{ amount: { from: 5, to: 6 } }`). `fields` names the fields to compare (all of
 * `after`'s when left out). Secrets (passwords, tokens) are never recorded, card numbers only as their
 * last four digits (an account number too), long texts shortened to {@link AUDIT_TEXT_MAX} characters.
 */
export function changedFields(before: object, after: object, fields?: readonly string[]): Record<string, FieldChange> {
  const was = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const out: Record<string, FieldChange> = {};
  for (const k of fields ?? Object.keys(now)) {
    if (!(k in now)) continue;
    if (comparable(was[k]) === comparable(now[k])) continue;
    out[k] = { from: shown(k, was[k]), to: shown(k, now[k]) };
  }
  return out;
}
