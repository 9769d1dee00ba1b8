import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedDemo } from '../db/seed-demo';

/**
 * Prepares, once per run, an embedded database that is migrated and holds the demo accounts, and
 * dumps its data folder to a file. Each API test file then loads its own copy of it (about half a
 * second) instead of creating, migrating and seeding a new PGlite (several seconds). Against a
 * PostgreSQL server (TEST_DATABASE_URL) every test file creates its own database instead.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite', dir: null }, { inProcess: true });
  let dump: Blob;
  try {
    await database.migrate();
    await seedDemo(database.db);
    dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await database.close();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-api-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
