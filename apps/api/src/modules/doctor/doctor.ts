import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_STALE_HOURS } from '@madreseh/contract/backups/backups.contract';
import { inArray, sql } from 'drizzle-orm';
import { verifyPassword } from '../../auth/passwords';
import type { Config } from '../../config';
import { type Db, MIGRATIONS_DIR } from '../../db/client';
import { type MigrationStatus, migrationStatus } from '../../db/migration-status';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema/users';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed-demo';
import { lastBackup } from '../backups/backups.service';
import { checkPgDump } from '../backups/database-dump';

/**
 * `npm run doctor`: checks a deployment and says what to fix. The facts that need the database are
 * gathered by `databaseFacts` (by the running server when there is one); the rest from the
 * configuration and the machine.
 */
export interface DatabaseFacts {
  migrations: MigrationStatus;
  lastBackup: { at: string; bytes: number; name: string } | null;
  superAdmins: number;
  /** Demo accounts that still sign in with the demo password. */
  demoAccounts: string[];
  serverVersionNum: number | null;
}

export async function databaseFacts(db: Db): Promise<DatabaseFacts> {
  const migrations = await migrationStatus(db, MIGRATIONS_DIR);
  if (!migrations.applied.length) {
    return { migrations, lastBackup: null, superAdmins: 0, demoAccounts: [], serverVersionNum: null };
  }
  const [admins] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.role} = 'super-admin' and ${users.active}`);
  const demo = await db
    .select({ username: users.username, hash: users.passwordHash })
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_ACCOUNTS.map((a) => a.username),
      ),
    );
  const demoAccounts: string[] = [];
  for (const d of demo) if (await verifyPassword(DEMO_PASSWORD, d.hash)) demoAccounts.push(d.username);
  const rows = await rowsOf<{ server_version_num?: string }>(db, sql`show server_version_num`);
  return {
    migrations,
    lastBackup: await lastBackup(db),
    superAdmins: admins?.n ?? 0,
    demoAccounts,
    serverVersionNum: Number(rows[0]?.server_version_num) || null,
  };
}

export type Verdict = 'ok' | 'warn' | 'fail';
export interface Finding {
  verdict: Verdict;
  what: string;
  /** What to do about it (warn and fail). */
  fix?: string;
}

function writable(dir: string): string | null {
  try {
    fs.mkdirSync(dir, { recursive: true });
    const probe = path.join(dir, `.doctor-${process.pid}`);
    fs.writeFileSync(probe, 'x');
    fs.rmSync(probe);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** Every check, in the order printed. `facts` is null when the database could not be reached. */
export async function examine(
  config: Config,
  facts: DatabaseFacts | null,
  reached: { error?: string; via: string },
  now = Date.now(),
): Promise<Finding[]> {
  const out: Finding[] = [];
  const ok = (what: string) => out.push({ verdict: 'ok', what });
  const warn = (what: string, fix: string) => out.push({ verdict: 'warn', what, fix });
  const fail = (what: string, fix: string) => out.push({ verdict: 'fail', what, fix });
  const production = config.env === 'production';

  // The database.
  if (!facts) {
    fail(
      `Database not reachable: ${reached.error ?? 'unknown error'}`,
      config.databaseUrl
        ? 'Check DATABASE_URL, that PostgreSQL runs and that this user may connect (pg_hba.conf).'
        : 'Check DATA_DIR and its permissions; stop any other program using the embedded database.',
    );
  } else {
    ok(`Database reachable (${config.databaseUrl ? 'PostgreSQL' : 'embedded'}, through ${reached.via})`);
    const m = facts.migrations;
    if (!m.applied.length) {
      warn(
        'The database is empty (the server has never started on it)',
        'Start the server once: it creates the tables.',
      );
    } else if (m.unknown.length) {
      fail(
        `The database was migrated by a newer version (${m.unknown.length} unknown migration(s))`,
        'Run the newer version of Madreseh, or restore a backup made by this one.',
      );
    } else if (m.pending.length) {
      warn(
        `${m.pending.length} migration(s) not applied yet (${m.pending.at(-1)?.tag}${m.pending.length > 1 ? ' and earlier' : ''})`,
        'They are applied at the next start of the server: restart it (after a backup: npm run backup).',
      );
    } else ok(`Migrations current (${m.last ?? 'none'})`);
    if (!m.applied.length) {
      // Nothing more to learn from an empty database.
    } else if (facts.superAdmins === 0) {
      fail('No active super-admin account', 'Create one: npm run create-admin');
    } else ok(`${facts.superAdmins} active super-admin account(s)`);
    if (facts.demoAccounts.length) {
      const line = `Demo accounts sign in with the demo password: ${facts.demoAccounts.join(', ')}`;
      if (production) {
        fail(
          line,
          'Deactivate them or give them new passwords in /dashboard/admins (students: /dashboard/student/list).',
        );
      } else warn(line, 'Fine for a trial; never in production.');
    }
    const last = facts.lastBackup;
    if (!m.applied.length) {
      // no backup of an empty database
    } else if (!last) {
      fail('No backup has been made yet', 'Run npm run backup now, and keep BACKUP_EVERY_HOURS on (default 24).');
    } else {
      const hours = (now - Date.parse(last.at)) / 3_600_000;
      if (hours > BACKUP_STALE_HOURS) {
        fail(
          `The latest backup is ${Math.round(hours)} hours old (${last.name})`,
          'Check the server log for "job failed" (job backup-scheduled) and run npm run backup.',
        );
      } else
        ok(
          `Latest backup ${Math.round(hours * 10) / 10} h ago (${last.name}, ${(last.bytes / 1048576).toFixed(1)} MB)`,
        );
    }
    if (config.databaseUrl && facts.serverVersionNum) {
      try {
        await checkPgDump(facts.serverVersionNum);
        ok('pg_dump is installed and can dump this server');
      } catch (err) {
        fail((err as Error).message, 'Backups of PostgreSQL need pg_dump of the server’s version or newer.');
      }
    }
  }

  // Files.
  const uploadsProblem =
    config.uploadsStore === 'disk' || fs.existsSync(config.uploadsDir) ? writable(config.uploadsDir) : null;
  if (uploadsProblem)
    fail(
      `Uploads folder ${config.uploadsDir} is not writable: ${uploadsProblem}`,
      'Give the server’s user write access to it.',
    );
  else
    ok(
      config.uploadsStore === 'database'
        ? 'Uploads kept in the database'
        : `Uploads folder ${config.uploadsDir} writable`,
    );
  const backupProblem = writable(config.backup.dir);
  if (backupProblem)
    fail(
      `Backup folder ${config.backup.dir} is not writable: ${backupProblem}`,
      'Create it for the server’s user, or set BACKUP_DIR.',
    );
  else ok(`Backup folder ${config.backup.dir} writable; keeps ${config.backup.keep}`);
  if (config.backup.everyHours <= 0)
    warn(
      'Scheduled backups are off (BACKUP_EVERY_HOURS=0)',
      'Set BACKUP_EVERY_HOURS=24, or back up from cron with npm run backup.',
    );
  if (!fs.existsSync(path.join(config.webDist, 'index.html'))) {
    fail(`The web app is not built (${config.webDist})`, 'Run npm run build.');
  } else ok('Web app built');

  // Addresses and the proxy.
  const pub = config.payments.publicUrl;
  if (!pub) {
    if (production) {
      (config.payments.zarinpal ? fail : warn)(
        'PUBLIC_URL is not set',
        'Set PUBLIC_URL=https://your-school.example (the address payers and the gateway come back to).',
      );
    } else ok('PUBLIC_URL not set (the request’s host is used; fine outside production)');
  } else if (production && !pub.startsWith('https://')) {
    fail(
      `PUBLIC_URL ${pub} is not https`,
      'Serve the portal over HTTPS (nginx with a certificate) and set PUBLIC_URL=https://….',
    );
  } else ok(`PUBLIC_URL ${pub}`);
  if (production && !config.trustProxy) {
    warn(
      'TRUST_PROXY is off',
      'Behind nginx set TRUST_PROXY=1, or rate limits and the audit log see the proxy’s address for everyone.',
    );
  }
  if (production && config.trustProxy && config.host === '0.0.0.0') {
    warn(
      'The server listens on every address while trusting X-Forwarded-For',
      'Set HOST=127.0.0.1 so only the proxy reaches it.',
    );
  }

  // Production mode.
  if (!production) warn(`NODE_ENV is ${config.env}`, 'Set NODE_ENV=production on a school’s server.');
  else {
    ok('NODE_ENV=production');
    if (config.seedDemo) fail('SEED_DEMO is on in production', 'Remove SEED_DEMO (or set SEED_DEMO=0).');
    if (config.payments.sandboxGateway) {
      fail('The test payment gateway is on in production', 'Remove PAYMENT_SANDBOX_GATEWAY (or set it to 0).');
    }
  }
  return out;
}
