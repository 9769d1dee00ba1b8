// Benchmarks (bench/README.md). Prints tables, saves them as JSON under bench/results/, and exits non-zero when
// a budget is missed. Sections (one or more may be named; none means all):
//   npm run bench                    every section
//   npm run bench -- bundle          the first-load JavaScript of the public home (needs `npm run build`)
//   npm run bench -- api             the API on the realistic school (bench/api.ts)
//   npm run bench -- pages           page measurements (bench/pages.ts, when present)
//   npm run bench -- stall           the API's stall probe alone (not part of "every section": api has it)
// API options: --db pglite|postgres (default: both when BENCH_DATABASE_URL is set, else pglite),
//   --duration seconds (10), --connections (100), --students (5000), --small-students (500),
//   --skip name,name (table lines to leave out, e.g. one that takes minutes on the code being compared),
//   --pglite-in-process (PGlite on the server's event loop, to compare with its worker thread).
// Stall options: --db, --students as above; --repeat n (1); --only name,name (heavy requests of the probe).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type ApiOptions, benchApi, type DbResult, postgresVersion } from './api';
import { benchStall, type StallLine } from './stall';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const RESULTS = path.join(ROOT, 'bench/results');

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const VALUE_FLAGS = [
  '--db',
  '--duration',
  '--connections',
  '--students',
  '--small-students',
  '--skip',
  '--repeat',
  '--only',
];
const sections = args.filter((a, i) => !a.startsWith('--') && !VALUE_FLAGS.includes(args[i - 1] ?? ''));
const wants = (section: string) => sections.length === 0 || sections.includes(section);

let failed = false;
const budgetLines: string[] = [];

