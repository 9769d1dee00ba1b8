import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function run(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A new empty database on the PostgreSQL server of `serverUrl` (TEST_DATABASE_URL), named
 * `madreseh_<prefix>_<random>`: its address, and `drop` to remove it (connections closed by force).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `madreseh_${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await run(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
