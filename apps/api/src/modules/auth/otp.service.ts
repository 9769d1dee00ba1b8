import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_RULES } from '@madreseh/contract/auth/auth.contract';
import { isoDateInTehran, tehranDayStart } from '@madreseh/contract/jalali';
import { digitsToPersian } from '@madreseh/contract/text';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { createSession, type SessionPolicy } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { otpCodes, parents } from '../../db/schema/parents';
import { users } from '../../db/schema/users';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { hit, peek, release } from '../../lib/rate-limit';

const MSG = {
  tooMany: (s: number) =>
    `درخواست کد ورود بیش از حد بود؛ ${digitsToPersian(Math.ceil(s / 60))} دقیقهٔ دیگر دوباره بخواهید.`,
  wrong: 'کد ورود درست نیست یا زمانش گذشته است. کد تازه بخواهید.',
  wrongToday:
    'برای این شماره امروز کدهای نادرست زیادی فرستاده شده است. فردا دوباره تلاش کنید یا با نام کاربری و رمز وارد شوید.',
} as const;

function hashCode(code: string, salt = randomBytes(12).toString('hex')): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function sameCode(code: string, stored: string): boolean {
  const [salt] = stored.split(':');
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

const DAY_MS = 24 * 3_600_000;
/** Wrong codes tried for a mobile this Tehran day (every address together). */
const wrongKey = (mobile: string) => `otp-wrong:mobile:${mobile}:${isoDateInTehran()}`;

function tooManyToday(): AppError {
  const err = AppError.tooMany(MSG.wrongToday);
  err.retryAfterS = Math.ceil((tehranDayStart(isoDateInTehran()).getTime() + DAY_MS - Date.now()) / 1000);
  return err;
}

function tooMany(): AppError {
  const err = AppError.tooMany(MSG.tooMany(OTP_RULES.windowS));
  err.retryAfterS = OTP_RULES.windowS;
  return err;
}

/**
 * Takes a code to a mobile (the notification system's SMS provider). `allow` spends the number's and
 * the school's daily budget of codes and answers whether one may go now; `send` throws when the SMS
 * could not be sent. Neither writes the code down.
 */
export interface OtpSender {
  allow(mobile: string): Promise<boolean>;
  send(mobile: string, code: string): Promise<void>;
}

/** Runs work after the answer (the app's `background`): the answer never waits for it. */
export type Later = (task: () => Promise<void>) => void;

/**
 * Answers a request for a one-time code. Limited per mobile and per address before anything else;
 * past the limits every mobile gets the same 429. Then the answer is the same for every mobile, at
 * once: whether the mobile is a parent's, whether a code is made and whether the SMS goes through
 * is decided after the answer (`issueOtp`), so neither the answer nor its time tells parents'
 * numbers apart (decision 0035).
 */
export async function requestOtp(
  db: Db,
  later: Later,
  send: OtpSender,
  mobile: string,
  ip: string,
): Promise<{ ok: true; expiresInS: number }> {
  const windowMs = OTP_RULES.windowS * 1000;
  if ((await hit(db, `otp-request:ip:${ip}`, windowMs)) > OTP_RULES.perIp) throw tooMany();
  if ((await hit(db, `otp-request:mobile:${mobile}`, windowMs)) > OTP_RULES.perMobile) throw tooMany();
  later(() => issueOtp(db, send, mobile));
  return { ok: true as const, expiresInS: OTP_RULES.ttlS };
}

/**
 * Makes and sends a code when the mobile is an active parent's and the daily budgets allow one;
 * otherwise nothing. The code is stored hashed (a new code replaces any earlier one still waiting),
 * then sent outside any transaction.
 */
export async function issueOtp(db: Db, send: OtpSender, mobile: string): Promise<void> {
  const [parent] = await db
    .select({ id: parents.id })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(eq(parents.mobile, mobile), eq(users.active, true)));
  if (!parent) return;
  // A number that used up today's wrong codes gets no more codes today: they could not be used.
  if ((await peek(db, wrongKey(mobile), DAY_MS)) >= OTP_RULES.wrongPerMobileDaily) return;
  if (!(await send.allow(mobile))) return;
  const code = String(randomInt(0, 10 ** OTP_RULES.digits)).padStart(OTP_RULES.digits, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ usedAt: sql`now()` })
      .where(and(eq(otpCodes.mobile, mobile), isNull(otpCodes.usedAt)));
    await tx.insert(otpCodes).values({
      mobile,
      codeHash: hashCode(code),
      expiresAt: sql`now() + ${`${OTP_RULES.ttlS} seconds`}::interval`,
    });
  });
  await send.send(mobile, code);
}

/** The day's last wrong code of a number: written to the audit log, where staff see it. */
async function alertStaff(db: Db, mobile: string, ip: string): Promise<void> {
  const [user] = await db.select({ id: parents.userId }).from(parents).where(eq(parents.mobile, mobile));
  if (!user) return;
  await audit(db, { userId: null, role: null, ip }, 'otp-guesses-capped', 'user', user.id, {
    mobile,
    wrongCodes: OTP_RULES.wrongPerMobileDaily,
  });
}

/**
 * Signs a parent in with their code: the latest waiting code of the mobile, not expired, tried
 * fewer than the allowed times; a right code is spent at once (a second use fails), a wrong one
 * counts against it and against the number's wrong codes of the day: past
 * `OTP_RULES.wrongPerMobileDaily` the number waits for the next Tehran day (429) and staff are told
 * in the audit log. Every other failure answers the same 401.
 */
export async function verifyOtp(
  db: Db,
  policy: SessionPolicy,
  input: { mobile: string; code: string },
  meta: { ip: string; userAgent?: string },
) {
  if ((await hit(db, `otp-verify:ip:${meta.ip}`, OTP_RULES.windowS * 1000)) > OTP_RULES.perIp * 3) throw tooMany();
  // Counted before any code is looked at, for every number alike (a number with no code waiting
  // too, so the cap tells no parent's number apart) and so that parallel guesses cannot pass the
  // day's cap; a right code gives it back.
  const wrongToday = await hit(db, wrongKey(input.mobile), DAY_MS);
  if (wrongToday > OTP_RULES.wrongPerMobileDaily) throw tooManyToday();
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.mobile, input.mobile),
        isNull(otpCodes.usedAt),
        gt(otpCodes.expiresAt, sql`now()`),
        sql`${otpCodes.attempts} < ${OTP_RULES.attempts}`,
      ),
    )
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!row) throw AppError.unauthorized(MSG.wrong);
  if (!sameCode(input.code, row.codeHash)) {
    await db
      .update(otpCodes)
      .set({ attempts: sql`${otpCodes.attempts} + 1` })
      .where(eq(otpCodes.id, row.id));
    if (wrongToday === OTP_RULES.wrongPerMobileDaily) await alertStaff(db, input.mobile, meta.ip);
    throw AppError.unauthorized(MSG.wrong);
  }
  await release(db, wrongKey(input.mobile));
  const spent = await db
    .update(otpCodes)
    .set({ usedAt: sql`now()` })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.usedAt)))
    .returning({ id: otpCodes.id });
  if (!spent.length) throw AppError.unauthorized(MSG.wrong);
  const [user] = await db
    .select({ id: users.id, role: users.role, fullName: users.fullName })
    .from(parents)
    .innerJoin(users, eq(users.id, parents.userId))
    .where(and(eq(parents.mobile, input.mobile), eq(users.active, true)));
  if (!user) throw AppError.unauthorized(MSG.wrong);
  const token = await createSession(db, user.id, policy, meta);
  return { token, user: { id: user.id, role: user.role, fullName: user.fullName } };
}
