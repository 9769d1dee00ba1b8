import { createHash } from 'node:crypto';
import { ERROR_CODES, ERROR_MESSAGES } from '@madreseh/contract/errors';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema/system';
import { AppError } from '../lib/errors';

/**
 * `Idempotency-Key` on money-changing endpoints (those the contract marks `idempotent`): the first
 * request with a key claims it, and its answer is stored; a retry with the same key — in sequence
 * or in parallel — gets that stored answer (`Idempotent-Replayed: true`) and changes nothing.
 * Answers worth keeping are 2xx and 4xx (but 429); after a 5xx the key is freed for a retry.
 * Keys live a day. See docs/decisions/0008-idempotent-money-actions.md.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;
/** How long a retry waits for the first request with its key to finish before it hears 409. */
const WAIT_FOR_FIRST_MS = 20_000;
/** How long keys and their answers are kept. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;

declare module 'fastify' {
  interface FastifyRequest {
    /** The key this request claimed: its answer is stored when it is sent. */
    idempotencyClaim: { scope: string; key: string } | null;
  }
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

function storable(status: number): boolean {
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 429);
}

export function registerIdempotency(app: FastifyInstance, db: Db): void {
  app.decorateRequest('idempotencyClaim', null);

  app.addHook('preHandler', async (request, reply) => {
    const ep = request.routeOptions.config.endpoint;
    if (!ep?.idempotent) return;
    const raw = request.headers[IDEMPOTENCY_HEADER];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? '' : raw;
    if (!KEY_PATTERN.test(key)) {
      throw AppError.badRequest(ERROR_MESSAGES.idempotencyKeyInvalid);
    }
    const scope = `${request.auth?.userId ?? 0}:${ep.method} ${ep.path}`;
    const fingerprint = sha256(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`);
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ scope, key, fingerprint })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length) {
      request.idempotencyClaim = { scope, key };
      return;
    }
    const stored = await waitForAnswer(db, scope, key);
    if (!stored) {
      // The first request failed meanwhile and freed the key: this one may try.
      throw AppError.conflict(ERROR_MESSAGES.idempotencyRetry);
    }
    if (stored.fingerprint !== fingerprint) {
      throw new AppError(422, ERROR_CODES.idempotencyKeyReused, ERROR_MESSAGES.idempotencyKeyReused);
    }
    if (stored.status === null) throw AppError.conflict(ERROR_MESSAGES.idempotencyInProgress);
    reply.header('idempotent-replayed', 'true');
    if (stored.contentType) reply.type(stored.contentType);
    reply.code(stored.status);
    return reply.send(stored.body ?? '');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    request.idempotencyClaim = null;
    const where = and(eq(idempotencyKeys.scope, claim.scope), eq(idempotencyKeys.key, claim.key));
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (storable(reply.statusCode) && body !== null) {
      const type = reply.getHeader('content-type');
      await db
        .update(idempotencyKeys)
        .set({ status: reply.statusCode, body, contentType: typeof type === 'string' ? type : null })
        .where(where);
    } else {
      await db.delete(idempotencyKeys).where(where);
    }
    return payload;
  });
}

async function waitForAnswer(db: Db, scope: string, key: string) {
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (let pause = 25; ; pause = Math.min(pause * 2, 250)) {
    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!row || row.status !== null || Date.now() > deadline) return row ?? null;
    await new Promise((r) => setTimeout(r, pause));
  }
}

/** Forgets keys older than the time they are kept (a scheduled job). */
export async function purgeIdempotencyKeys(db: Db, olderThanMs = IDEMPOTENCY_TTL_MS): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, sql`now() - ${`${Math.round(olderThanMs)} milliseconds`}::interval`))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
