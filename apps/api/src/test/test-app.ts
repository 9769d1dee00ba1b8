import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, inject as injectProvided } from 'vitest';
import { type AppOptions, buildApp } from '../app';
import { createSession, type SessionPolicy } from '../auth/sessions';
import { type Database, type Db, openDatabase, pgliteDatabase, queryLogger } from '../db/client';
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.mjs';
import { students } from '../db/schema/school';
import { users } from '../db/schema/users';
import { type DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../db/seed-demo';
import { addressOf, type CallInput } from './address';
import { createScratchDatabase } from './scratch-database';

export { addressOf, type CallInput } from './address';

export type DemoUsername = (typeof DEMO_ACCOUNTS)[number]['username'];

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** Folder of this app's uploads (a fresh temporary folder, removed on close). */
  uploadsDir: string;
  driver: 'pglite' | 'postgres';
  /** The PostgreSQL database of this app (another instance may open it too); null on PGlite. */
  databaseUrl: string | null;
  policy: SessionPolicy;
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Calls one contract endpoint through inject: its method, its path with `params` filled in, `query`
   * as the query string and `body` as JSON. Inputs are loosely typed on purpose: tests send bad ones.
   */
  call(endpoint: Endpoint, input?: CallInput): Promise<LightMyRequestResponse>;
  /** Signs in through POST auth/login and answers the token (fails the test on any other answer). */
  login(username: string, password?: string): Promise<string>;
  /** A fresh session for a user, written straight to the database (no password hashing: fast). */
  sessionFor(username: string): Promise<string>;
  /** The id of a user by username. */
  userId(username: string): Promise<number>;
  /** Authorization header for a token. */
  as(token: string): { authorization: string };
  /**
   * Runs fn and answers its result with the SQL statements the database ran meanwhile (every
   * statement through Drizzle, on PGlite and on PostgreSQL alike). One measurement at a time.
   */
  queriesDuring<T>(fn: () => Promise<T>): Promise<{ result: T; queries: string[] }>;
  close(): Promise<void>;
}

/** The id of a student of the demo data (the first stored), for tests that need any one. */
export async function demoStudentId(t: TestApp): Promise<number> {
  const [s] = await t.db.select({ id: students.id }).from(students).limit(1);
  if (!s) throw new Error('no demo student');
  return s.id;
}

/**
 * The JSON answer of a call, typed by the endpoint's response schema. Read as it came, not parsed:
 * checking it is the test's work.
 */
export function answerOf<E extends Endpoint>(_endpoint: E, res: LightMyRequestResponse): Infer<E['response']> {
  return res.json();
}

export interface TestAppOptions {
  config?: Partial<AppOptions['config']>;
  /** Log lines go here (the app logs nothing otherwise). */
  logStream?: AppOptions['logStream'];
  /** Runs after buildApp and before ready: register throwaway routes or hooks here. */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Another storage than a temporary folder (a failing disk, say). */
  storage?: AppOptions['storage'];
  /** A storage made from the test's database (uploads kept in the database). */
  storageFromDb?: (db: Db) => NonNullable<AppOptions['storage']>;
  /** Commands a local process may give (control/control.routes.ts); made from the test's database. */
  control?: (db: Db) => AppOptions['control'];
  /** Backups for the download button, written into this folder (none: the button answers 503). */
  backups?: { dir: string; keep?: number; everyHours?: number };
}

const DEFAULT_CONFIG: Omit<AppOptions['config'], 'uploadsDir'> = {
  sessionIdleMs: 7 * 24 * 3_600_000,
  sessionMaxMs: 30 * 86_400_000,
  trustProxy: false,
  logLevel: 'info',
};

