// The API benchmark (bench/README.md): a realistic school on the embedded database and, when BENCH_DATABASE_URL
// names a PostgreSQL server, on PostgreSQL; autocannon at 100 connections against each endpoint, interleaved
// with the two ceilings measured in the same run; a stall probe; the 500-vs-5,000 flatness check; and the
// dashboard's cost before the planner has statistics. See bench/README.md.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type DatabaseTarget, openDatabase } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed-demo';
import { dashboardFigures } from '../apps/api/src/modules/dashboard/dashboard.service';
import { BENCH_STUDENT, seedSchool } from './seed-school';

export interface ApiOptions {
  dbs: ('pglite' | 'postgres')[];
  duration: number;
  connections: number;
  students: number;
  smallStudents: number;
  webDist: string | undefined;
  /** Names of endpoints (table lines) to leave out, e.g. one known to take minutes. */
  skip: string[];
  /** Run PGlite on the server's event loop instead of its worker thread (to compare, decision 0009). */
  pgliteInProcess: boolean;
}

export interface Load {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  non2xx: number;
}

export interface EndpointResult extends Load {
  /** Share of the bare route and of the one-query route measured just before it. */
  ofBare: number;
  ofOneQuery: number;
}

export interface DbResult {
  driver: 'pglite' | 'postgres';
  /** PGlite on the server's event loop (only when asked, to compare). */
  inProcess?: boolean;
  seedSeconds: { large: number; small: number };
  ceilings: Load[];
  endpoints: EndpointResult[];
  dashboardWithoutStatistics: { p50: number; max: number; runs: number };
  stall: StallLine[];
  flatness: { name: string; small: Load; large: Load; ratio: number }[];
}

export interface StallLine {
  heavy: string;
  heavyMs: number;
  staticMs: number | null;
  schoolMs: number;
  /** The server's longest event-loop step while it ran, in CPU ms (Linux; null elsewhere). */
  longestStepMs?: number | null;
}

const ROOT = path.resolve(import.meta.dirname, '..');

/** A database of the realistic school: a PGlite folder, or a new database on the server. */
interface Prepared {
  target: DatabaseTarget;
  drop(): Promise<void>;
  seedSeconds: number;
}

async function prepare(driver: 'pglite' | 'postgres', students: number): Promise<Prepared> {
  let target: DatabaseTarget;
  let drop: () => Promise<void>;
  if (driver === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-bench-db-'));
    target = { kind: 'pglite', dir };
    drop = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const server = process.env.BENCH_DATABASE_URL as string;
    const name = `madreseh_bench_${students}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    await admin.end();
    const url = new URL(server);
    url.pathname = `/${name}`;
    target = { kind: 'postgres', url: url.toString() };
    drop = async () => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    };
  }
  const started = performance.now();
  const database = await openDatabase(target);
  try {
    await database.migrate();
    await seedDemo(database.db);
    await seedSchool(database.db, { students });
  } finally {
    await database.close();
  }
  return { target, drop, seedSeconds: (performance.now() - started) / 1000 };
}

/** The dashboard's figures timed straight after seeding, before anything gathered planner statistics. */
async function dashboardCold(target: DatabaseTarget): Promise<DbResult['dashboardWithoutStatistics']> {
  const database = await openDatabase(target);
  try {
    if (target.kind === 'postgres') {
      // Autovacuum may have analysed the new tables already: forget what it gathered.
      await database.db.execute(
        sql`delete from pg_statistic where starelid in (select relid from pg_stat_user_tables where schemaname = 'public')`,
      );
    }
    const times: number[] = [];
    const until = performance.now() + 60_000;
    for (let i = 0; i < 7 && performance.now() < until; i++) {
      const t0 = performance.now();
      await dashboardFigures(database.db);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { p50: round(times[Math.floor(times.length / 2)] ?? 0), max: round(times.at(-1) ?? 0), runs: times.length };
  } finally {
    await database.close();
  }
}

export interface Server {
  base: string;
  bare: string;
  child: ChildProcess;
  stop(): Promise<void>;
  /** The server's longest event-loop step since the last call, in CPU ms (bench/server.ts). */
  longestStep(): Promise<number | null>;
}

export async function startServer(
  target: DatabaseTarget,
  webDist: string | undefined,
  inProcess = false,
): Promise<Server> {
  const child = fork(path.join(ROOT, 'bench/server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      BENCH_TARGET: JSON.stringify(target),
      BENCH_WEB_DIST: webDist ?? '',
      BENCH_IN_PROCESS: inProcess ? '1' : '',
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const ports = await new Promise<{ app: number; bare: number }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as { app: number; bare: number }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    base: `http://127.0.0.1:${ports.app}`,
    bare: `http://127.0.0.1:${ports.bare}`,
    child,
    longestStep: () =>
      new Promise((resolve) => {
        const answer = (m: unknown) => {
          if (!m || typeof m !== 'object' || !('longestStep' in m)) return;
          child.off('message', answer);
          resolve((m as { longestStep: number | null }).longestStep);
        };
        child.on('message', answer);
        child.send('longest-step');
      }),
    stop: () =>
      new Promise((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.send('stop');
      }),
  };
}

