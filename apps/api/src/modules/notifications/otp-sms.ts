import { randomBytes } from 'node:crypto';
import { smsParts } from '@madreseh/contract/notifications/notifications.contract';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { getSchoolProfile } from '../settings/settings.service';
import { effectiveNotificationSettings, type SmsEnv } from './notification-settings';
import { providerOf } from './providers';

/** The template of a sign-in code's SMS in the outbox (its row keeps the text with the code hidden). */
export const OTP_TEMPLATE = 'sign_in_code';
const HIDDEN = '••••••';

/** The text of a sign-in code: the school's name, the code and how long it lasts. */
export function otpText(school: string, code: string): string {
  return `${school}\nکد ورود شما: ${code}\nاین کد تا ۲ دقیقه معتبر است؛ آن را به کسی ندهید.`;
}

/**
 * Sends a parent's one-time sign-in code through the configured SMS provider, at once and outside
 * any transaction (a code that waits for the sender job would expire). It is a security message:
 * opt-outs and the daily cap do not hold it back, but it is counted with the month's SMS. The outbox
 * row keeps the text with the code hidden: the code itself is written nowhere. A refusal of the
 * provider throws, and the sign-in page says the SMS could not be sent.
 */
export function otpSmsSender(db: Db, env: SmsEnv = {}) {
  return async (mobile: string, code: string): Promise<void> => {
    const settings = await effectiveNotificationSettings(db, env);
    const provider = providerOf(settings.provider, {
      apiKey: settings.apiKey,
      sender: settings.sender,
      baseUrl: env.baseUrl,
    });
    const school = (await getSchoolProfile(db)).name || 'مدرسه';
    const text = otpText(school, code);
    let result: Awaited<ReturnType<typeof provider.send>>;
    try {
      result = await provider.send(mobile, text);
    } catch (err) {
      result = { ok: false, error: (err as Error).message || 'send failed' };
    }
    const now = new Date();
    await db.insert(notifications).values({
      channel: 'sms',
      mobile,
      template: OTP_TEMPLATE,
      body: otpText(school, HIDDEN),
      essential: true,
      idempotencyKey: `otp:${mobile}:${now.getTime()}:${randomBytes(4).toString('hex')}`,
      state: result.ok ? 'sent' : 'failed',
      attempts: 1,
      parts: smsParts(text),
      provider: provider.name,
      providerMessageId: result.ok ? result.messageId : null,
      lastError: result.ok ? null : result.error.slice(0, 500),
      sentAt: result.ok ? now : null,
    });
    if (!result.ok) throw new Error(result.error);
  };
}
