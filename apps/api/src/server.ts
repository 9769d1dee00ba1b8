import { eq, sql } from 'drizzle-orm';
import { buildApp } from './app';
import type { SessionPolicy } from './auth/sessions';
import { ConfigError, loadConfig, publicUrlWarning } from './config';
import {
  backupCommand,
  createAdminCommand,
  dbStatusCommand,
  doctorCommand,
  fakeSmsCommand,
  runJobCommand,
  uploadsImportCommand,
} from './control/commands';
import { localUrl, newControlToken, removeControlFile, writeControlFile } from './control/control-file';
import { DatabaseOpenError } from './db/client';
import { demoBanner, isDemoDatabase, openDemoAccounts, productionRefusal } from './db/demo';
import { analyzeInBackground } from './db/maintenance';
import { databaseIdentity, openConfiguredDatabase } from './db/open';
import { users } from './db/schema/users';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed-demo';
import { withAdvisoryLock } from './jobs/advisory-lock';
import { housekeepingJobs, PARTIAL_UPLOAD_AGE_MS } from './jobs/housekeeping';
import { createScheduler, type JobLog } from './jobs/scheduler';
import type { BackupsOptions } from './modules/backups/backups.routes';
import { backupJobs } from './modules/backups/backups.service';
import { notificationJobs } from './modules/notifications/notifications.jobs';
import { reconcileJob } from './modules/payments/payments.jobs';
import { databaseStorage } from './storage/database-storage';
import { holdingRemovals } from './storage/removal-hold';
import { localDiskStorage, removePartialUploads } from './storage/storage';

/** In-flight requests get this long to finish after SIGTERM; then their connections are cut. */
const SHUTDOWN_GRACE_MS = 10_000;

