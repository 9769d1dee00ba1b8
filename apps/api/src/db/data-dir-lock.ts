import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process per embedded database folder. The embedded engine keeps its data in a folder and
 * assumes it is alone there: a second process writing the same folder loses acknowledged writes.
 * This lock knows nothing of the engine: it is a file beside the folder (`<folder>.lock`), made
 * with O_EXCL, holding who owns it. A lock whose owner is gone (killed, machine rebooted) is
 * recognised as stale and taken over; a live owner makes the second process stop at once.
 */

export interface LockOwner {
  pid: number;
  hostname: string;
  /** Linux boot id: a lock from before a reboot is stale even when its pid is alive again. */
  bootId: string | null;
  /** Start time of the owner process (Linux clock ticks since boot), to tell a reused pid apart. */
  processStart: string | null;
  startedAt: string;
  /** What the owner is (`server`, `payments:reconcile`, …), for the message a second process prints. */
  purpose: string;
  nonce: string;
}

export interface DataDirLock {
  readonly file: string;
  readonly owner: LockOwner;
  /** A stale lock was found and taken over (its owner is named here). */
  readonly replacedStale: LockOwner | null;
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly owner: LockOwner | null,
  ) {
    const who = owner
      ? `process ${owner.pid} (${owner.purpose}) on ${owner.hostname}, since ${owner.startedAt}`
      : 'another process';
    super(
      `The embedded database in ${dir} is in use by ${who}.\n` +
        'Only one process may open it. Stop that process first, or run the command while the server runs:\n' +
        'commands such as "npm run payments:reconcile" and "npm run create-admin" then go through the running server.\n' +
        `پایگاه دادهٔ ${dir} در دست برنامهٔ دیگری است (${owner ? `شمارهٔ ${owner.pid}` : 'نامشخص'}). ` +
        'هم‌زمان فقط یک برنامه می‌تواند آن را باز کند؛ نخست آن برنامه را ببندید.',
    );
  }
}

/** Lock files this process holds, by their nonce: a second open within one process is refused too. */
const heldHere = new Set<string>();

/** A lock file not refreshed for this long is stale whatever its pid says (another machine, another container). */
export const HEARTBEAT_STALE_MS = 30_000;
const HEARTBEAT_EVERY_MS = 10_000;

function readBootId(): string | null {
  try {
    return fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat: when the process started, in clock ticks since boot. */
function processStartOf(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

/** Whether a process of this pid exists on this machine (EPERM: it does, run by another user). */
export function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function parseOwner(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text) as Partial<LockOwner>;
    if (typeof o.pid !== 'number' || typeof o.nonce !== 'string' || typeof o.hostname !== 'string') return null;
    return {
      pid: o.pid,
      hostname: o.hostname,
      bootId: o.bootId ?? null,
      processStart: o.processStart ?? null,
      startedAt: String(o.startedAt ?? ''),
      purpose: String(o.purpose ?? 'unknown'),
      nonce: o.nonce,
    };
  } catch {
    return null;
  }
}

/** Why a lock held by `owner` is stale, or null while its owner may still be alive. */
export function staleReason(owner: LockOwner | null, mtimeMs: number, now = Date.now()): string | null {
  if (!owner) return now - mtimeMs > HEARTBEAT_STALE_MS ? 'unreadable lock file' : null;
  const sameMachine = owner.hostname === os.hostname() && owner.bootId === readBootId();
  if (sameMachine) {
    if (heldHere.has(owner.nonce)) return null;
    if (owner.pid === process.pid) return 'left by an earlier process with this pid';
    if (!pidAlive(owner.pid)) return `process ${owner.pid} is gone`;
    const start = processStartOf(owner.pid);
    if (owner.processStart && start && start !== owner.processStart)
      return `pid ${owner.pid} now belongs to another process`;
    return null;
  }
  if (owner.hostname === os.hostname() && owner.bootId && readBootId() && owner.bootId !== readBootId()) {
    return 'left before the machine restarted';
  }
  // Another machine or container: its owner refreshes the file every few seconds while it lives.
  return now - mtimeMs > HEARTBEAT_STALE_MS ? `not refreshed for ${Math.round((now - mtimeMs) / 1000)} s` : null;
}

function readLock(file: string): { owner: LockOwner | null; text: string; mtimeMs: number } | null {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const { mtimeMs } = fs.statSync(file);
    return { owner: parseOwner(text), text, mtimeMs };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Takes the lock of a data folder or throws DataDirLockedError naming its owner. The lock is
 * released by `release()` (and is recognised as stale when the process dies without it).
 */
export function acquireDataDirLock(dir: string, purpose: string): DataDirLock {
  const resolved = path.resolve(dir);
  fs.mkdirSync(path.dirname(resolved), { recursive: true });
  const file = `${resolved}.lock`;
  const owner: LockOwner = {
    pid: process.pid,
    hostname: os.hostname(),
    bootId: readBootId(),
    processStart: processStartOf(process.pid),
    startedAt: new Date().toISOString(),
    purpose,
    nonce: randomBytes(12).toString('hex'),
  };
  const text = `${JSON.stringify(owner, null, 2)}\n`;
  let replacedStale: LockOwner | null = null;

  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx', 0o644);
      try {
        fs.writeSync(fd, text);
        fs.fsyncSync(fd);
      } finally {
        fs.closeSync(fd);
      }
      return held(file, owner, replacedStale);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const current = readLock(file);
    if (!current) continue; // released meanwhile: try again
    const reason = staleReason(current.owner, current.mtimeMs);
    if (!reason) throw new DataDirLockedError(resolved, current.owner);
    // Take the stale file out of the way by renaming it (atomic): of two processes doing this at
    // once only one succeeds, and the winner checks it moved the file it judged, not a fresh lock.
    const aside = `${file}.stale-${process.pid}-${randomBytes(4).toString('hex')}`;
    try {
      fs.renameSync(file, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    const moved = fs.readFileSync(aside, 'utf8');
    if (moved !== current.text) {
      // A fresh lock was made between our read and the rename: put it back and look again.
      try {
        fs.linkSync(aside, file);
      } catch {
        // Someone made yet another lock meanwhile; theirs stands.
      }
      fs.rmSync(aside, { force: true });
      continue;
    }
    fs.rmSync(aside, { force: true });
    replacedStale = current.owner;
  }
  throw new DataDirLockedError(resolved, readLock(file)?.owner ?? null);
}

function held(file: string, owner: LockOwner, replacedStale: LockOwner | null): DataDirLock {
  // The heartbeat tells processes on other machines (a shared volume) that the owner still lives.
  const heartbeat = setInterval(() => {
    const now = new Date();
    fs.utimes(file, now, now, () => {});
  }, HEARTBEAT_EVERY_MS);
  heartbeat.unref();
  heldHere.add(owner.nonce);
  let released = false;
  return {
    file,
    owner,
    replacedStale,
    release() {
      if (released) return;
      released = true;
      clearInterval(heartbeat);
      heldHere.delete(owner.nonce);
      // Remove the file only while it is still ours.
      const current = readLock(file);
      if (current?.owner?.nonce === owner.nonce) fs.rmSync(file, { force: true });
    },
  };
}
