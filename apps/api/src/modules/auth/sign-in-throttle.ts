import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginDevices, loginThrottle, users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hit, peek } from '../../lib/rate-limit';

/**
 * Sign-in slowing, never locking (decisions 0010 and 0035).
 *
 * - Per username: the first `freeFailures` consecutive failures cost nothing; after that each
 *   failure makes the next attempt wait 2^(n − freeFailures − 1) seconds, at most `maxWaitMs`.
 *   An attempt during the wait is answered 429 without looking at the password. The count restarts
 *   after a success or `resetAfterMs` without a failure.
 * - The owner's devices are apart: a device that signed in to the account before (its `device`
 *   cookie) counts its failures in a bucket of its own, so a stranger's guessing never slows it.
 * - While the shared bucket waits, a device new to the account is counted in the bucket of its
 *   network (`networkBucket`: an IPv4 /24, an IPv6 /64), `networkFreeFailures` free then the same
 *   doubling: a stranger guessing from other networks never makes the owner wait (decision 0035).
 * - Per address: at most `perAddress` failures in `addressWindowMs`, whether the username exists or
 *   not; past that, attempts from the address wait for the window, except from a device that signed
 *   in to the account before.
 */
export const SIGN_IN_SLOWING = {
  freeFailures: 5,
  /** Free failures of a network's own bucket, used while the account's shared bucket waits. */
  networkFreeFailures: 1,
  maxWaitMs: 5 * 60_000,
  resetAfterMs: 24 * 3_600_000,
  perAddress: 100,
  addressWindowMs: 15 * 60_000,
} as const;

/** The wait after the n-th consecutive failure, in milliseconds (0 for the free ones). */
export function waitAfterFailures(n: number, free: number = SIGN_IN_SLOWING.freeFailures): number {
  if (n <= free) return 0;
  return Math.min(1000 * 2 ** (n - free - 1), SIGN_IN_SLOWING.maxWaitMs);
}

/** Expands an IPv6 address to its eight groups (`::` filled with zeros). */
function ipv6Groups(ip: string): string[] {
  const [head = '', tail] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(Math.max(0, 8 - h.length - t.length)).fill('0');
  return [...h, ...fill, ...t].map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''));
}

/**
 * The network an address belongs to, as one person's connection: an IPv4 /24 or an IPv6 /64 (one
 * host gets a whole /64, so every address in it is the same person).
 */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.(\d+)\.\d+$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (ip.includes(':')) return `${ipv6Groups(ip).slice(0, 4).join(':')}::/64`;
  return ip;
}

/** The bucket of a network's attempts on an account while its shared bucket waits. */
export const networkBucket = (ip: string) => `net:${networkOf(ip)}`.slice(0, 64);

/** The HttpOnly cookie that tells a device which signed in before from a stranger. */
export const DEVICE_COOKIE = 'madreseh_device';
export const DEVICE_COOKIE_PATH = '/api/v1/auth/';
const DEVICE_COOKIE_MAX_AGE_S = 365 * 86_400;

export function deviceIdFrom(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = rest.join('=');
      return /^[A-Za-z0-9_-]{22,64}$/.test(value) ? value : null;
    }
  }
  return null;
}

export function newDeviceId(): string {
  return randomBytes(24).toString('base64url');
}

export function deviceCookie(deviceId: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE}=${deviceId}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_S}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export const hashDevice = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

