import { isoDateInTehran, tehranDayStart } from '@madreseh/contract/jalali';
import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { notifications } from '../../db/schema/notifications';
import { effectiveNotificationSettings, type SmsEnv } from './notification-settings';
import { OTP_TEMPLATE } from './otp-sms';
import { providerOf, type SmsProvider } from './providers';

/** Attempts of one SMS before it is given up as failed. */
export const MAX_ATTEMPTS = 6;
/** How long a claimed row is this sender's; after it a crashed sender's rows are claimed again. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Rows claimed at once. */
const BATCH = 50;

/** Wait before attempt n + 1 after the n-th failed: 1, 2, 4, 8, 16 minutes. */
export function backoffMs(attempts: number): number {
  return 2 ** Math.max(0, attempts - 1) * 60_000;
}

export interface SendOptions {
  env?: SmsEnv;
  /** Used instead of the configured provider (tests). */
  provider?: SmsProvider;
  now?: () => Date;
  signal?: AbortSignal;
}

export interface SendReport {
  sent: number;
  retried: number;
  failed: number;
  /** Held back by the daily cap. */
  capped: boolean;
}

type Claimed = { id: number; mobile: string; body: string; attempts: number };

/** SMS counted against today's cap: sent today, or claimed now and on their way. */
async function usedToday(db: Db, now: Date): Promise<number> {
  const start = tehranDayStart(isoDateInTehran(now));
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(
        eq(notifications.channel, 'sms'),
        sql`(${notifications.sentAt} >= ${start.toISOString()}::timestamptz or (${notifications.state} = 'queued' and ${notifications.claimedUntil} > ${now.toISOString()}::timestamptz))`,
      ),
    );
  return row?.n ?? 0;
}

/**
 * Claims due SMS in one short transaction (FOR UPDATE SKIP LOCKED: two senders never take the same
 * row; the lease lets a crashed sender's rows be taken again), marks each attempt, then sends
 * outside any transaction and settles each row on its own.
 */
async function claim(db: Db, now: Date, limit: number): Promise<Claimed[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + CLAIM_LEASE_MS).toISOString();
  const rows = await rowsOf<Claimed>(
    db,
    sql`
    update notifications set claimed_until = ${until}::timestamptz, attempts = attempts + 1
    where id in (
      select id from notifications
      where channel = 'sms' and state = 'queued' and template <> ${OTP_TEMPLATE} and next_attempt_at <= ${at}::timestamptz
        and (claimed_until is null or claimed_until <= ${at}::timestamptz)
      order by id
      limit ${limit}
      for update skip locked
    )
    returning id, mobile, body, attempts`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

/**
 * Sign-in codes are sent by the request's background work, never by this job (it has no code to
 * send); a row a crash left queued is marked failed once its code has expired.
 */
async function failExpiredCodes(db: Db, now: Date): Promise<number> {
  const done = await db
    .update(notifications)
    .set({ state: 'failed', claimedUntil: null, lastError: 'کد پیش از فرستادن منقضی شد' })
    .where(
      and(
        eq(notifications.template, OTP_TEMPLATE),
        eq(notifications.state, 'queued'),
        sql`${notifications.claimedUntil} < ${now.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: notifications.id });
  return done.length;
}

/** Sends every due SMS (at most the day's cap). */
export async function sendDue(db: Db, options: SendOptions = {}): Promise<SendReport> {
  const now = options.now ?? (() => new Date());
  const settings = await effectiveNotificationSettings(db, options.env);
  const provider =
    options.provider ??
    providerOf(settings.provider, { apiKey: settings.apiKey, sender: settings.sender, baseUrl: options.env?.baseUrl });
  const report: SendReport = { sent: 0, retried: 0, failed: 0, capped: false };
  report.failed += await failExpiredCodes(db, now());
  for (;;) {
    if (options.signal?.aborted) break;
    let limit = BATCH;
    if (settings.dailyCap > 0) {
      const left = settings.dailyCap - (await usedToday(db, now()));
      if (left <= 0) {
        const [waiting] = await db
          .select({ id: notifications.id })
          .from(notifications)
          .where(
            and(
              eq(notifications.channel, 'sms'),
              eq(notifications.state, 'queued'),
              sql`${notifications.template} <> ${OTP_TEMPLATE}`,
            ),
          )
          .limit(1);
        report.capped = Boolean(waiting);
        break;
      }
      limit = Math.min(limit, left);
    }
    const batch = await claim(db, now(), limit);
    if (!batch.length) break;
    for (const row of batch) {
      let result: Awaited<ReturnType<SmsProvider['send']>>;
      try {
        result = await provider.send(row.mobile, row.body);
      } catch (err) {
        result = { ok: false, error: (err as Error).message || 'send failed' };
      }
      const at = now();
      if (result.ok) {
        await db
          .update(notifications)
          .set({
            state: 'sent',
            sentAt: at,
            claimedUntil: null,
            provider: provider.name,
            providerMessageId: result.messageId,
            lastError: null,
          })
          .where(eq(notifications.id, row.id));
        report.sent++;
      } else if (result.permanent || row.attempts >= MAX_ATTEMPTS) {
        await db
          .update(notifications)
          .set({ state: 'failed', claimedUntil: null, provider: provider.name, lastError: result.error.slice(0, 500) })
          .where(eq(notifications.id, row.id));
        report.failed++;
      } else {
        await db
          .update(notifications)
          .set({
            claimedUntil: null,
            provider: provider.name,
            lastError: result.error.slice(0, 500),
            nextAttemptAt: new Date(at.getTime() + backoffMs(row.attempts)),
          })
          .where(eq(notifications.id, row.id));
        report.retried++;
      }
    }
    if (batch.length < limit) break;
  }
  return report;
}

/** Asks the provider about SMS sent in the last two days that it has not yet reported. */
export async function pollDelivery(db: Db, options: SendOptions = {}): Promise<{ delivered: number; failed: number }> {
  const now = (options.now ?? (() => new Date()))();
  const settings = await effectiveNotificationSettings(db, options.env);
  const provider =
    options.provider ??
    providerOf(settings.provider, { apiKey: settings.apiKey, sender: settings.sender, baseUrl: options.env?.baseUrl });
  const out = { delivered: 0, failed: 0 };
  if (!provider.status) return out;
  const rows = await db
    .select({ id: notifications.id, messageId: notifications.providerMessageId })
    .from(notifications)
    .where(
      and(
        eq(notifications.channel, 'sms'),
        eq(notifications.state, 'sent'),
        eq(notifications.provider, provider.name),
        isNotNull(notifications.providerMessageId),
        gte(notifications.sentAt, new Date(now.getTime() - 2 * 86_400_000)),
      ),
    )
    // In any order, so that messages a provider keeps reporting as on their way do not hold back the rest.
    .orderBy(sql`random()`)
    .limit(provider.statusBatch ?? 100);
  if (!rows.length) return out;
  const states = await provider.status(rows.map((r) => r.messageId as string));
  for (const state of ['delivered', 'failed'] as const) {
    const ids = rows.filter((r) => states.get(r.messageId as string) === state).map((r) => r.id);
    if (!ids.length) continue;
    await db
      .update(notifications)
      .set(state === 'delivered' ? { state, deliveredAt: now } : { state, lastError: 'گزارش سرویس: به گیرنده نرسید' })
      .where(and(inArray(notifications.id, ids), eq(notifications.state, 'sent')));
    out[state] += ids.length;
  }
  return out;
}
