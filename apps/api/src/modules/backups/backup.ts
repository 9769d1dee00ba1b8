import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import type { Db } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/client';
import { isStorageName, PARTIAL_SUFFIX } from '../../storage/storage';
import { type DumpFormat, snapshotDatabase } from './database-dump';
import {
  appVersion,
  type FileEntry,
  FORMAT,
  FORMAT_VERSION,
  MANIFEST_NAME,
  type Manifest,
  sha256File,
  UPLOADS_FOLDER,
} from './manifest';

export interface BackupSource {
  db: Db;
  /** The PostgreSQL address (pg_dump connects to it); null for the embedded database. */
  databaseUrl: string | null;
  /** The uploads folder on this machine (its files go in the archive). */
  uploadsDir: string;
  /** Holds deletions of upload files while they are copied (storage/removal-hold.ts). */
  holdRemovals?: () => () => Promise<void>;
  /** `logical`: the portable dump even when pg_dump is there (BACKUP_FORMAT). */
  format?: DumpFormat;
}

export interface BackupResult {
  file: string;
  bytes: number;
  createdAt: string;
  tables: number;
  rows: number;
  uploads: number;
  /** Why the portable dump was written instead of pg_dump's, when it was. */
  note?: string;
}

/** A backup file's default name: `madreseh-backup-20261124-093605.tar` (UTC). */
export function backupFileName(at = new Date()): string {
  const s = at.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `madreseh-backup-${s}.tar`;
}

export const BACKUP_NAME_PATTERN = /^madreseh-backup-\d{8}-\d{6}(-[a-z0-9-]+)?\.tar$/;

/** Every upload file under the folder, by storage name, skipping files still being written. */
export async function listUploads(root: string): Promise<string[]> {
  const base = path.resolve(root);
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(base, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const names: string[] = [];
  for (const e of entries) {
    if (!e.isFile() || e.name.endsWith(PARTIAL_SUFFIX)) continue;
    const name = path.relative(base, path.join(e.parentPath, e.name)).split(path.sep).join('/');
    if (isStorageName(name)) names.push(name);
  }
  return names.sort();
}

/**
 * Writes one archive (tar) holding `manifest.json`, the database dump and every upload, consistent
 * with each other while the portal runs: upload deletions are held from before the database
 * snapshot until the files are copied, so every file the snapshot names is in the archive. The
 * archive appears whole or not at all (written beside the target, then renamed), readable by the
 * owner only.
 */
export async function createBackup(source: BackupSource, target: string): Promise<BackupResult> {
  const file = path.resolve(target);
  const dir = path.dirname(file);
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  const stage = path.join(dir, `.${path.basename(file)}.${randomBytes(6).toString('hex')}.partial`);
  await fs.promises.mkdir(stage, { mode: 0o700 });
  const partial = `${stage}.tar`;
  const release = source.holdRemovals?.() ?? (async () => {});
  try {
    const createdAt = new Date().toISOString();
    const snapshot = await snapshotDatabase(source.db, {
      databaseUrl: source.databaseUrl,
      folder: stage,
      migrationsDir: MIGRATIONS_DIR,
      ...(source.format ? { format: source.format } : {}),
    });
    const uploadsRoot = path.resolve(source.uploadsDir);
    const uploads: FileEntry[] = [];
    for (const name of await listUploads(uploadsRoot)) {
      try {
        uploads.push({ name, ...(await sha256File(path.join(uploadsRoot, ...name.split('/')))) });
      } catch (err) {
        // Deletions are held; a file gone now was deleted before the snapshot, so nothing names it.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: appVersion(),
      createdAt,
      engine: snapshot.engine,
      migrations: snapshot.migrations,
      database: { name: path.basename(snapshot.file), ...(await sha256File(snapshot.file)) },
      tables: snapshot.tables,
      uploads,
    };
    await fs.promises.writeFile(path.join(stage, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    // The uploads go in through a link to their folder; only the files the manifest lists.
    await fs.promises.symlink(uploadsRoot, path.join(stage, UPLOADS_FOLDER), 'dir').catch(async (err) => {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    });
    const listed = new Set(uploads.map((u) => `${UPLOADS_FOLDER}/${u.name}`));
    const members = [MANIFEST_NAME, manifest.database.name, ...listed];
    await tar.create({ file: partial, cwd: stage, follow: true, portable: true, noDirRecurse: true }, members);
    await fs.promises.chmod(partial, 0o600);
    await fs.promises.rename(partial, file);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    return {
      file,
      bytes: (await fs.promises.stat(file)).size,
      createdAt,
      tables: Object.keys(manifest.tables).length,
      rows,
      uploads: uploads.length,
      ...(snapshot.note ? { note: snapshot.note } : {}),
    };
  } finally {
    await release();
    await fs.promises.rm(stage, { recursive: true, force: true });
    await fs.promises.rm(partial, { force: true });
  }
}
