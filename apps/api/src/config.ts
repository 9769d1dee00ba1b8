import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

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
  TRUST_PROXY: bool.default(false),
  WEB_DIST: z.string().min(1).optional(),
  UPLOADS_DIR: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seedDemo: boolean;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  sessionIdleMs: number;
  sessionMaxMs: number;
  trustProxy: boolean;
  webDist: string;
  /** Uploaded images (UPLOADS_DIR, default <DATA_DIR>/uploads). */
  uploadsDir: string;
};

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
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    seedDemo: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    logLevel: c.LOG_LEVEL,
    sessionIdleMs: c.SESSION_IDLE_HOURS * 3_600_000,
    sessionMaxMs: c.SESSION_MAX_DAYS * 86_400_000,
    trustProxy: c.TRUST_PROXY,
    webDist: path.resolve(c.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    uploadsDir: path.resolve(c.UPLOADS_DIR ?? path.join(c.DATA_DIR, 'uploads')),
  };
}
