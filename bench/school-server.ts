// What every benchmark run stands on (bench/README.md): a database of the realistic school, the server under
// test in a process of its own (bench/server.ts), and its API reached and signed in to over HTTP.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseTarget, openDatabase } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed-demo';
import { seedSchool } from './seed-school';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A database of the realistic school: a PGlite folder, or a new database on the server. */
export interface Prepared {
  target: DatabaseTarget;
  drop(): Promise<void>;
  seedSeconds: number;
}

export async function prepare(driver: 'pglite' | 'postgres', students: number): Promise<Prepared> {
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

/** One request of a run: its name in the tables and what is sent. */
export interface Request {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export async function api(s: Server, p: string, init: RequestInit = {}): Promise<Response> {
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
