import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_STALE_HOURS, type BackupStatus } from '@madreseh/contract/backups/backups.contract';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema/site';
import { withAdvisoryLock } from '../../jobs/advisory-lock';
import type { Job } from '../../jobs/scheduler';
import { BACKUP_NAME_PATTERN, type BackupResult, type BackupSource, backupFileName, createBackup } from './backup';

/** How the server backs itself up (BACKUP_DIR, BACKUP_EVERY_HOURS, BACKUP_KEEP). */
export interface BackupSettings {
  /** Where backups go by default; never a folder the web server serves. */
  dir: string;
  /** Hours between scheduled backups; 0: none (only by command or download). */
  everyHours: number;
  /** Scheduled and downloaded backups kept in `dir`; older ones are deleted. */
  keep: number;
}

export const SCHEDULED_BACKUP_JOB = 'backup-scheduled';
/** How often the schedule looks whether a backup is due. */
const CHECK_EVERY_MS = 15 * 60_000;

const LAST_BACKUP_KEY = 'last-backup';
const lastBackupSchema = z.object({ at: z.string(), bytes: z.number().int(), name: z.string() });

/** The latest backup, as recorded in the database (so every instance sees it). */
export async function lastBackup(db: Db): Promise<z.infer<typeof lastBackupSchema> | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, LAST_BACKUP_KEY));
  const parsed = lastBackupSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

async function recordBackup(db: Db, result: BackupResult): Promise<void> {
  const value = { at: result.createdAt, bytes: result.bytes, name: path.basename(result.file) };
  await db
    .insert(settings)
    .values({ key: LAST_BACKUP_KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

export async function backupStatus(db: Db, options: BackupSettings, now = Date.now()): Promise<BackupStatus> {
  const last = await lastBackup(db);
  return {
    last,
    stale: !last || now - Date.parse(last.at) > BACKUP_STALE_HOURS * 3_600_000,
    everyHours: options.everyHours,
    keep: options.keep,
  };
}

/** Deletes the oldest backups in `dir` beyond `keep` (only files named as this program names them). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  let names: string[];
  try {
    names = (await fs.promises.readdir(dir)).filter((n) => BACKUP_NAME_PATTERN.test(n));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const dated = await Promise.all(
    names.map(async (name) => ({ name, at: (await fs.promises.stat(path.join(dir, name))).mtimeMs })),
  );
  dated.sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
  const old = dated.slice(0, Math.max(0, dated.length - keep)).map((d) => d.name);
  for (const n of old) await fs.promises.rm(path.join(dir, n), { force: true });
  return old;
}

export class BackupBusyError extends Error {}

/** A new backup's path in `dir`: named by the time, with `-2`, `-3`… when that second is taken. */
function freeName(dir: string): string {
  const base = backupFileName().replace(/\.tar$/, '');
  for (let n = 1; ; n++) {
    const file = path.join(dir, `${base}${n === 1 ? '' : `-${n}`}.tar`);
    if (!fs.existsSync(file)) return file;
  }
}

/** One backup at a time in this process (the advisory lock covers other instances on PostgreSQL). */
let writingHere = false;

/**
 * Writes a backup (to `file`, or a new name in the backup folder) under an advisory lock, so that on
 * PostgreSQL one instance backs up at a time; records it and prunes the folder to `keep`.
 */
export async function runBackup(source: BackupSource, options: BackupSettings, file?: string): Promise<BackupResult> {
  if (writingHere) throw new BackupBusyError('A backup is being written already');
  writingHere = true;
  try {
    const target = file ? path.resolve(file) : freeName(options.dir);
    const locked = await withAdvisoryLock(source.db, 'backup-write', async () => {
      const result = await createBackup(source, target);
      await recordBackup(source.db, result);
      if (path.dirname(target) === path.resolve(options.dir)) await pruneBackups(options.dir, options.keep);
      return result;
    });
    if (!locked.acquired) throw new BackupBusyError('A backup is being written already (on another instance)');
    return locked.value;
  } finally {
    writingHere = false;
  }
}

/**
 * The server's scheduled backup, when BACKUP_EVERY_HOURS is not 0: every quarter hour it looks whether
 * the latest backup (made on any instance, by any means) is older than the interval, and then makes
 * one. A restart or a day switched off does not skip a backup.
 */
export function backupJobs(source: Omit<BackupSource, 'db'>, options: BackupSettings): Job[] {
  const jobs: Job[] = [];
  if (options.everyHours > 0) {
    jobs.push({
      name: SCHEDULED_BACKUP_JOB,
      everyMs: CHECK_EVERY_MS,
      firstAfterMs: 60_000,
      run: async ({ db }) => {
        const last = await lastBackup(db);
        // A few minutes early is on time: the check runs every quarter hour.
        if (last && Date.now() - Date.parse(last.at) < options.everyHours * 3_600_000 - CHECK_EVERY_MS / 2) {
          return { due: false, last: last.at };
        }
        const result = await runBackup({ ...source, db }, options);
        return { due: true, file: result.file, bytes: result.bytes, ...(result.note ? { note: result.note } : {}) };
      },
    });
  }
  return jobs;
}