function report(name: string, value: string, budget: string, ok: boolean) {
  const line = `${ok ? 'ok  ' : 'MISS'}  ${name.padEnd(56)} ${value.padStart(14)}   budget ${budget}`;
  console.log(line);
  budgetLines.push(line);
  if (!ok) failed = true;
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: `${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: postgresVersion(),
    loadAverageAtStart: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}

// ---------------------------------------------------------------- bundle

/** Gzipped bytes of the JavaScript a first visit to a public page downloads. */
function firstLoadBytes(entryModules: string[]): number {
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  for (const m of entryModules) visit(m);
  let total = 0;
  for (const f of files)
    if (f.endsWith('.js')) total += gzipSync(fs.readFileSync(path.join(DIST, f)), { level: 9 }).length;
  return total;
}

async function bundle() {
  if (!fs.existsSync(path.join(DIST, '.vite/manifest.json'))) {
    console.log('skip  bundle: run "npm run build" first');
    failed = true;
    return;
  }
  const home = firstLoadBytes([
    'index.html',
    'src/app/layouts/default-layout.tsx',
    'src/features/home/pages/home-page.tsx',
  ]);
  report('public first load, home (JS, gzip)', `${(home / 1024).toFixed(1)} KB`, '≤ 150 KB', home <= 150 * 1024);
}

// ---------------------------------------------------------------- api

const pct = (n: number) => `${Math.round(n * 100)} %`;

function apiTable(r: DbResult): string {
  const rows = [
    '| endpoint | req/s | p50 ms | p99 ms | errors | of bare | of one-query |',
    '|---|---:|---:|---:|---:|---:|---:|',
  ];
  const bare = r.ceilings.filter((c) => c.name.includes('bare'));
  const one = r.ceilings.filter((c) => c.name.includes('one-query'));
  const span = (xs: { rps: number }[]) => `${Math.min(...xs.map((x) => x.rps))}–${Math.max(...xs.map((x) => x.rps))}`;
  rows.push(`| ceiling: bare Fastify route (${bare.length} runs) | ${span(bare)} | | | | | |`);
  rows.push(`| ceiling: one primary-key SELECT (${one.length} runs) | ${span(one)} | | | | | |`);
  for (const e of r.endpoints) {
    const errors = e.errors + e.non2xx;
    rows.push(
      `| ${e.name} | ${e.rps} | ${e.p50} | ${e.p99} | ${errors}${e.timeouts ? ` (${e.timeouts} timeouts)` : ''} | ${pct(e.ofBare)} | ${pct(e.ofOneQuery)} |`,
    );
  }
  rows.push('');
  rows.push(
    `Dashboard figures before the planner has statistics: p50 ${r.dashboardWithoutStatistics.p50} ms (${r.dashboardWithoutStatistics.runs} runs).`,
  );
  rows.push('');
  rows.push(stallTable(r.stall));
  rows.push('');
  rows.push('| flatness | req/s at 500 | req/s at 5,000 | 5,000 ÷ 500 cost |');
  rows.push('|---|---:|---:|---:|');
  for (const f of r.flatness) rows.push(`| ${f.name} | ${f.small.rps} | ${f.large.rps} | ${f.ratio.toFixed(2)}× |`);
  return rows.join('\n');
}

function stallTable(lines: StallLine[]): string {
  const rows = [
    '| stall probe: while this runs | it took ms | worst static file ms | worst general/school ms | longest main-thread step, CPU ms |',
    '|---|---:|---:|---:|---:|',
  ];
  for (const p of lines)
    rows.push(`| ${p.heavy} | ${p.heavyMs} | ${p.staticMs ?? '—'} | ${p.schoolMs} | ${p.longestStepMs ?? '—'} |`);
  return rows.join('\n');
}

function stallBudgets(driver: string, lines: StallLine[]) {
  for (const p of lines) {
    const worst = Math.max(p.staticMs ?? 0, p.schoolMs);
    report(`${driver} stall: static + general/school during ${p.heavy}`, `${worst} ms`, '< 100 ms', worst < 100);
  }
}

function apiBudgets(r: DbResult) {
  const pg = r.driver === 'postgres';
  const by = (n: string) => r.endpoints.find((e) => e.name === n);
  for (const name of ['student/me', 'student/report-card', 'student/invoices']) {
    const e = by(name);
    if (!e) continue;
    const share = pg ? 0.5 : 0.2;
    const p99 = pg ? 100 : 250;
    report(`${r.driver} ${name}: share of one-query`, pct(e.ofOneQuery), `≥ ${share * 100} %`, e.ofOneQuery >= share);
    report(`${r.driver} ${name}: p99`, `${e.p99} ms`, `< ${p99} ms`, e.p99 < p99);
    report(`${r.driver} ${name}: errors and timeouts`, String(e.errors + e.non2xx), '0', e.errors + e.non2xx === 0);
  }
  const check = by('auth/check-token');
  if (check && pg)
    report('postgres auth/check-token: share of one-query', pct(check.ofOneQuery), '≥ 70 %', check.ofOneQuery >= 0.7);
  const dash = by('panel/dashboard');
  if (dash) report(`${r.driver} panel/dashboard p50 (statistics)`, `${dash.p50} ms`, '< 20 ms', dash.p50 < 20);
  const cold = r.dashboardWithoutStatistics.p50;
  report(`${r.driver} dashboard figures p50 (no statistics)`, `${cold} ms`, '< 20 ms', cold < 20);
  stallBudgets(r.driver, r.stall);
  for (const f of r.flatness)
    report(`${r.driver} flat: ${f.name} 5,000 vs 500`, `${f.ratio.toFixed(2)}×`, '≤ 1.5×', f.ratio <= 1.5);
}

/** The databases to measure: --db, or both when BENCH_DATABASE_URL is set, otherwise the embedded one. */
function databases(): ApiOptions['dbs'] {
  const postgresUrl = process.env.BENCH_DATABASE_URL;
  const dbFlag = flag('db');
  const dbs: ApiOptions['dbs'] = dbFlag
    ? (dbFlag.split(',') as ApiOptions['dbs'])
    : postgresUrl
      ? ['pglite', 'postgres']
      : ['pglite'];
  if (dbs.includes('postgres') && !postgresUrl) {
    console.log('skip  api on postgres: set BENCH_DATABASE_URL=postgres://user@host:5432/postgres');
    dbs.splice(dbs.indexOf('postgres'), 1);
  }
  if (!postgresUrl)
    console.log('note  BENCH_DATABASE_URL is not set: the API is measured on the embedded database only');
  return dbs;
}

async function apiSection() {
  const dbs = databases();
  const webDist = fs.existsSync(path.join(DIST, 'index.html')) ? DIST : undefined;
  if (!webDist)
    console.log('note  apps/web/dist is missing: the stall probe asks for general/school only (npm run build)');
  const options: ApiOptions = {
    dbs,
    duration: Number(flag('duration') ?? 10),
    connections: Number(flag('connections') ?? 100),
    students: Number(flag('students') ?? 5000),
    smallStudents: Number(flag('small-students') ?? 500),
    webDist,
    skip: (flag('skip') ?? '').split(',').filter(Boolean),
    pgliteInProcess: args.includes('--pglite-in-process'),
  };
  const started = new Date();
  const results = await benchApi(options);
  // Folders as the repository names them, not as this machine does.
  const recorded = { ...options, webDist: options.webDist ? path.relative(ROOT, options.webDist) : undefined };
  const record = { kind: 'api', startedAt: started.toISOString(), machine: machine(), options: recorded, results };
  fs.mkdirSync(RESULTS, { recursive: true });
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  const file = path.join(RESULTS, `api-${stamp}.json`);
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  fs.writeFileSync(path.join(RESULTS, 'api-latest.json'), `${JSON.stringify(record, null, 2)}\n`);
  const m = record.machine;
  const tables = [
    `Run ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on ${m.cpu}, ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}` +
      `${m.postgres ? `, PostgreSQL ${m.postgres}` : ''}; load average at start ${m.loadAverageAtStart.join(' ')}. ` +
      `${options.connections} connections, ${options.duration} s per line, ${options.students} students (flatness against ${options.smallStudents}).`,
    ...results.map(
      (r) =>
        `\n### ${r.driver === 'pglite' ? `Embedded database (PGlite${r.inProcess ? ', on the event loop' : ''})` : 'PostgreSQL'}\n\nSeeded in ${r.seedSeconds.large} s.\n\n${apiTable(r)}`,
    ),
  ].join('\n');
  console.log(`\n${tables}\n`);
  for (const r of results) apiBudgets(r);
  console.log(`\nsaved ${path.relative(ROOT, file)}`);
  if (!options.pgliteInProcess && options.duration === 10 && options.connections === 100) updateReadme(tables);
}

