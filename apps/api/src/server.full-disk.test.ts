import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { ERROR_CODES, ERROR_MESSAGES } from '@madreseh/contract/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from './test/address';
import { type ServerProcess, startServerProcess } from './test/server-process';

/**
 * A full disk under the embedded database, and the space coming back: the server runs with
 * test/full-disk.mjs, which makes the file writes of the database's thread fail with ENOSPC while a
 * flag file exists, exactly where PGlite's own file layer writes (its WAL: PostgreSQL panics there).
 * The write that meets it is told the disk is full (507); a signed-in user meanwhile hears that the
 * server is unavailable (503), never that they must sign in again; once there is space, the same
 * session works again with no restart and nothing committed is lost.
 */

const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-full-'));
const dataDir = path.join(temp, 'data');
const flag = path.join(temp, 'disk-is-full');
const HOOK = path.join(import.meta.dirname, 'test/full-disk.mjs');
let server: ServerProcess;

const signIn = () =>
  fetch(`${server.url}${addressOf(contract.auth.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'principal', password: 'Strong-pass-2026' }),
    signal: AbortSignal.timeout(120_000),
  });
const tokenOf = async (res: Response) => {
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
};
const checkToken = (token: string) =>
  fetch(`${server.url}${addressOf(contract.auth.checkToken)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
    // A guard only: the old engine never answered again after the disk filled up.
    signal: AbortSignal.timeout(120_000),
  });

beforeAll(async () => {
  fs.mkdirSync(dataDir);
  server = await startServerProcess(dataDir, { DATABASE_URL: '', SEED_DEMO: '0', MADRESEH_TEST_FULL_DISK: flag }, [
    '--import',
    HOOK,
  ]);
  const admin = await fetch(`${server.url}/_control/create-admin`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.control.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ input: { username: 'principal', fullName: 'مدیر', password: 'Strong-pass-2026' } }),
  });
  expect(admin.status).toBe(200);
}, 240_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exit;
  fs.rmSync(temp, { recursive: true, force: true });
});

describe('the embedded database on a full disk', { timeout: 240_000 }, () => {
  it('answers 503, not 401, to signed-in users meanwhile, and recovers when space returns', async () => {
    const seen = await tokenOf(await signIn());
    expect((await checkToken(seen)).status).toBe(200);
    // A session the server has not read yet: its first request must read it from the database.
    const unread = await tokenOf(await signIn());

    fs.writeFileSync(flag, '');
    const write = await signIn();
    expect(write.status).toBe(507);
    expect(((await write.json()) as { code: string }).code).toBe(ERROR_CODES.storageFull);
    const during = await checkToken(unread);
    expect(during.status).toBe(503);
    expect(await during.json()).toEqual({ code: ERROR_CODES.unavailable, message: ERROR_MESSAGES.unavailable });

    fs.rmSync(flag);
    let after = await checkToken(unread);
    for (let i = 0; after.status === 503 && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await checkToken(unread);
    }
    expect(after.status, server.output()).toBe(200);
    expect((await checkToken(seen)).status).toBe(200);
    expect((await checkToken(await tokenOf(await signIn()))).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });
});
