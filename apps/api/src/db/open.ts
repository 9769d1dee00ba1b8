import path from 'node:path';
import type { Config } from '../config';
import { type Database, openDatabase } from './client';

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/db. */
export function openConfiguredDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl
    ? openDatabase({ kind: 'postgres', url: config.databaseUrl })
    : openDatabase({ kind: 'pglite', dir: path.join(config.dataDir, 'db') });
}
