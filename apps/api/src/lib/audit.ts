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
