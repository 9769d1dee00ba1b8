import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { ERROR_MESSAGES } from '@madreseh/contract/errors';
import { eq } from 'drizzle-orm';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { createSession, type SessionPolicy } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { clear, hit, release } from '../../lib/rate-limit';

/** Failed logins allowed per username and per address in one window before 429. */
export const LOGIN_LIMITS = { perUsername: 10, perIp: 50, windowMs: 15 * 60_000 } as const;

const LOCKED_MESSAGE = 'به دلیل تلاش‌های ناموفق پی‌درپی، ورود موقتاً بسته شد. پانزده دقیقهٔ دیگر دوباره تلاش کنید.';

/** The rate-limit counters one sign-in attempt counts against. */
export function loginRateKeys(username: string, ip: string) {
  return { userKey: `login:user:${username}`, ipKey: `login:ip:${ip}` };
}

export async function login(
  db: Db,
  policy: SessionPolicy,
  input: { username: string; password: string },
  meta: { ip: string; userAgent?: string },
): Promise<{ token: string; user: SessionUser }> {
  const { userKey, ipKey } = loginRateKeys(input.username, meta.ip);
  // Count the attempt before checking the password, atomically, so parallel guesses cannot all
  // pass a "how many so far" check together; a successful sign-in gives its count back below.
  const [userAttempts, ipAttempts] = await Promise.all([
    hit(db, userKey, LOGIN_LIMITS.windowMs),
    hit(db, ipKey, LOGIN_LIMITS.windowMs),
  ]);
  if (userAttempts > LOGIN_LIMITS.perUsername || ipAttempts > LOGIN_LIMITS.perIp) {
    throw AppError.tooMany(LOCKED_MESSAGE);
  }

  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.active) {
    throw new AppError(401, 'invalid_credentials', ERROR_MESSAGES.invalidCredentials);
  }
  // Only failures count: many pupils sign in from one school address.
  await Promise.all([clear(db, userKey), release(db, ipKey)]);
  const token = await createSession(db, user.id, policy, meta);
  return { token, user: { id: user.id, role: user.role, fullName: user.fullName } };
}
