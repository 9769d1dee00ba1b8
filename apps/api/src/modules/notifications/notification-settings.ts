import {
  DEFAULT_TEMPLATES,
  NOTIFICATION_TEMPLATES,
  type NotificationSettingsView,
  type NotificationTemplate,
  type notificationSettingsSchema,
  SMS_PROVIDERS,
  type SmsProviderName,
} from '@madreseh/contract/notifications/notifications.contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { settings } from '../../db/schema/site';

/** SMS_* environment variables: each one, when set, wins over the setting saved in the dashboard. */
export interface SmsEnv {
  provider?: SmsProviderName | undefined;
  apiKey?: string | undefined;
  sender?: string | undefined;
  dailyCap?: number | undefined;
  reminderDaysBefore?: number | undefined;
  /**
   * The provider's template for sign-in codes (SMS_OTP_TEMPLATE): Kavenegar's template name, sms.ir's
   * template id (its text holds #CODE#). Unset: codes go as ordinary messages.
   */
  otpTemplate?: string | undefined;
  /** Sign-in codes the school sends a Tehran day at most (SMS_OTP_DAILY_CAP). */
  otpDailyCap?: number | undefined;
  /** Another address for the provider's API (a local test server, a proxy). */
  baseUrl?: string | undefined;
}

export interface NotificationSettings {
  provider: SmsProviderName;
  apiKey: string;
  sender: string;
  /** SMS messages a Tehran day at most; 0: no limit. */
  dailyCap: number;
  reminderDaysBefore: number;
  templates: Record<NotificationTemplate, string>;
}

export const SETTINGS_KEY = 'notifications';

export function defaultNotificationSettings(): NotificationSettings {
  return {
    provider: 'fake',
    apiKey: '',
    sender: '',
    dailyCap: 500,
    reminderDaysBefore: 3,
    templates: { ...DEFAULT_TEMPLATES },
  };
}

const storedSchema = z.object({
  provider: z.enum(SMS_PROVIDERS).catch('fake'),
  apiKey: z.string().catch(''),
  sender: z.string().catch(''),
  dailyCap: z.number().int().min(0).catch(500),
  reminderDaysBefore: z.number().int().min(0).max(30).catch(3),
  templates: z.record(z.string(), z.string()).catch({}),
});

/** The saved settings (defaults where nothing is saved), before environment overrides. */
export async function storedNotificationSettings(db: Tx): Promise<NotificationSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SETTINGS_KEY));
  const d = defaultNotificationSettings();
  if (!row) return d;
  const parsed = storedSchema.safeParse({ ...d, ...(row.value as object) });
  if (!parsed.success) return d;
  const templates = { ...d.templates };
  for (const k of NOTIFICATION_TEMPLATES) {
    const t = parsed.data.templates[k];
    if (t?.trim()) templates[k] = t;
  }
  return { ...parsed.data, templates };
}

/** The settings in force: saved ones with every SMS_* variable applied. */
export async function effectiveNotificationSettings(db: Tx, env: SmsEnv = {}): Promise<NotificationSettings> {
  const s = await storedNotificationSettings(db);
  return {
    ...s,
    provider: env.provider ?? s.provider,
    apiKey: env.apiKey ?? s.apiKey,
    sender: env.sender ?? s.sender,
    dailyCap: env.dailyCap ?? s.dailyCap,
    reminderDaysBefore: env.reminderDaysBefore ?? s.reminderDaysBefore,
  };
}

export function fromEnvOf(env: SmsEnv): NotificationSettingsView['fromEnv'] {
  return (['provider', 'apiKey', 'sender', 'dailyCap', 'reminderDaysBefore'] as const).filter(
    (k) => env[k] !== undefined,
  );
}

export async function saveNotificationSettings(
  tx: Tx,
  input: z.output<typeof notificationSettingsSchema>,
  userId: number | null,
): Promise<{ before: NotificationSettings; after: NotificationSettings }> {
  const before = await storedNotificationSettings(tx);
  // The key is written only: left out keeps it, an empty string removes it.
  const after: NotificationSettings = {
    provider: input.provider,
    apiKey: input.apiKey === undefined ? before.apiKey : input.apiKey,
    sender: input.sender,
    dailyCap: input.dailyCap,
    reminderDaysBefore: input.reminderDaysBefore,
    templates: { ...before.templates, ...input.templates },
  };
  await tx
    .insert(settings)
    .values({ key: SETTINGS_KEY, value: after, updatedBy: userId })
    .onConflictDoUpdate({ target: settings.key, set: { value: after, updatedBy: userId, updatedAt: new Date() } });
  return { before, after };
}
