import type { FastifyRequest } from 'fastify';
import type { Tx } from '../db/client';
import { auditLog } from '../db/schema/system';

/** Writes one audit row for an admin mutation (DESIGN §6). Call it inside the mutation's transaction. */
export async function audit(
  tx: Tx,
  request: FastifyRequest,
  action: string,
  entity: string,
  entityId: string | number | null,
  details?: Record<string, unknown>,
): Promise<void> {
  await tx.insert(auditLog).values({
    userId: request.auth?.userId ?? null,
    action,
    entity,
    entityId: entityId === null ? null : String(entityId),
    details: details ?? null,
    ip: request.ip,
  });
}
