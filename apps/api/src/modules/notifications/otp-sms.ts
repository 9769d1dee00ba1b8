import { randomBytes } from 'node:crypto';
import { OTP_RULES } from '@madreseh/contract/auth/auth.contract';
import { isoDateInTehran } from '@madreseh/contract/jalali';
import { smsParts } from '@madreseh/contract/notifications/notifications.contract';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { SYSTEM_ACTOR } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { hit, peek, release } from '../../lib/rate-limit';
import { getSchoolProfile } from '../settings/settings.service';
import { effectiveNotificationSettings, type SmsEnv } from './notification-settings';
import { providerOf } from './providers';

/** The template of a sign-in code's SMS in the outbox (its row keeps the text with the code hidden). */
export const OTP_TEMPLATE = 'sign_in_code';
const HIDDEN = '••••••';
const DAY_MS = 24 * 3_600_000;
/** Sign-in codes the school sends a Tehran day when SMS_OTP_DAILY_CAP is not set. */
export const DEFAULT_OTP_DAILY_CAP = 300;

/** The text of a sign-in code: the school's name, the code and how long it lasts. */
export function otpText(school: string, code: string): string {
  return `${school}\nکد ورود شما: ${code}\nاین کد تا ۲ دقیقه معتبر است؛ آن را به کسی ندهید.`;
}

const schoolKey = (day: string) => `otp-sms:school:${day}`;
const mobileKey = (mobile: string, day: string) => `otp-sms:mobile:${mobile}:${day}`;

/** Today's sign-in codes of the school, and the cap (staff see both with the SMS settings). */
export async function otpBudgetToday(db: Tx, env: SmsEnv = {}): Promise<{ sent: number; dailyCap: number }> {
  const dailyCap = env.otpDailyCap ?? DEFAULT_OTP_DAILY_CAP;
  const sent = await peek(db, schoolKey(isoDateInTehran()), DAY_MS);
  return { sent: dailyCap === 0 ? sent : Math.min(sent, dailyCap), dailyCap };
}

/**
 * Spends one code of today's budgets: the number's (`OTP_RULES.codesPerMobileDaily`) and the
 * school's (SMS_OTP_DAILY_CAP; 0: no school cap, still counted). A code past either is not sent. The first refusal of the day by the
 * school's cap is written to the audit log, where staff see it.
 */
async function takeBudget(db: Db, mobile: string, dailyCap: number): Promise<boolean> {
  const day = isoDateInTehran();
  if ((await hit(db, mobileKey(mobile, day), DAY_MS)) > OTP_RULES.codesPerMobileDaily) return false;
  const used = await hit(db, schoolKey(day), DAY_MS);
  if (dailyCap === 0 || used <= dailyCap) return true;
  await release(db, schoolKey(day));
  if (used === dailyCap + 1) await audit(db, SYSTEM_ACTOR, 'otp-sms-cap-reached', 'notifications', null, { dailyCap });
  return false;
}

/**
 * Sends parents' one-time sign-in codes through the configured SMS provider — through its code route
 * with the SMS_OTP_TEMPLATE template when one is set (numbers that block advertising SMS get those) —
 * after the sign-in
 * answer (the app's background work) and outside any transaction: a code that waited for the sender
 * job would expire. It is a security message: opt-outs do not hold it back, but codes have their own
 * budget a day, per number and per school, and are counted with the month's SMS. The outbox row is
 * written before the provider is called (the sender job never takes these rows; one a crash left
 * queued is marked failed once its code has expired), and keeps
 * the text with the code hidden: the code itself is written nowhere. A refusal of the provider
 * leaves the row failed with the reason, for staff to see.
 */
export function otpSmsSender(db: Db, env: SmsEnv = {}) {
  return {
    allow: (mobile: string) => takeBudget(db, mobile, env.otpDailyCap ?? DEFAULT_OTP_DAILY_CAP),
    async send(mobile: string, code: string): Promise<void> {
      const settings = await effectiveNotificationSettings(db, env);
      const provider = providerOf(settings.provider, {
        apiKey: settings.apiKey,
        sender: settings.sender,
        baseUrl: env.baseUrl,
      });
      const school = (await getSchoolProfile(db)).name || 'مدرسه';
      const text = otpText(school, code);
      const [row] = await db
        .insert(notifications)
        .values({
          channel: 'sms',
          mobile,
          template: OTP_TEMPLATE,
          body: otpText(school, HIDDEN),
          essential: true,
          idempotencyKey: `otp:${mobile}:${Date.now()}:${randomBytes(4).toString('hex')}`,
          attempts: 1,
          parts: smsParts(text),
          provider: provider.name,
          claimedUntil: new Date(Date.now() + OTP_RULES.ttlS * 1000),
        })
        .returning({ id: notifications.id });
      let result: Awaited<ReturnType<typeof provider.send>>;
      try {
        result =
          env.otpTemplate && provider.sendCode
            ? await provider.sendCode(mobile, code, env.otpTemplate)
            : await provider.send(mobile, text);
      } catch (err) {
        result = { ok: false, error: (err as Error).message || 'send failed' };
      }
      await db
        .update(notifications)
        .set({
          state: result.ok ? 'sent' : 'failed',
          claimedUntil: null,
          providerMessageId: result.ok ? result.messageId : null,
          lastError: result.ok ? null : result.error.slice(0, 500),
          sentAt: result.ok ? new Date() : null,
        })
        .where(eq(notifications.id, row?.id ?? 0));
      if (!result.ok) throw new Error(`sign-in code not sent: ${result.error}`);
    },
  };
}
