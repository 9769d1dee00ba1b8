import { eq, sql } from 'drizzle-orm';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DatabaseOpenError } from './db/client';
import { analyzeInBackground } from './db/maintenance';
import { openConfiguredDatabase } from './db/open';
import { users } from './db/schema/users';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, isDatabaseEmpty, seedDemo } from './db/seed-demo';
import { localDiskStorage } from './storage/storage';

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
    database = await openConfiguredDatabase(config);
    await database.migrate();
  } catch (err) {
    if (err instanceof DatabaseOpenError) fail(err.message);
    fail(`The database could not be opened or migrated: ${(err as Error).message}`);
  }
  const { db } = database;

  if (config.seedDemo && (await isDatabaseEmpty(db))) {
    await seedDemo(db, { storage: localDiskStorage(config.uploadsDir) });
    console.log('\nDemo data loaded. Demo accounts (password for all: %s):', DEMO_PASSWORD);
    for (const a of DEMO_ACCOUNTS) console.log(`  ${a.username.padEnd(12)} ${a.role}`);
  }
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

  const app = await buildApp({ db, config });
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
  // Planner statistics for the data as it is now (PGlite never gathers them by itself).
  void analyzeInBackground(db, (err) => app.log.warn({ err }, 'analyze at start-up failed'));
  console.log(
    `\nMadreseh is running at http://localhost:${config.port}/  (database: ${database.driver} ${database.location})\n`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