export async function isKnownDevice(db: Db, deviceHash: string, userId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: loginDevices.userId })
    .from(loginDevices)
    .where(and(eq(loginDevices.deviceHash, deviceHash), eq(loginDevices.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function rememberDevice(db: Db, deviceHash: string, userId: number): Promise<void> {
  await db
    .insert(loginDevices)
    .values({ deviceHash, userId })
    .onConflictDoUpdate({ target: [loginDevices.deviceHash, loginDevices.userId], set: { lastUsedAt: sql`now()` } });
}

const addressKey = (ip: string) => `login:ip:${ip}`;

export async function addressIsOverLimit(db: Db, ip: string): Promise<boolean> {
  return (await peek(db, addressKey(ip), SIGN_IN_SLOWING.addressWindowMs)) >= SIGN_IN_SLOWING.perAddress;
}

export async function countAddressFailure(db: Db, ip: string): Promise<void> {
  await hit(db, addressKey(ip), SIGN_IN_SLOWING.addressWindowMs);
}

/**
 * Claims one attempt for a username and bucket, atomically: counted as a failure in advance (so
 * parallel guesses cannot all slip through one free slot) and given back by `attemptSucceeded`.
 * Answers the milliseconds left to wait when the attempt may not be checked now (`waitMs`), or the
 * bucket's failures counting this one.
 */
export async function claimAttempt(
  db: Db,
  username: string,
  device: string,
  free: number = SIGN_IN_SLOWING.freeFailures,
): Promise<{ waitMs: number; failures: number }> {
  const reset = `${SIGN_IN_SLOWING.resetAfterMs} milliseconds`;
  const maxWaitS = SIGN_IN_SLOWING.maxWaitMs / 1000;
  const next = sql`case when ${loginThrottle.lastFailureAt} < now() - ${reset}::interval then 1 else ${loginThrottle.failures} + 1 end`;
  const claimed = await db
    .insert(loginThrottle)
    .values({ username, device, failures: 1, lastFailureAt: sql`now()`, waitUntil: null })
    .onConflictDoUpdate({
      target: [loginThrottle.username, loginThrottle.device],
      set: {
        failures: next,
        lastFailureAt: sql`now()`,
        waitUntil: sql`case when ${next} > ${free} then now() + least(power(2, ${next} - ${free} - 1), ${maxWaitS}) * interval '1 second' else null end`,
      },
      setWhere: sql`${loginThrottle.waitUntil} is null or ${loginThrottle.waitUntil} <= now()`,
    })
    .returning({ failures: loginThrottle.failures });
  if (claimed[0]) return { waitMs: 0, failures: claimed[0].failures };
  const [row] = await db
    .select({
      leftMs: sql<number>`greatest(extract(epoch from ${loginThrottle.waitUntil} - now()) * 1000, 0)::float8`,
      failures: loginThrottle.failures,
    })
    .from(loginThrottle)
    .where(and(eq(loginThrottle.username, username), eq(loginThrottle.device, device)));
  return { waitMs: Math.max(1000, Math.ceil(Number(row?.leftMs ?? 1000))), failures: row?.failures ?? 0 };
}

/** A right password: the bucket starts again from nothing. */
export async function attemptSucceeded(db: Db, username: string, device: string): Promise<void> {
  await db.delete(loginThrottle).where(and(eq(loginThrottle.username, username), eq(loginThrottle.device, device)));
}

/** Accounts whose shared bucket (devices they never signed in from) is past the free failures now. */
export async function slowedAccounts(db: Db) {
  const reset = `${SIGN_IN_SLOWING.resetAfterMs} milliseconds`;
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      fullName: users.fullName,
      role: users.role,
      failures: loginThrottle.failures,
      lastFailureAt: loginThrottle.lastFailureAt,
      waitSeconds: sql<number>`greatest(ceil(extract(epoch from coalesce(${loginThrottle.waitUntil}, now()) - now())), 0)::int`,
    })
    .from(loginThrottle)
    .innerJoin(users, eq(users.username, loginThrottle.username))
    .where(
      and(
        eq(loginThrottle.device, ''),
        sql`${loginThrottle.failures} > ${SIGN_IN_SLOWING.freeFailures}`,
        sql`${loginThrottle.lastFailureAt} >= now() - ${reset}::interval`,
      ),
    )
    .orderBy(desc(loginThrottle.lastFailureAt))
    .limit(500);
  return rows.map((r) => ({ ...r, lastFailureAt: r.lastFailureAt.toISOString(), waitSeconds: Number(r.waitSeconds) }));
}

/** Starts an account's count again in every bucket (staff, from the dashboard). */
export async function clearSlowing(db: Db, actor: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ username: users.username }).from(users).where(eq(users.id, userId));
    if (!user) throw AppError.notFound('حساب پیدا نشد.');
    const removed = await tx
      .delete(loginThrottle)
      .where(eq(loginThrottle.username, user.username))
      .returning({ failures: loginThrottle.failures });
    if (removed.length > 0) await audit(tx, actor, 'clear-sign-in-slowing', 'user', userId);
  });
}

/** Rows of counts nobody will read again: idle past the reset, and not waiting. */
export async function purgeSignInThrottle(db: Db): Promise<number> {
  const reset = `${SIGN_IN_SLOWING.resetAfterMs} milliseconds`;
  const removed = await db
    .delete(loginThrottle)
    .where(
      sql`${loginThrottle.lastFailureAt} < now() - ${reset}::interval and (${loginThrottle.waitUntil} is null or ${loginThrottle.waitUntil} < now())`,
    )
    .returning({ username: loginThrottle.username });
  return removed.length;
}

/** Devices unused for longer than their cookie lives are forgotten. */
export async function purgeLoginDevices(db: Db): Promise<number> {
  const removed = await db
    .delete(loginDevices)
    .where(sql`${loginDevices.lastUsedAt} < now() - ${`${DEVICE_COOKIE_MAX_AGE_S} seconds`}::interval`)
    .returning({ userId: loginDevices.userId });
  return removed.length;
}
