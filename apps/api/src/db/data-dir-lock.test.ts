import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, HEARTBEAT_STALE_MS, type LockOwner } from './data-dir-lock';
import { DatabaseLockedError, openConfiguredDatabase } from './open';

/** One process per embedded data folder: a live owner is refused at once, a dead one is taken over. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-lock-'));
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let n = 0;
const newDir = () => path.join(root, `d${++n}`, 'db');

/** A process that lives until killed (a stand-in for another server). */
async function otherProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((r) => child.once('spawn', r));
  return child;
}

function bootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function writeLock(dir: string, owner: Partial<LockOwner>) {
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const full: LockOwner = {
    pid: 1,
    hostname: os.hostname(),
    bootId: bootId(),
    processStart: null,
    startedAt: new Date().toISOString(),
    purpose: 'server',
    nonce: 'n'.repeat(24),
    ...owner,
  };
  fs.writeFileSync(`${dir}.lock`, JSON.stringify(full));
}

describe('data folder lock', () => {
  it('refuses a second holder in the same process, and frees the folder on release', () => {
    const dir = newDir();
    const first = acquireDataDirLock(dir, 'server');
    expect(fs.existsSync(`${dir}.lock`)).toBe(true);
    expect(() => acquireDataDirLock(dir, 'payments:reconcile')).toThrow(DataDirLockedError);
    first.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    acquireDataDirLock(dir, 'server').release();
  });

  it('refuses while another live process holds it, naming that process', async () => {
    const dir = newDir();
    const other = await otherProcess();
    writeLock(dir, { pid: other.pid as number, purpose: 'server' });
    let error: unknown;
    try {
      acquireDataDirLock(dir, 'payments:reconcile');
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect((error as Error).message).toContain(`in use by process ${other.pid} (server)`);
    expect((error as Error).message).toContain('در دست برنامهٔ دیگری است');
  });

  it('takes over the lock of a process that was killed', async () => {
    const dir = newDir();
    const other = await otherProcess();
    writeLock(dir, { pid: other.pid as number });
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
    const lock = acquireDataDirLock(dir, 'server');
    expect(lock.replacedStale?.pid).toBe(other.pid);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(process.pid);
    lock.release();
  });

  it('takes over a lock whose pid was reused by another process, or that was left before a reboot', async () => {
    const reused = newDir();
    const other = await otherProcess();
    writeLock(reused, { pid: other.pid as number, processStart: '1' });
    acquireDataDirLock(reused, 'server').release();

    const rebooted = newDir();
    writeLock(rebooted, { pid: other.pid as number, bootId: 'another-boot' });
    if (bootId()) acquireDataDirLock(rebooted, 'server').release();
  });

  it('trusts a lock from another machine only while it is refreshed', () => {
    const dir = newDir();
    writeLock(dir, { hostname: 'another-machine', bootId: null });
    expect(() => acquireDataDirLock(dir, 'server')).toThrow(DataDirLockedError);
    const old = new Date(Date.now() - HEARTBEAT_STALE_MS - 5_000);
    fs.utimesSync(`${dir}.lock`, old, old);
    acquireDataDirLock(dir, 'server').release();
  });

  it('makes a second open of the embedded database fail at once with a clear message', async () => {
    const dataDir = path.join(root, 'open');
    const other = await otherProcess();
    writeLock(path.join(dataDir, 'db'), { pid: other.pid as number, purpose: 'server' });
    await expect(openConfiguredDatabase({ dataDir, databaseUrl: undefined }, 'create-admin')).rejects.toThrow(
      DatabaseLockedError,
    );
    // Nothing was opened: the engine never created its folder.
    expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(false);
  });
});
