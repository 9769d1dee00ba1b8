import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, publicUrlWarning } from './config';

function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('has defaults for everything', () => {
    const c = loadConfig({});
    expect(c.env).toBe('development');
    expect(c.port).toBe(3000);
    expect(c.host).toBe('0.0.0.0');
    expect(c.dataDir).toBe(path.resolve('./data'));
    expect(c.databaseUrl).toBeUndefined();
    expect(c.seedDemo).toBe(true);
    expect(c.logLevel).toBe('info');
    expect(c.sessionIdleMs).toBe(7 * 24 * 3_600_000);
    expect(c.sessionMaxMs).toBe(30 * 86_400_000);
    expect(c.trustProxy).toBe(false);
    expect(path.isAbsolute(c.webDist)).toBe(true);
    expect(c.backup).toEqual({ dir: path.resolve('./data/backups'), everyHours: 24, keep: 7, format: 'native' });
    expect(c.uploadsStore).toBe('disk');
  });

  it('keeps uploads in the database by default on PostgreSQL, where instances share them', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/school' }).uploadsStore).toBe('database');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/school', UPLOADS_STORE: 'disk' }).uploadsStore).toBe('disk');
    expect(loadConfig({ UPLOADS_STORE: 'database' }).uploadsStore).toBe('database');
    expect(configError({ UPLOADS_STORE: 's3' }).message).toContain('UPLOADS_STORE');
  });

  it('keeps backups out of every folder the web server serves', () => {
    expect(configError({ DATA_DIR: '/srv/m', BACKUP_DIR: '/srv/m/uploads/backups' }).message).toContain(
      'BACKUP_DIR="/srv/m/uploads/backups": must be outside UPLOADS_DIR',
    );
    expect(configError({ WEB_DIST: '/srv/web', BACKUP_DIR: '/srv/web' }).message).toContain('outside WEB_DIST');
    expect(configError({ BACKUP_KEEP: '0' }).message).toContain('BACKUP_KEEP');
    const c = loadConfig({
      BACKUP_DIR: '/var/backups/madreseh',
      BACKUP_EVERY_HOURS: '0',
      BACKUP_KEEP: '30',
      BACKUP_FORMAT: 'logical',
    });
    expect(c.backup).toEqual({ dir: '/var/backups/madreseh', everyHours: 0, keep: 30, format: 'logical' });
  });

  it('reads the values it is given and treats empty ones as unset', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/madreseh',
      DATABASE_URL: 'postgresql://u@db:5432/school',
      SESSION_IDLE_HOURS: '2',
      SESSION_MAX_DAYS: '1',
      TRUST_PROXY: 'true',
      LOG_LEVEL: '',
    });
    expect(c.port).toBe(8080);
    expect(c.host).toBe('127.0.0.1');
    expect(c.dataDir).toBe('/srv/madreseh');
    expect(c.databaseUrl).toBe('postgresql://u@db:5432/school');
    expect(c.sessionIdleMs).toBe(2 * 3_600_000);
    expect(c.sessionMaxMs).toBe(86_400_000);
    expect(c.trustProxy).toBe(1);
    expect(c.logLevel).toBe('info');
  });

  it.each([
    ['0', false],
    ['no', false],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['127.0.0.1', ['127.0.0.1']],
    [' 10.0.0.0/8, ::1 ,loopback', ['10.0.0.0/8', '::1', 'loopback']],
  ] as const)('TRUST_PROXY=%s trusts exactly %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['11', 'everyone', '10.0.0.0/33', '1.2.3', '1,2', '*'])('stops on TRUST_PROXY=%s', (value) => {
    const err = configError({ TRUST_PROXY: value });
    expect(err.message).toContain('TRUST_PROXY');
  });

  it.each(['abc', '70000', '-1', '3000.5'])('stops on PORT=%s with a message naming PORT', (port) => {
    const err = configError({ PORT: port });
    expect(err.message).toContain('Invalid configuration');
    expect(err.message).toContain(`PORT="${port}"`);
  });

  it.each(['mysql://db/school', 'localhost:5432', 'not a url'])('stops on DATABASE_URL=%s', (url) => {
    const err = configError({ DATABASE_URL: url });
    expect(err.message).toContain('DATABASE_URL');
    expect(err.message).toContain('postgres://');
  });

  it('reads SMS_* as overrides of the notification settings, unset ones left to the dashboard', () => {
    expect(loadConfig({}).sms).toEqual({
      provider: undefined,
      apiKey: undefined,
      sender: undefined,
      dailyCap: undefined,
      reminderDaysBefore: undefined,
      baseUrl: undefined,
    });
    expect(loadConfig({}).smsSendEveryMs).toBe(15_000);
    const c = loadConfig({
      SMS_PROVIDER: 'kavenegar',
      SMS_API_KEY: 'k-123',
      SMS_SENDER: '10004346',
      SMS_DAILY_CAP: '0',
      SMS_REMINDER_DAYS: '5',
      SMS_BASE_URL: 'http://127.0.0.1:9000',
      SMS_SEND_INTERVAL_SECONDS: '60',
      SMS_OTP_DAILY_CAP: '120',
      SMS_OTP_TEMPLATE: 'madreseh-code',
    });
    expect(c.sms).toEqual({
      provider: 'kavenegar',
      apiKey: 'k-123',
      sender: '10004346',
      dailyCap: 0,
      reminderDaysBefore: 5,
      otpDailyCap: 120,
      otpTemplate: 'madreseh-code',
      baseUrl: 'http://127.0.0.1:9000',
    });
    expect(configError({ SMS_OTP_TEMPLATE: 'a template' }).message).toContain('SMS_OTP_TEMPLATE');
    expect(c.smsSendEveryMs).toBe(60_000);
    const err = configError({ SMS_PROVIDER: 'twilio', SMS_SENDER: '+98-1000', SMS_REMINDER_DAYS: '40' });
    expect(err.message).toContain('SMS_PROVIDER');
    expect(err.message).toContain('SMS_SENDER');
    expect(err.message).toContain('SMS_REMINDER_DAYS');
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'x', NODE_ENV: 'staging', LOG_LEVEL: 'loud' });
    expect(err.message).toContain('PORT');
    expect(err.message).toContain('NODE_ENV');
    expect(err.message).toContain('LOG_LEVEL');
  });

  describe('SEED_DEMO', () => {
    it('loads demo data outside production unless told not to', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).seedDemo).toBe(true);
      expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
      expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: '0' }).seedDemo).toBe(false);
      expect(loadConfig({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
    });

    it('never loads demo data in production (SEED_DEMO=1 there stops the start)', () => {
      expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '' }).seedDemo).toBe(false);
      expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '0' }).seedDemo).toBe(false);
      expect(configError({ NODE_ENV: 'production', SEED_DEMO: '1' }).message).toContain('SEED_DEMO');
    });

    it('stops on a value that is not a yes or no', () => {
      expect(configError({ SEED_DEMO: 'maybe' }).message).toContain('SEED_DEMO');
    });
  });
});

describe('the start-up warning about PUBLIC_URL', () => {
  it('is said in English and Persian on a server run for real without PUBLIC_URL', () => {
    for (const env of [
      { NODE_ENV: 'production' },
      { DATABASE_URL: 'postgres://madreseh@db/school' },
      { ZARINPAL_MERCHANT_ID: '00000000-0000-0000-0000-000000000000' },
    ]) {
      const warning = publicUrlWarning(loadConfig(env));
      expect(warning).toContain('PUBLIC_URL is not set: login slips and payment callbacks will use the host');
      expect(warning).toContain('PUBLIC_URL تنظیم نشده است: برگه‌های ورود');
    }
  });

  it('is not said once PUBLIC_URL is set, nor on a trial run', () => {
    expect(publicUrlWarning(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://school.example' }))).toBeNull();
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
  });
});
