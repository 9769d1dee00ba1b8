import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import type { SmsEnv } from './modules/notifications/notification-settings';
import type { PaymentsConfig } from './modules/payments/gateways';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Whom to believe about the client's address (decision 0011): no proxy (false), that many proxy hops
 * in front (1 = only the entry the nearest proxy appended to X-Forwarded-For), or only these proxy
 * addresses and networks.
 */
export type TrustProxy = false | number | string[];

const trustProxySchema = z.string().transform((raw, ctx): TrustProxy => {
  const v = raw.trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false' || v === 'no') return false;
  if (v === 'true' || v === 'yes') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be 0 to 10 proxy hops, or a list of proxy addresses' });
    return z.NEVER;
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (entries.length === 0 || bad.length > 0) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxy hops (1) or a comma list of proxy addresses or networks (127.0.0.1,10.0.0.0/8, loopback); not ${bad.join(', ') || 'empty'}`,
    });
    return z.NEVER;
  }
  return entries;
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 90)
    .default(24 * 7),
  SESSION_MAX_DAYS: z.coerce.number().positive().max(365).default(30),
  TRUST_PROXY: trustProxySchema.default(false),
  WEB_DIST: z.string().min(1).optional(),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+/, 'must be an http:// or https:// address')
    .optional(),
  ZARINPAL_MERCHANT_ID: z
    .string()
    .regex(/^[0-9a-fA-F-]{36}$/, 'must be the 36-character merchant id')
    .optional(),
  ZARINPAL_SANDBOX: bool.optional(),
  ZARINPAL_BASE_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http:// or https:// address')
    .optional(),
  ZARINPAL_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  PAYMENT_SANDBOX_GATEWAY: bool.optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
  UPLOADS_STORE: z.enum(['disk', 'database']).optional(),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  BACKUP_FORMAT: z.enum(['native', 'logical']).default('native'),
  RECONCILE_INTERVAL_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  RECONCILE_MIN_AGE_MINUTES: z.coerce.number().min(0).max(1440).default(5),
  SMS_PROVIDER: z.enum(['fake', 'kavenegar', 'smsir']).optional(),
  SMS_API_KEY: z.string().min(1).max(200).optional(),
  SMS_SENDER: z
    .string()
    .regex(/^\d{1,20}$/, 'must be the digits of the sender line')
    .optional(),
  SMS_DAILY_CAP: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SMS_REMINDER_DAYS: z.coerce.number().int().min(0).max(30).optional(),
  SMS_OTP_DAILY_CAP: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SMS_OTP_TEMPLATE: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'SMS_OTP_TEMPLATE is a template name or id: letters, digits, - and _')
    .optional(),
  SMS_BASE_URL: z
    .string()
    .regex(/^https?:\/\//, 'must be an http:// or https:// address')
    .optional(),
  SMS_SEND_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  /** PAYMENT_SANDBOX_GATEWAY as set; unset: on exactly when the database holds the demo data. */
  sandboxGatewaySet: boolean | undefined;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  sessionIdleMs: number;
  sessionMaxMs: number;
  trustProxy: TrustProxy;
  webDist: string;
  payments: PaymentsConfig;
  /** Uploaded images (UPLOADS_DIR, default <DATA_DIR>/uploads). */
  uploadsDir: string;
  /**
   * Where new uploads are kept: the uploads folder, or the database (shared by every instance; the
   * default with DATABASE_URL). Files still in the folder are served from it either way.
   */
  uploadsStore: 'disk' | 'database';
  /** Pending online payments are re-verified this often by the server (0: never); and from this age. */
  reconcile: { everyMs: number; minAgeMs: number };
  /** Backups: their folder (BACKUP_DIR, default <DATA_DIR>/backups), hours between scheduled ones, how many kept. */
  backup: { dir: string; everyHours: number; keep: number; format: 'native' | 'logical' };
  /** SMS_* variables: each one set wins over the dashboard's notification settings. */
  sms: SmsEnv;
  /** Time between two runs of the SMS sender (0: only when asked). */
  smsSendEveryMs: number;
};

/**
 * What the start-up says when PUBLIC_URL is unset on a server run for real (NODE_ENV=production, a
 * PostgreSQL server or a real payment gateway): printed login slips and the gateway's return address then
 * use the address each request came to, which is right only when every visitor reaches the school by
 * the same one. Null when PUBLIC_URL is set, or on a trial run.
 */
export function publicUrlWarning(config: Pick<Config, 'env' | 'databaseUrl' | 'payments'>): string | null {
  if (config.payments.publicUrl) return null;
  const forReal = config.env === 'production' || config.databaseUrl !== undefined || !!config.payments.zarinpal;
  if (!forReal) return null;
  return [
    'PUBLIC_URL is not set: login slips and payment callbacks will use the host each request came to',
    "(the address in the browser, or the proxy's Host header). Set PUBLIC_URL=https://your-school.example.",
    'PUBLIC_URL تنظیم نشده است: برگه‌های ورود و نشانی بازگشت از درگاه پرداخت، نشانی‌ای را به کار می‌برند که',
    'هر درخواست با آن رسیده است (نشانی مرورگر یا سرایند Host پراکسی). PUBLIC_URL=https://… را تنظیم کنید.',
  ].join('\n');
}

/** Whether `inner` is `outer` or inside it. */
function isWithin(inner: string, outer: string): boolean {
  const rel = path.relative(outer, inner);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops the start with a sentence naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const input = Object.fromEntries(Object.keys(configSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = configSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${String(i.path[0])}=${JSON.stringify(env[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && c.SEED_DEMO) {
    throw new ConfigError(
      'Invalid configuration:\n  SEED_DEMO=1 with NODE_ENV=production: demo accounts have a published password and a production server refuses to start with them.',
    );
  }
  const uploadsDir = path.resolve(c.UPLOADS_DIR ?? path.join(c.DATA_DIR, 'uploads'));
  const webDist = path.resolve(c.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist'));
  const backupDir = path.resolve(c.BACKUP_DIR ?? path.join(c.DATA_DIR, 'backups'));
  // A backup holds every password hash and receipt: never where the web server serves files.
  for (const [name, served] of [
    ['UPLOADS_DIR', uploadsDir],
    ['WEB_DIST', webDist],
  ] as const) {
    if (isWithin(backupDir, served) || isWithin(served, backupDir)) {
      throw new ConfigError(
        `Invalid configuration:\n  BACKUP_DIR=${JSON.stringify(backupDir)}: must be outside ${name} (${served}), which the web server serves`,
      );
    }
  }
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    seedDemo: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    sandboxGatewaySet: c.PAYMENT_SANDBOX_GATEWAY,
    logLevel: c.LOG_LEVEL,
    sessionIdleMs: c.SESSION_IDLE_HOURS * 3_600_000,
    sessionMaxMs: c.SESSION_MAX_DAYS * 86_400_000,
    trustProxy: c.TRUST_PROXY,
    webDist,
    payments: {
      ...(c.PUBLIC_URL ? { publicUrl: c.PUBLIC_URL.replace(/\/+$/, '') } : {}),
      // The test gateway is on only on a demo database (server.ts decides) unless asked for here.
      sandboxGateway: c.PAYMENT_SANDBOX_GATEWAY ?? false,
      ...(c.ZARINPAL_MERCHANT_ID
        ? {
            zarinpal: {
              merchantId: c.ZARINPAL_MERCHANT_ID,
              baseUrl:
                c.ZARINPAL_BASE_URL ??
                (c.ZARINPAL_SANDBOX ? 'https://sandbox.zarinpal.com' : 'https://payment.zarinpal.com'),
              timeoutMs: c.ZARINPAL_TIMEOUT_MS,
            },
          }
        : {}),
    },
    uploadsDir,
    uploadsStore: c.UPLOADS_STORE ?? (c.DATABASE_URL ? 'database' : 'disk'),
    reconcile: { everyMs: c.RECONCILE_INTERVAL_MINUTES * 60_000, minAgeMs: c.RECONCILE_MIN_AGE_MINUTES * 60_000 },
    backup: { dir: backupDir, everyHours: c.BACKUP_EVERY_HOURS, keep: c.BACKUP_KEEP, format: c.BACKUP_FORMAT },
    sms: {
      provider: c.SMS_PROVIDER,
      apiKey: c.SMS_API_KEY,
      sender: c.SMS_SENDER,
      dailyCap: c.SMS_DAILY_CAP,
      reminderDaysBefore: c.SMS_REMINDER_DAYS,
      otpDailyCap: c.SMS_OTP_DAILY_CAP,
      otpTemplate: c.SMS_OTP_TEMPLATE,
      baseUrl: c.SMS_BASE_URL,
    },
    smsSendEveryMs: c.SMS_SEND_INTERVAL_SECONDS * 1000,
  };
}
