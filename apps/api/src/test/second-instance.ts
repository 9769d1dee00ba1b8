import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import type { TestApp } from './test-app';

/**
 * Another instance of the server on the test app's database. On PostgreSQL it has its own connections,
 * listener and memory, as a second process would; PGlite has one process, so there it shares the test's.
 */
export async function secondInstance(t: TestApp): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-other-'));
  const database = t.databaseUrl ? await openDatabase({ kind: 'postgres', url: t.databaseUrl }) : null;
  const app = await buildApp({
    db: database?.db ?? t.db,
    config: {
      sessionIdleMs: t.policy.idleMs,
      sessionMaxMs: t.policy.maxMs,
      trustProxy: false,
      logLevel: 'info',
      uploadsDir,
    },
    logger: false,
  });
  return {
    app,
    async close() {
      await app.close();
      await database?.close();
      fs.rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}
