import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { ERROR_MESSAGES } from '@madreseh/contract/errors';
import type { Role } from '@madreseh/contract/roles';
import { digitsToPersian } from '@madreseh/contract/text';
import { eq } from 'drizzle-orm';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import { createSession, type SessionPolicy } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { DEMO_PASSWORD, isDemoDatabase } from '../../db/demo';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  addressIsOverLimit,
  attemptSucceeded,
  claimAttempt,
  countAddressFailure,
  hashDevice,
  isKnownDevice,
  networkBucket,
  newDeviceId,
  rememberDevice,
  SIGN_IN_SLOWING,
} from './sign-in-throttle';

/** How long to wait, in words: «۴۰ ثانیه», «۳ دقیقه». */
function waitInWords(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return seconds < 60 ? `${digitsToPersian(seconds)} ثانیه` : `${digitsToPersian(Math.ceil(seconds / 60))} دقیقه`;
}

function slowed(ms: number): AppError {
  const err = AppError.tooMany(
    `برای امنیت این حساب، پس از چند رمز نادرست ورود کمی کند شده است. ${waitInWords(ms)} دیگر دوباره تلاش کنید.`,
  );
  err.retryAfterS = Math.ceil(ms / 1000);
  return err;
}

function addressSlowed(): AppError {
  const err = AppError.tooMany(
    `از این نشانی اینترنتی رمزهای نادرست زیادی فرستاده شده است. ${waitInWords(SIGN_IN_SLOWING.addressWindowMs)} دیگر دوباره تلاش کنید؛ از دستگاهی که پیش‌تر با آن وارد شده‌اید همین حالا هم می‌توانید وارد شوید.`,
  );
  err.retryAfterS = Math.ceil(SIGN_IN_SLOWING.addressWindowMs / 1000);
  return err;
}

const isStaff = (role: Role) => role === 'admin' || role === 'super-admin';

/**
 * The bucket this attempt is counted in: the device's own when it signed in to the account before;
 * otherwise the account's shared bucket, and while that one waits, the bucket of the caller's network
 * (decision 0035): a stranger keeping the shared bucket at its longest wait from other networks
 * never keeps the owner on a new device waiting. Throws the 429 when the attempt must wait.
 */
async function claimBucket(
  db: Db,
  username: string,
  knownDevice: string | null,
  ip: string,
): Promise<{ bucket: string; failures: number }> {
  if (knownDevice) {
    const own = await claimAttempt(db, username, knownDevice);
    if (own.waitMs > 0) throw slowed(own.waitMs);
    return { bucket: knownDevice, failures: own.failures };
  }
  const shared = await claimAttempt(db, username, '');
  if (shared.waitMs === 0) return { bucket: '', failures: shared.failures };
  const bucket = networkBucket(ip);
  const network = await claimAttempt(db, username, bucket, SIGN_IN_SLOWING.networkFreeFailures);
  if (network.waitMs > 0) throw slowed(Math.min(shared.waitMs, network.waitMs));
  return { bucket, failures: network.failures };
}

export interface LoginResult {
  token: string;
  user: SessionUser;
  /** The device cookie to send back (new, or the one the device already had). */
  deviceId: string;
}

/**
 * Signs in with a username and password, slowing (never locking) repeated failures as decision 0010
 * says: per username and device bucket, and per address for failures against existing accounts.
 */
export async function login(
  db: Db,
  policy: SessionPolicy,
  input: { username: string; password: string },
  meta: { ip: string; userAgent?: string; deviceId: string | null },
): Promise<LoginResult> {
  const [user] = await db.select().from(users).where(eq(users.username, input.username)).limit(1);
  const deviceHash = meta.deviceId ? hashDevice(meta.deviceId) : null;
  const known = user && deviceHash ? await isKnownDevice(db, deviceHash, user.id) : false;
  if (!known && (await addressIsOverLimit(db, meta.ip))) throw addressSlowed();

  const { bucket, failures } = await claimBucket(db, input.username, known && deviceHash ? deviceHash : null, meta.ip);

  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok || !user.active) {
    // Every failure from a device new to the account counts for the address, whether the name
    // exists or not: otherwise the count would tell which names exist.
    if (!known) await countAddressFailure(db, meta.ip);
    if (user && bucket === '' && failures === SIGN_IN_SLOWING.freeFailures + 1 && isStaff(user.role))
      await audit(db, { userId: null, role: null, ip: meta.ip }, 'sign-in-slowed', 'user', user.id, {
        username: user.username,
        failures,
      });
    throw new AppError(401, 'invalid_credentials', ERROR_MESSAGES.invalidCredentials);
  }
  const deviceId = meta.deviceId ?? newDeviceId();
  await Promise.all([attemptSucceeded(db, input.username, bucket), rememberDevice(db, hashDevice(deviceId), user.id)]);
  const token = await createSession(db, user.id, policy, meta);
  const demoPassword = user.role === 'super-admin' && input.password === DEMO_PASSWORD && (await isDemoDatabase(db));
  return { token, user: { id: user.id, role: user.role, fullName: user.fullName, demoPassword }, deviceId };
}

/**
 * Whether a signed-in account is a super-admin of a demo database whose password is still the
 * published demo password: the dashboard asks them for a new one. Other roles cost no statement.
 */
export async function hasDemoPassword(db: Db, userId: number, role: Role): Promise<boolean> {
  if (role !== 'super-admin' || !(await isDemoDatabase(db))) return false;
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? verifyPassword(DEMO_PASSWORD, row.hash) : false;
}