/**
 * Builds the whole app on a database of its own, migrated and seeded with the demo accounts:
 * in-memory PGlite by default (copied from the template the api project's global setup prepared),
 * or a new database on the PostgreSQL server of TEST_DATABASE_URL, dropped on close.
 * Call it once per test file (beforeAll) and close it in afterAll, or let `useTestApp` do both.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  let recording: string[] | null = null;
  const database = await openTestDatabase((query) => recording?.push(query));
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-uploads-'));
  const removeUploads = () => fs.rmSync(uploadsDir, { recursive: true, force: true });
  const config = { ...DEFAULT_CONFIG, uploadsDir, ...options.config };
  let app: FastifyInstance;
  try {
    app = await buildApp({
      db: database.db,
      config,
      logger: Boolean(options.logStream),
      logStream: options.logStream,
      storage: options.storageFromDb?.(database.db) ?? options.storage,
      control: options.control?.(database.db),
      ...(options.backups
        ? {
            backups: {
              source: { databaseUrl: database.url ?? null, uploadsDir: config.uploadsDir },
              settings: { keep: 7, everyHours: 24, ...options.backups },
            },
          }
        : {}),
    });
    await options.configure?.(app);
    await app.ready();
  } catch (err) {
    await database.close();
    removeUploads();
    throw err;
  }
  const policy: SessionPolicy = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };

  const userId = async (username: string) => {
    const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!row) throw new Error(`No user ${username} in the test database`);
    return row.id;
  };

  return {
    app,
    db: database.db,
    uploadsDir,
    driver: database.driver,
    databaseUrl: database.url ?? null,
    policy,
    inject: (opts) => app.inject(opts),
    call: (endpoint, input = {}) =>
      app.inject({
        method: endpoint.method,
        url: addressOf(endpoint, input),
        ...(input.headers ? { headers: input.headers } : {}),
        ...(input.body !== undefined ? { payload: input.body as InjectOptions['payload'] } : {}),
      }),
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: addressOf(contract.auth.login),
        payload: { username, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${username} answered ${res.statusCode}: ${res.body}`);
      return (res.json() as { token: string }).token;
    },
    async sessionFor(username) {
      return createSession(database.db, await userId(username), policy);
    },
    userId,
    as: (token) => ({ authorization: `Bearer ${token}` }),
    async queriesDuring(fn) {
      if (recording) throw new Error('queriesDuring: a measurement is already running');
      const queries: string[] = [];
      recording = queries;
      try {
        return { result: await fn(), queries };
      } finally {
        recording = null;
      }
    },
    async close() {
      await app.close();
      await database.close();
      removeUploads();
    },
  };
}

/**
 * The app of the tests of the current scope (a file, or the describe it is called in): made in a
 * beforeAll and closed in an afterAll registered here. One set-up, the same in every file (as e2e's
 * `useBrowser`), instead of each file writing its own. The answer stands for the app: `t.call(…)`,
 * `t.db` and the rest reach the app made for the scope, and throw if used before it is made.
 * More set-up goes in a beforeAll after this call (before hooks run in the order registered);
 * an afterAll registered before this call runs after the app closed (after hooks run in reverse).
 */
export function useTestApp(options?: TestAppOptions): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestApp, {
    get(_, key) {
      if (!current) throw new Error('test app not started');
      const value = Reflect.get(current, key);
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a migrated, seeded PGlite data folder (global-setup.ts); empty when not prepared. */
    pgliteTemplate: string;
  }
}

async function openTestDatabase(onQuery: (query: string) => void): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return openServerDatabase(serverUrl, onQuery);
  const template = readTemplate();
  if (template) {
    const client = await PGlite.create({ loadDataDir: new Blob([template]), extensions: PGLITE_EXTENSIONS });
    return pgliteDatabase(client, null, queryLogger(onQuery));
  }
  const database = await openDatabase({ kind: 'pglite', dir: null }, { onQuery, inProcess: true });
  await database.migrate();
  await seedDemo(database.db);
  return database;
}

function readTemplate(): Buffer | null {
  let file = '';
  try {
    file = injectProvided('pgliteTemplate') ?? '';
  } catch {
    // Not running inside the api project (no global setup): build from scratch.
  }
  return file && fs.existsSync(file) ? fs.readFileSync(file) : null;
}

/** A new database on the server of TEST_DATABASE_URL: created, migrated and seeded here, dropped on close. */
async function openServerDatabase(
  serverUrl: string,
  onQuery: (query: string) => void,
): Promise<Database & { url: string }> {
  const { url, drop } = await createScratchDatabase(serverUrl, 't');
  let database: Database;
  try {
    database = await openDatabase({ kind: 'postgres', url }, { onQuery });
  } catch (err) {
    await drop();
    throw err;
  }
  try {
    await database.migrate();
    await seedDemo(database.db);
  } catch (err) {
    await database.close();
    await drop();
    throw err;
  }
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      await drop();
    },
  };
}