function fail(message: string): never {
  console.error(`\nMadreseh could not start.\n${message}\n`);
  process.exit(1);
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }

  let database: Awaited<ReturnType<typeof openConfiguredDatabase>>;
  try {
    database = await openConfiguredDatabase(config, 'server');
  } catch (err) {
    if (err instanceof DatabaseOpenError) fail(err.message);
    fail(`The database could not be opened: ${(err as Error).message}`);
  }
  try {
    await database.migrate();
  } catch (err) {
    await database.close().catch(() => {});
    fail(`The database could not be migrated: ${(err as Error).message}`);
  }
  const { db } = database;
  // Uploads whose deletions a backup can hold while it copies them (storage/removal-hold.ts).
  const storage = holdingRemovals(
    config.uploadsStore === 'database' ? databaseStorage(db, config.uploadsDir) : localDiskStorage(config.uploadsDir),
  );
  const backups: BackupsOptions = {
    source: {
      databaseUrl: config.databaseUrl ?? null,
      uploadsDir: config.uploadsDir,
      holdRemovals: storage.holdRemovals,
      format: config.backup.format,
    },
    settings: config.backup,
  };

  // Instances starting together on one empty PostgreSQL: one of them loads the demo, the others wait
  // for it (so each sees a demo database, with its test gateway, from its first request).
  const seeded = config.seedDemo
    ? await withAdvisoryLock(
        db,
        'seed-demo',
        async () => {
          if (!(await isDatabaseEmpty(db))) return false;
          await seedDemo(db, { storage });
          return true;
        },
        { wait: true },
      )
    : null;
  if (seeded?.acquired && seeded.value) {
    console.log('\nDemo data loaded. Demo accounts (password for all: %s):', DEMO_PASSWORD);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(12)} ${a.role}`);
  }
  // Safe by default: demo accounts with the published password never run in production, the test
  // gateway is on only for a demo database (unless PAYMENT_SANDBOX_GATEWAY says otherwise), and a
  // demo says so loudly at every start.
  const demo = await isDemoDatabase(db);
  const openDemo = await openDemoAccounts(db);
  const refusal = productionRefusal(config.env, openDemo);
  if (refusal) {
    await database.close().catch(() => {});
    fail(refusal);
  }
  config.payments = { ...config.payments, sandboxGateway: config.sandboxGatewaySet ?? demo };
  if (demo || openDemo.length > 0) console.warn(demoBanner(openDemo, config.payments.sandboxGateway));
  const noPublicUrl = publicUrlWarning(config);
  if (noPublicUrl) console.warn(`\n${noPublicUrl}\n`);
  const [superAdmins] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, 'super-admin'));
  if (!superAdmins?.n) {
    console.warn(
      '\nNo super-admin account exists yet. Create the first one with:\n  npm run create-admin\n' +
        '(or ADMIN_USERNAME=... ADMIN_PASSWORD=... npm run create-admin)\n',
    );
  }
  // Half-written uploads from a crash; younger ones may belong to another instance sharing the folder.
  await removePartialUploads(config.uploadsDir, config.databaseUrl ? PARTIAL_UPLOAD_AGE_MS : 0);

  const policy: SessionPolicy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  // Scheduled jobs log through the app's logger, which exists once the app is built.
  let jobLog: JobLog = { info: console.log, warn: console.warn, error: console.error };
  const jobs = createScheduler({
    db,
    log: { info: (o, m) => jobLog.info(o, m), warn: (o, m) => jobLog.warn(o, m), error: (o, m) => jobLog.error(o, m) },
  });
  // Every RECONCILE_INTERVAL_MINUTES, or only when asked (npm run payments:reconcile) when it is 0.
  jobs.add(reconcileJob(config.payments, config.reconcile));
  for (const job of housekeepingJobs({ policy, uploadsDir: config.uploadsDir })) jobs.add(job);
  // A backup every BACKUP_EVERY_HOURS (one instance at a time), and on demand (download, npm run backup).
  for (const job of backupJobs(backups.source, backups.settings)) jobs.add(job);
  // The SMS sender and due-date reminders (one instance at a time; the outbox rows are claimed).
  for (const job of notificationJobs(config.sms, config.smsSendEveryMs)) jobs.add(job);

  const token = newControlToken();
  const app = await buildApp({
    db,
    config,
    storage,
    backups,
    control: {
      token,
      commands: [
        runJobCommand(jobs),
        createAdminCommand(db),
        backupCommand(db, backups),
        dbStatusCommand(db),
        uploadsImportCommand(db, config.uploadsDir),
        doctorCommand(db),
        fakeSmsCommand(),
      ],
    },
  });
  jobLog = app.log.child({ part: 'jobs' });

  let closing = false;
  // While shutting down, every answer closes its connection: a keep-alive client does not hold the
  // process open after its request is done.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    return payload;
  });

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    await database.close().catch(() => {});
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      fail(
        `Port ${config.port} is already in use by another program. Stop it or choose another port: PORT=3001 npm start`,
      );
    }
    throw err;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  writeControlFile(config.dataDir, {
    url: localUrl(config.host, port),
    token,
    pid: process.pid,
    database: databaseIdentity(config),
  });
  jobs.start();
  // Planner statistics for the data as it is now (PGlite never gathers them by itself).
  void analyzeInBackground(db, (err) => app.log.warn({ err }, 'analyze at start-up failed'));
  console.log(
    `\nMadreseh is running at http://localhost:${port}/  (database: ${database.driver} ${database.location})\n`,
  );

  /**
   * SIGTERM / SIGINT: stop accepting, let in-flight requests finish for up to SHUTDOWN_GRACE_MS
   * (idle keep-alive connections close at once), stop the jobs, close the database (which frees
   * the data folder), exit 0. A second signal exits at once.
   */
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} received again: exiting now`);
      process.exit(1);
    }
    closing = true;
    const began = Date.now();
    app.log.info(`${signal} received, shutting down`);
    removeControlFile(config.dataDir, token);
    const cut = setTimeout(() => {
      app.log.warn(`requests still running after ${SHUTDOWN_GRACE_MS / 1000} s: their connections are closed`);
      app.server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    try {
      await Promise.all([app.close(), jobs.stop(SHUTDOWN_GRACE_MS)]);
    } catch (err) {
      app.log.error({ err }, 'error while closing the server');
    }
    clearTimeout(cut);
    try {
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'error while closing the database');
    }
    app.log.info({ ms: Date.now() - began }, 'stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
