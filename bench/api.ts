// The API benchmark (bench/README.md): a realistic school on the embedded database and, when BENCH_DATABASE_URL
// names a PostgreSQL server, on PostgreSQL; autocannon at 100 connections against each endpoint, interleaved
// with the two ceilings measured in the same run; a stall probe; the 500-vs-5,000 flatness check; and the
// dashboard's cost before the planner has statistics. See bench/README.md.
import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { type DatabaseTarget, openDatabase } from '../apps/api/src/db/client';
import { dashboardFigures } from '../apps/api/src/modules/dashboard/dashboard.service';
import { api, prepare, type Request, type Server, startServer, tokenOf } from './school-server';
import { BENCH_STUDENT } from './seed-school';
import { type StallLine, stallProbe } from './stall';

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
