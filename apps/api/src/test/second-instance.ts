import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase } from '../db/client';
import type { PaymentsConfig } from '../modules/payments/gateways';
import type { TestApp } from './test-app';

/**
 * Another instance of the server on the test app's database. On PostgreSQL it has its own connections,
 * listener and memory, as a second process would; PGlite has one process, so there it shares the test's.
 * `payments`: its gateways (the same as the test app's, to settle the same payments).
 */
export async function secondInstance(
  t: TestApp,
  options: { payments?: PaymentsConfig } = {},
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
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
      ...(options.payments ? { payments: options.payments } : {}),
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
