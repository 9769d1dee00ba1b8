import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readControlFile } from '../control/control-file';
import { addressOf } from '../test/address';
import { createScratchDatabase } from '../test/scratch-database';
import { type ServerProcess, startServerProcess } from '../test/server-process';

/**
 * A command goes through the running server only when that server serves the very database the
 * command was given; otherwise it acts on its own database (or refuses, for an embedded database
 * another process holds). With TEST_DATABASE_URL, the other database is a real PostgreSQL one.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const serverUrl = process.env.TEST_DATABASE_URL;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-through-'));
const servers: ServerProcess[] = [];
const drops: (() => Promise<void>)[] = [];

/** Runs a command (apps/api/src/cli/<file>) to its end, as `npm run` does, with the server's DATA_DIR. */
function command(file: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `apps/api/src/cli/${file}`], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function start(name: string, databaseUrl: string): Promise<ServerProcess & { dataDir: string }> {
  const dataDir = path.join(temp, name);
  fs.mkdirSync(dataDir);
  const server = await startServerProcess(dataDir, { DATABASE_URL: databaseUrl, SEED_DEMO: '0' });
  servers.push(server);
  return { ...server, dataDir };
}

async function scratch(prefix: string): Promise<string> {
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set');
  const db = await createScratchDatabase(serverUrl, prefix);
  drops.push(db.drop);
  return db.url;
}

async function usernames(url: string): Promise<string[]> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query<{ username: string }>('select username from users')).rows.map((r) => r.username);
  } catch {
    return []; // not migrated: nobody there
  } finally {
    await c.end();
  }
}

const signIn = (server: ServerProcess, username: string) =>
  fetch(`${server.url}${addressOf(contract.auth.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Strong-pass-2026' }),
  });

const admin = (username: string) => ({ ADMIN_USERNAME: username, ADMIN_PASSWORD: 'Strong-pass-2026' });

afterAll(async () => {
  for (const s of servers) s.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exit));
  for (const drop of drops) await drop();
  fs.rmSync(temp, { recursive: true, force: true });
});

describe('a command beside a server of the embedded database', { timeout: 180_000 }, () => {
  let server: ServerProcess & { dataDir: string };
  beforeAll(async () => {
    server = await start('embedded', '');
  }, 180_000);

  it('records which database it serves, and a command given it goes through', async () => {
    expect(readControlFile(server.dataDir)?.database).toBe(`embedded ${fs.realpathSync(server.dataDir)}/db`);
    const same = await command('create-admin.ts', { DATA_DIR: server.dataDir, DATABASE_URL: '', ...admin('same') });
    expect(same.output).toContain('Super-admin "same" created (through the running server).');
    expect((await signIn(server, 'same')).status).toBe(200);
  });

  it('hands the server the options the command was given', async () => {
    const res = await command('reconcile-payments.ts', {
      DATA_DIR: server.dataDir,
      DATABASE_URL: '',
      RECONCILE_MIN_AGE_MINUTES: '0',
    });
    expect(res.output, res.output).toContain('Checked 0 pending online payment(s)');
    expect(res.output).toContain('(through the running server)');
    expect(res.code).toBe(0);
  });

  it('does not hand a command given another database to it', async () => {
    const other = serverUrl ? await scratch('through') : 'postgres://madreseh@127.0.0.1:1/elsewhere';
    const res = await command('create-admin.ts', { DATA_DIR: server.dataDir, DATABASE_URL: other, ...admin('other') });
    expect(res.output).not.toContain('through the running server');
    expect(res.output).toContain('serves another database');
    if (serverUrl) {
      expect(res.output, res.output).toContain('Super-admin "other" created (through this command).');
      expect(res.code).toBe(0);
      expect(await usernames(other)).toContain('other');
    } else {
      expect(res.output).toContain('Cannot connect to PostgreSQL at 127.0.0.1:1/elsewhere');
      expect(res.code).not.toBe(0);
    }
    // The embedded database the server serves did not get it.
    expect((await signIn(server, 'other')).status).toBe(401);
  });
});

describe.runIf(serverUrl)('a command beside a server of a PostgreSQL database', { timeout: 180_000 }, () => {
  let server: ServerProcess & { dataDir: string };
  let url = '';
  beforeAll(async () => {
    url = await scratch('served');
    server = await start('postgres', url);
  }, 180_000);

  it('records the database without a password, and a command given it goes through', async () => {
    const u = new URL(url);
    expect(readControlFile(server.dataDir)?.database).toBe(`postgres://${u.hostname}:${u.port || 5432}${u.pathname}`);
    const same = await command('create-admin.ts', { DATA_DIR: server.dataDir, DATABASE_URL: url, ...admin('same') });
    expect(same.output).toContain('Super-admin "same" created (through the running server).');
  });

  it('lets a command given the embedded database of the same DATA_DIR act on that one', async () => {
    const res = await command('create-admin.ts', { DATA_DIR: server.dataDir, DATABASE_URL: '', ...admin('local') });
    expect(res.output, res.output).toContain('Super-admin "local" created (through this command).');
    expect(res.code).toBe(0);
    expect(await usernames(url)).not.toContain('local');
    expect((await signIn(server, 'local')).status).toBe(401);
  });
});
