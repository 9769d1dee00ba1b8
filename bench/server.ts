// The server under test, in a process of its own (so the load generator does not share its event loop):
// the whole app as `npm run serve` builds it, logging at info level, plus the two ceilings on a bare
// Fastify instance in the same process — `/bare` answers a constant, `/one-query` runs one primary-key
// SELECT through the same database driver. Started by bench/api.ts; reports its ports over IPC.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { type DatabaseTarget, openDatabase } from '../apps/api/src/db/client';
import { analyzeInBackground } from '../apps/api/src/db/maintenance';
import { users } from '../apps/api/src/db/schema/users';

const target = JSON.parse(process.env.BENCH_TARGET ?? '') as DatabaseTarget;
const webDist = process.env.BENCH_WEB_DIST || undefined;

// BENCH_IN_PROCESS=1: PGlite on the server's own thread, as before decision 0009, to compare.
const database = await openDatabase(target, { inProcess: process.env.BENCH_IN_PROCESS === '1' });
await database.migrate();
const { db } = database;
const [first] = await db.select({ id: users.id }).from(users).limit(1);
const userId = first?.id ?? 1;

// As server.ts does at start-up (in the background there; awaited here so every run starts alike).
await analyzeInBackground(db);

const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-bench-uploads-'));
const app = await buildApp({
  db,
  config: {
    sessionIdleMs: 7 * 24 * 3_600_000,
    sessionMaxMs: 30 * 86_400_000,
    trustProxy: false,
    logLevel: 'info',
    uploadsDir,
    webDist,
  },
  logStream: fs.createWriteStream('/dev/null'),
});
await app.listen({ port: 0, host: '127.0.0.1' });

const byId = db
  .select({ id: users.id, username: users.username })
  .from(users)
  .where(eq(users.id, sql.placeholder('id')))
  .prepare('bench_one_query');
const bare = Fastify();
bare.get('/bare', async () => ({ ok: true }));
bare.get('/one-query', async () => {
  const [row] = await byId.execute({ id: userId });
  return row;
});
await bare.listen({ port: 0, host: '127.0.0.1' });

/**
 * The longest step of this thread's event loop, in CPU time: every 5 ms a timer reads how long the thread
 * has run on a core (Linux /proc/thread-self/schedstat), so what a tick finds beyond the last one is work
 * that held the loop, not time the thread waited for a core on a busy machine. Null where it cannot be read.
 */
const longestStep = (() => {
  let fd: number;
  try {
    fd = fs.openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return null;
  }
  const buf = Buffer.alloc(128);
  const onCpuNs = () => Number(buf.toString('latin1', 0, fs.readSync(fd, buf, 0, buf.length, 0)).split(' ')[0]);
  let last = onCpuNs();
  let longest = 0;
  setInterval(() => {
    const now = onCpuNs();
    longest = Math.max(longest, (now - last) / 1e6);
    last = now;
  }, 5).unref();
  /** The longest step since the last call, in ms. */
  return () => {
    const out = longest;
    longest = 0;
    return Math.round(out * 10) / 10;
  };
})();

const portOf = (s: typeof app) => (s.server.address() as { port: number }).port;
process.send?.({ app: portOf(app), bare: portOf(bare), driver: database.driver });
// The benchmark went away without saying stop: do not outlive it.
process.on('disconnect', () => process.exit(0));
process.on('message', async (m) => {
  if (m === 'longest-step') process.send?.({ longestStep: longestStep ? longestStep() : null });
  if (m !== 'stop') return;
  await bare.close();
  await app.close();
  await database.close();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
  process.exit(0);
});
