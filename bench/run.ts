// Benchmarks (DESIGN §8). Prints a table; exits non-zero when a budget is missed.
//   npm run bench            all
//   npm run bench -- bundle  only the bundle budget (needs `npm run build`)
//   npm run bench -- api     only the API throughput
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed-demo';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/web/dist');
const only = process.argv[2];
let failed = false;

function report(name: string, value: string, budget: string, ok: boolean) {
  console.log(`${ok ? 'ok  ' : 'MISS'}  ${name.padEnd(52)} ${value.padStart(14)}   budget ${budget}`);
  if (!ok) failed = true;
}

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

async function rps(
  url: string,
  init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
) {
  const result = await autocannon({ url, connections: 100, duration: 8, ...init });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function api() {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

  const database = await openDatabase({ kind: 'pglite', dir: null });
  await database.migrate();
  await seedDemo(database.db);
  const app = await buildApp({
    db: database.db,
    config: {
      sessionIdleMs: 3_600_000,
      sessionMaxMs: 86_400_000,
      trustProxy: false,
      logLevel: 'silent',
      uploadsDir: fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-bench-uploads-')),
    },
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/v1`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'student1', password: 'demo1234' }),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

  const b = await rps(bareUrl);
  report('bare Fastify route', `${Math.round(b.rps)} req/s`, 'reference', true);
  const checks: [string, Awaited<ReturnType<typeof rps>>][] = [
    ['authenticated read: auth/redirect (student)', await rps(`${base}/auth/redirect`, { headers: auth })],
    [
      'auth/check-token (student)',
      await rps(`${base}/auth/check-token`, { method: 'POST', headers: auth, body: '{}' }),
    ],
  ];
  for (const [name, r] of checks) {
    const ratio = r.rps / b.rps;
    report(`${name}: share of bare`, `${(ratio * 100).toFixed(0)} %`, '≥ 40 %', ratio >= 0.4 && r.errors === 0);
    report(`${name}: p99 at 100 connections`, `${r.p99} ms`, '< 100 ms', r.p99 < 100);
  }
  await app.close();
  await bare.close();
  await database.close();
}

if (!only || only === 'bundle') await bundle();
if (!only || only === 'api') await api();
process.exit(failed ? 1 : 0);
