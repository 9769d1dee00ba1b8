import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema/system';

/** Who acts when no request does: a scheduled job, a command run on the server's machine. */
export interface AuditActor {
  userId: number | null;
  ip: string | null;
}

/** The server itself (reconciliation, purges). */
export const SYSTEM_ACTOR: AuditActor = { userId: null, ip: null };

/** A request (its signed-in user and address) or an actor without one. */
export type AuditSource = FastifyRequest | AuditActor;

function actorOf(source: AuditSource): AuditActor {
  if ('raw' in source) return { userId: source.auth?.userId ?? null, ip: source.ip };
  return source;
}

/**
 * Writes one audit row for an admin mutation or a change of money state (DESIGN §6). Call it
 * inside the mutation's transaction. The table refuses UPDATE and DELETE (a trigger).
 */
export async function audit(
  tx: Tx,
  source: AuditSource,
  action: string,
  entity: string,
  entityId: string | number | null,
  details?: Record<string, unknown>,
): Promise<void> {
  const actor = actorOf(source);
  await tx.insert(auditLog).values({
    userId: actor.userId,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    details: details ?? null,
    ip: actor.ip,
  });
}

const comparable = (v: unknown) => JSON.stringify(v instanceof Date ? v.toISOString() : (v ?? null));

/**
 * The short before/after of an update for its audit row: only the fields whose value changed, each
 * as it was and as it is now (`{ before: { amount: 5 }, after: { amount: 6 } }`).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const out = { before: {} as Record<string, unknown>, after: {} as Record<string, unknown> };
  for (const [k, v] of Object.entries(after)) {
    if (comparable(before[k]) === comparable(v)) continue;
    out.before[k] = before[k] ?? null;
    out.after[k] = v ?? null;
  }
  return out;
}