/** Keeps the README's "latest results" block equal to the last complete run's tables. */
function updateReadme(tables: string) {
  const readme = path.join(ROOT, 'bench/README.md');
  const text = fs.readFileSync(readme, 'utf8');
  const start = '<!-- api-results:start -->';
  const end = '<!-- api-results:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) return;
  fs.writeFileSync(readme, `${text.slice(0, a + start.length)}\n${tables}\n${text.slice(b)}`);
}

// ---------------------------------------------------------------- stall

/** The stall probe alone, on a freshly seeded school; its tables are printed and saved, the README kept. */
async function stallSection() {
  const dbs = databases();
  const webDist = fs.existsSync(path.join(DIST, 'index.html')) ? DIST : undefined;
  if (!webDist) console.log('note  apps/web/dist is missing: the probe asks for general/school only (npm run build)');
  const options = {
    dbs,
    students: Number(flag('students') ?? 5000),
    webDist,
    only: flag('only')?.split(',').filter(Boolean),
    repeat: Number(flag('repeat') ?? 1),
  };
  const started = new Date();
  const loadAverageAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const results = await benchStall(options);
  const record = {
    kind: 'stall',
    startedAt: started.toISOString(),
    machine: { ...machine(), loadAverageAtStart },
    options: { ...options, webDist: webDist ? path.relative(ROOT, webDist) : undefined },
    results,
  };
  fs.mkdirSync(RESULTS, { recursive: true });
  const file = path.join(RESULTS, `stall-${started.toISOString().replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  console.log(
    `\nLoad average at start ${loadAverageAtStart.join(' ')}, at end ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}.`,
  );
  for (const r of results) console.log(`\n### ${r.driver}\n\n${stallTable(r.stall)}\n`);
  for (const r of results) stallBudgets(r.driver, r.stall);
  console.log(`\nsaved ${path.relative(ROOT, file)}`);
}

// ---------------------------------------------------------------- pages
// Page measurements (Lighthouse, first-load bytes in the browser) live in bench/pages.ts, which exports
// `benchPages(report)` and is called here when present. Its results go under bench/results/ too.

async function pagesSection() {
  const file = path.join(ROOT, 'bench/pages.ts');
  if (!fs.existsSync(file)) {
    console.log('skip  pages: bench/pages.ts is not there yet');
    return;
  }
  const mod = (await import(file)) as { benchPages?: (r: typeof report) => Promise<void> };
  await mod.benchPages?.(report);
}

// ---------------------------------------------------------------- main

if (wants('bundle')) await bundle();
if (wants('pages')) await pagesSection();
if (wants('api')) await apiSection();
if (sections.includes('stall')) await stallSection();
if (budgetLines.length) {
  fs.mkdirSync(RESULTS, { recursive: true });
  fs.writeFileSync(path.join(RESULTS, 'budgets-latest.txt'), `${budgetLines.join('\n')}\n`);
}
process.exit(failed ? 1 : 0);
