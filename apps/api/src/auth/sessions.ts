import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@madreseh/contract/roles';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { invalidationOf, RowCache } from '../db/invalidation';
import { perDatabase } from '../db/prepared';
import { sessions, users } from '../db/schema/users';
import { DatabaseUnavailableError } from '../lib/db-errors';
import { isDiskFull } from '../lib/disk-full';

export interface SessionPolicy {
  idleMs: number;
  maxMs: number;
}

export interface AuthContext {
  sessionId: number;
  userId: number;
  role: Role;
  fullName: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Creates a session and answers its token; only the token's hash is stored. */
export async function createSession(
  db: Tx,
  userId: number,
  policy: SessionPolicy,
  meta: { userAgent?: string; ip?: string } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + policy.maxMs),
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    ip: meta.ip?.slice(0, 64) ?? null,
  });
  return token;
}

// last_seen is written at most once a minute per session, so reads stay reads.
const TOUCH_EVERY_MS = 60_000;

interface KeptSession extends AuthContext {
  expiresAt: number;
  lastSeenAt: number;
}

/** The live session row of a token hash, checked by the database's clock (prepared once per database). */
const sessionByHash = perDatabase((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      role: users.role,
      fullName: users.fullName,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - ${sql.placeholder('idle')}::interval`),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('session_by_token_hash'),
);

/**
 * Sessions kept in memory for up to 30 s, so most requests skip the lookup. A session row leaves memory at
 * once, on every instance, when it is deleted (logout, password change, deactivation) or its user's role,
 * name, password or state changes (db/invalidation.ts); expiry and idle time are checked on every request.
 */
const keptSessions = perDatabase(
  (db) =>
    new RowCache<string, KeptSession | null>(invalidationOf(db), {
      ttlMs: 30_000,
      max: 20_000,
      tables: ['users'],
      dropWhen: (tag, _hash, s) => tag === `users:${s?.userId}`,
    }),
);

/**
 * Finds the live session of a token: not expired, not idle too long, user active. A database that
 * cannot answer is not a missing session: it throws DatabaseUnavailableError (503), so a signed-in
 * user is never told to sign in again because of a database outage or a full disk.
 */
export async function resolveSession(db: Db, token: string, policy: SessionPolicy): Promise<AuthContext | null> {
  if (token.length < 20 || token.length > 200) return null;
  const hash = hashToken(token);
  const kept = keptSessions(db);
  const s = await kept
    .get(hash, async () => {
      const [row] = await sessionByHash(db).execute({ hash, idle: `${Math.round(policy.idleMs)} milliseconds` });
      return row ? { ...row, expiresAt: row.expiresAt.getTime(), lastSeenAt: row.lastSeenAt.getTime() } : null;
    })
    .catch((err: unknown) => {
      throw new DatabaseUnavailableError('The session could not be read', { cause: err });
    });
  if (!s) return null;
  const now = Date.now();
  if (s.expiresAt <= now || s.lastSeenAt <= now - policy.idleMs) {
    kept.delete(hash);
    return null;
  }
  if (now - s.lastSeenAt > TOUCH_EVERY_MS) {
    s.lastSeenAt = now;
    try {
      await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, s.sessionId));
    } catch (err) {
      // A full disk stops writes, not this request: what it asks for may need none.
      if (!isDiskFull(err)) throw new DatabaseUnavailableError('The session could not be kept alive', { cause: err });
    }
  }
  return { sessionId: s.sessionId, userId: s.userId, role: s.role, fullName: s.fullName };
}

export async function endSession(db: Tx, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except one when given (password change keeps the caller's). */
export async function endUserSessions(db: Tx, userId: number, exceptSessionId?: number): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptSessionId === undefined
        ? eq(sessions.userId, userId)
        : and(eq(sessions.userId, userId), sql`${sessions.id} <> ${exceptSessionId}`),
    );
}

/**
 * Deletes sessions that can no longer be used: past their end, or idle longer than the policy
 * allows (a scheduled job). Answers how many went.
 */
export async function purgeExpiredSessions(db: Db, policy: SessionPolicy): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(
      sql`${sessions.expiresAt} <= now() or ${sessions.lastSeenAt} <= now() - ${`${Math.round(policy.idleMs)} milliseconds`}::interval`,
    )
    .returning({ id: sessions.id });
  return gone.length;
}