interface Request {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * Waits until the server has worked off what the last run left in flight (autocannon abandons up to 100
 * requests when it stops): one primary-key read must come back within 50 ms, for at most a minute.
 */
async function settle(probe: string) {
  const until = performance.now() + 60_000;
  while (performance.now() < until) {
    const t = performance.now();
    const res = await fetch(probe).catch(() => null);
    await res?.arrayBuffer();
    if (res?.ok && performance.now() - t < 50) return;
    await new Promise((done) => setTimeout(done, 100));
  }
}

async function load(r: Request, o: ApiOptions, probe: string): Promise<Load> {
  const result = await autocannon({
    url: r.url,
    method: r.method ?? 'GET',
    headers: r.headers,
    body: r.body,
    connections: o.connections,
    duration: o.duration,
    timeout: 10,
  });
  await settle(probe);
  return {
    name: r.name,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

async function api(s: Server, p: string, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(`${s.base}/api/v1/${p}`, init);
  if (!res.ok) throw new Error(`${p} answered ${res.status}: ${await res.text()}`);
  return res;
}

export async function tokenOf(s: Server, username: string, password: string): Promise<string> {
  const res = await api(s, 'auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** The requests of the table, signed in as an ordinary student of the school and as an admin. */
async function requestsOf(
  s: Server,
  skip: string[] = [],
): Promise<{ all: Request[]; flat: Request[]; admin: Record<string, string> }> {
  const student = { authorization: `Bearer ${await tokenOf(s, BENCH_STUDENT.username, BENCH_STUDENT.password)}` };
  const admin = { authorization: `Bearer ${await tokenOf(s, 'admin', 'demo1234')}` };
  const page1 = (await (await api(s, 'panel/student?page=1&pageSize=20', { headers: admin })).json()) as {
    total: number;
  };
  const lastPage = Math.max(1, Math.ceil(page1.total / 20));
  const u = (p: string) => `${s.base}/api/v1/${p}`;
  const studentList: Request[] = [
    { name: 'panel/student (page 1)', url: u('panel/student?page=1&pageSize=20'), headers: admin },
    { name: 'panel/student (last page)', url: u(`panel/student?page=${lastPage}&pageSize=20`), headers: admin },
    { name: 'panel/student (search)', url: u(`panel/student?q=${encodeURIComponent('رضا')}`), headers: admin },
  ];
  const invoices: Request = { name: 'student/invoices', url: u('student/invoices'), headers: student };
  const all: Request[] = [
    {
      name: 'auth/check-token',
      url: u('auth/check-token'),
      method: 'POST',
      headers: { ...student, 'content-type': 'application/json' },
      body: '{}',
    },
    { name: 'student/me', url: u('student/me'), headers: student },
    { name: 'student/report-card', url: u('student/report-card'), headers: student },
    invoices,
    { name: 'student/news', url: u('student/news'), headers: student },
    { name: 'general/news', url: u('general/news') },
    { name: 'general/gallery', url: u('general/gallery') },
    { name: 'general/school', url: u('general/school') },
    ...studentList,
    { name: 'panel/dashboard', url: u('panel/dashboard'), headers: admin },
  ];
  return { all: all.filter((r) => !skip.includes(r.name)), flat: [...studentList, invoices], admin };
}

/** Sends one heavy request and meanwhile asks for a static file and general/school every 20 ms. */
export async function stallProbe(
  s: Server,
  admin: Record<string, string>,
  webDist: string | undefined,
  only?: string[],
) {
  const staticUrl = webDist && fs.existsSync(path.join(webDist, 'index.html')) ? `${s.base}/` : null;
  const heavy: Request[] = [
    { name: 'panel/dashboard', url: `${s.base}/api/v1/panel/dashboard`, headers: admin },
    { name: 'panel/student/export', url: `${s.base}/api/v1/panel/student/export`, headers: admin },
    {
      name: 'panel/invoices/export (a year)',
      url: `${s.base}/api/v1/panel/invoices/export?from=2025-09-01&to=2026-08-31`,
      headers: admin,
    },
    { name: 'panel/student (search)', url: `${s.base}/api/v1/panel/student?q=1400`, headers: admin },
  ];
  const out: DbResult['stall'] = [];
  for (const h of heavy.filter((r) => !only || only.includes(r.name))) {
    await s.longestStep();
    let done = false;
    let worstStatic = 0;
    let worstSchool = 0;
    const t0 = performance.now();
    const main = fetch(h.url, { headers: h.headers })
      .then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      })
      .catch(() => 0)
      .finally(() => {
        done = true;
      });
    // A fresh connection each time; a failed probe counts as stalled for as long as it took.
    const timed = async (url: string) => {
      const t = performance.now();
      try {
        const res = await fetch(url, { headers: { connection: 'close' } });
        await res.arrayBuffer();
        return res.ok ? performance.now() - t : Number.POSITIVE_INFINITY;
      } catch {
        return Number.POSITIVE_INFINITY;
      }
    };
    await new Promise((r) => setTimeout(r, 5));
    do {
      const [a, b] = await Promise.all([
        staticUrl ? timed(staticUrl) : Promise.resolve(0),
        timed(`${s.base}/api/v1/general/school`),
      ]);
      worstStatic = Math.max(worstStatic, a);
      worstSchool = Math.max(worstSchool, b);
      await new Promise((r) => setTimeout(r, 20));
    } while (!done);
    const status = await main;
    out.push({
      heavy: status === 200 ? h.name : `${h.name} (${status})`,
      heavyMs: Math.round(performance.now() - t0),
      staticMs: staticUrl ? Math.round(worstStatic) : null,
      schoolMs: Math.round(worstSchool),
      longestStepMs: await s.longestStep(),
    });
  }
  return out;
}

export async function benchApi(o: ApiOptions): Promise<DbResult[]> {
  const results: DbResult[] = [];
  for (const driver of o.dbs) {
    console.log(`\n== ${driver}: seeding ${o.students} and ${o.smallStudents} students …`);
    const large = await prepare(driver, o.students);
    const small = await prepare(driver, o.smallStudents);
    console.log(`   seeded in ${large.seedSeconds.toFixed(1)} s and ${small.seedSeconds.toFixed(1)} s`);
    try {
      const cold = await dashboardCold(large.target);
      console.log(`   dashboard without statistics: p50 ${cold.p50} ms over ${cold.runs} runs`);
      const s = await startServer(large.target, o.webDist, o.pgliteInProcess);
      const sSmall = await startServer(small.target, o.webDist, o.pgliteInProcess);
      try {
        const { all, admin } = await requestsOf(s, o.skip);
        const { flat: flatSmall } = await requestsOf(sSmall);
        const ceilings: Load[] = [];
        const endpoints: EndpointResult[] = [];
        const bareReq = { name: 'ceiling: bare route', url: `${s.bare}/bare` };
        const oneReq = { name: 'ceiling: one-query route', url: `${s.bare}/one-query` };
        // Warm both servers up (JIT, connections, caches) before anything counts.
        for (const r of [bareReq, oneReq, ...all]) await load(r, { ...o, duration: 2 }, oneReq.url);
        for (const r of flatSmall) await load(r, { ...o, duration: 2 }, `${sSmall.bare}/one-query`);
        let bare = await load(bareReq, o, oneReq.url);
        let one = await load(oneReq, o, oneReq.url);
        ceilings.push(bare, one);
        for (const [i, r] of all.entries()) {
          if (i > 0 && i % 3 === 0) {
            bare = await load(bareReq, o, oneReq.url);
            one = await load(oneReq, o, oneReq.url);
            ceilings.push(bare, one);
          }
          const l = await load(r, o, oneReq.url);
          endpoints.push({ ...l, ofBare: l.rps / bare.rps, ofOneQuery: l.rps / one.rps });
          console.log(`   ${r.name.padEnd(28)} ${String(l.rps).padStart(6)} req/s  p99 ${l.p99} ms`);
        }
        ceilings.push(await load(bareReq, o, oneReq.url), await load(oneReq, o, oneReq.url));
        const stall = await stallProbe(s, admin, o.webDist);
        const { flat } = await requestsOf(s);
        const flatness: DbResult['flatness'] = [];
        for (const [i, r] of flat.entries()) {
          const smallR = flatSmall[i] as Request;
          const sm = await load(smallR, o, `${sSmall.bare}/one-query`);
          const lg = await load(r, o, oneReq.url);
          flatness.push({ name: r.name, small: sm, large: lg, ratio: sm.rps / Math.max(lg.rps, 1) });
        }
        results.push({
          driver,
          ...(driver === 'pglite' && o.pgliteInProcess ? { inProcess: true } : {}),
          seedSeconds: { large: round(large.seedSeconds), small: round(small.seedSeconds) },
          ceilings,
          endpoints,
          dashboardWithoutStatistics: cold,
          stall,
          flatness,
        });
      } finally {
        await s.stop();
        await sSmall.stop();
      }
    } finally {
      await large.drop();
      await small.drop();
    }
  }
  return results;
}

/**
 * The stall probe alone (`npm run bench -- stall`): the school seeded afresh on each database, the server
 * started, and only the probe's heavy requests (all, or those named), `repeat` times each.
 */
export async function benchStall(o: {
  dbs: ('pglite' | 'postgres')[];
  students: number;
  webDist: string | undefined;
  only?: string[];
  repeat: number;
}): Promise<{ driver: 'pglite' | 'postgres'; stall: StallLine[] }[]> {
  const results: { driver: 'pglite' | 'postgres'; stall: StallLine[] }[] = [];
  for (const driver of o.dbs) {
    console.log(`\n== ${driver}: seeding ${o.students} students …`);
    const large = await prepare(driver, o.students);
    try {
      const s = await startServer(large.target, o.webDist);
      try {
        const admin = { authorization: `Bearer ${await tokenOf(s, 'admin', 'demo1234')}` };
        const stall: StallLine[] = [];
        for (let i = 0; i < o.repeat; i++) stall.push(...(await stallProbe(s, admin, o.webDist, o.only)));
        results.push({ driver, stall });
      } finally {
        await s.stop();
      }
    } finally {
      await large.drop();
    }
  }
  return results;
}

/** The PostgreSQL server's version, for the record. */
export function postgresVersion(): string | null {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return null;
  try {
    return execFileSync('psql', [url, '-Atc', 'show server_version'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}
