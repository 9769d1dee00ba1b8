import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { ERROR_CODES, ERROR_MESSAGES } from '@madreseh/contract/errors';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from './test/address';
import { createScratchDatabase } from './test/scratch-database';
import { type ServerProcess, startServerProcess } from './test/server-process';

/**
 * The server rides out a cut between it and PostgreSQL (a database restart, a network cut): a small TCP
 * proxy stands between them and cuts every connection while a job holds its advisory-lock connection
 * (its statement held up by a lock of the test's) and a transaction is under way. The process lives on, requests meanwhile answer 503 in Persian, and once
 * the proxy lets connections through again requests succeed with no restart. PostgreSQL only: the
 * embedded database has no connection to cut (it runs only when TEST_DATABASE_URL is set).
 */

const serverUrl = process.env.TEST_DATABASE_URL;

/** Forwards 127.0.0.1:<port> to PostgreSQL; `cut` destroys every connection and refuses new ones until `heal`. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((inbound) => {
    if (refusing) {
      inbound.destroy();
      return;
    }
    const outbound = net.connect(target.port, target.host);
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      refusing = true;
      for (const s of sockets) s.resetAndDestroy();
    },
    heal() {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.runIf(serverUrl)('a PostgreSQL connection cut', { timeout: 240_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-cut-'));
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let server: ServerProcess;
  let direct: pg.Client;

  const control = (command: string, input: unknown) =>
    fetch(`${server.url}/_control/${command}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.control.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ input }),
    });
  const signIn = () =>
    fetch(`${server.url}${addressOf(contract.auth.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'principal', password: 'Strong-pass-2026' }),
    });
  /**
   * Statements of the server (through the proxy) waiting for a lock the test holds, and advisory locks
   * held (a job's, on a connection lent out to it for the whole run).
   */
  const waiting = async () => {
    const { rows } = await direct.query<{ waiting: number; advisory: number }>(
      `select (select count(*)::int from pg_stat_activity where datname = $1 and wait_event_type = 'Lock') as waiting,
              (select count(*)::int from pg_locks l join pg_database d on d.oid = l.database
                 where d.datname = $1 and l.locktype = 'advisory' and l.granted) as advisory`,
      [scratch.name],
    );
    return rows[0] ?? { waiting: 0, advisory: 0 };
  };

  beforeAll(async () => {
    if (!serverUrl) return;
    scratch = await createScratchDatabase(serverUrl, 'cut');
    const target = new URL(scratch.url);
    proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const through = new URL(scratch.url);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    server = await startServerProcess(dataDir, { DATABASE_URL: through.toString(), SEED_DEMO: '0' });
    direct = new pg.Client({ connectionString: scratch.url });
    await direct.connect();
    const admin = await control('create-admin', {
      username: 'principal',
      fullName: 'مدیر',
      password: 'Strong-pass-2026',
    });
    expect(admin.status).toBe(200);
  }, 240_000);

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exit;
    await direct?.end().catch(() => {});
    await proxy?.close();
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives, answers 503 in Persian meanwhile, and recovers by itself', async () => {
    // A job holding its advisory-lock connection while its statement waits on a lock of the test's, and a
    // create-admin transaction under way: the cut comes while connections are lent out.
    await direct.query('begin');
    await direct.query('lock table sessions, users in access exclusive mode');
    const job = control('run-job', { name: 'sessions-purge' });
    const transaction = control('create-admin', {
      username: 'second',
      fullName: 'معاون',
      password: 'Strong-pass-2026',
    });
    for (let s = await waiting(); s.waiting < 1 || s.advisory < 1; s = await waiting()) {
      await new Promise((r) => setTimeout(r, 50));
    }

    proxy.cut();
    await direct.query('rollback');
    expect((await transaction).status).toBe(503);
    expect(await (await job).json()).toMatchObject({ result: { status: 'failed' } });
    const during = await signIn();
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ code: ERROR_CODES.unavailable, message: ERROR_MESSAGES.unavailable });
    expect(server.child.exitCode, server.output()).toBeNull();

    proxy.heal();
    let after = await signIn();
    for (let i = 0; after.status === 503 && i < 100; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await signIn();
    }
    expect(after.status, server.output()).toBe(200);
    expect((await control('run-job', { name: 'sessions-purge' })).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toContain("Unhandled 'error' event");
  });
});
