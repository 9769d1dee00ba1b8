import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Names are always made by the server (see `isStorageName`); the local
 * disk is the default, and an S3-compatible bucket can implement the same three calls.
 */
export interface Storage {
  /** Writes a file whole (readers never see half a file). */
  put(name: string, data: Buffer): Promise<void>;
  /** Opens a file for reading; null when it does not exist. */
  open(name: string): Promise<{ stream: Readable; size: number } | null>;
  /** Deletes a file; deleting a missing file is not an error. */
  remove(name: string): Promise<void>;
}

/** Lowercase words, digits and dashes, slash-separated, one extension: no `..`, no absolute paths. */
const NAME_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+){0,5}\.[a-z0-9]{2,5}$/;

export function isStorageName(name: string): boolean {
  return name.length <= 220 && NAME_PATTERN.test(name);
}

/** A new random key under a folder and the current year, e.g. `gallery/2026/5f0c…` (24 hex digits). */
export function newStorageKey(folder: string): string {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(folder)) throw new Error(`Bad storage folder ${folder}`);
  return `${folder}/${new Date().getUTCFullYear()}/${randomBytes(12).toString('hex')}`;
}

/** Files in a folder on the local disk (UPLOADS_DIR, `./data/uploads` by default). */
export function localDiskStorage(root: string): Storage {
  const base = path.resolve(root);
  const full = (name: string) => {
    if (!isStorageName(name)) throw new Error('Invalid storage name');
    return path.join(base, ...name.split('/'));
  };
  return {
    async put(name, data) {
      const target = full(name);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}${PARTIAL_SUFFIX}`;
      try {
        await fs.promises.writeFile(temp, data);
        await fs.promises.rename(temp, target);
      } catch (err) {
        // A full disk leaves half a file behind: never keep it.
        await fs.promises.rm(temp, { force: true }).catch(() => {});
        throw err;
      }
    },
    async open(name) {
      if (!isStorageName(name)) return null;
      const target = full(name);
      try {
        const stat = await fs.promises.stat(target);
        if (!stat.isFile()) return null;
        return { stream: fs.createReadStream(target), size: stat.size };
      } catch {
        return null;
      }
    },
    async remove(name) {
      await fs.promises.rm(full(name), { force: true });
    },
  };
}

/** Files being written carry this ending until they are renamed into place. */
export const PARTIAL_SUFFIX = '.tmp';

/**
 * Removes files left half-written under the uploads folder (a crash or a power cut during a
 * write) older than `olderThanMs`; answers how many. Run at start-up and on a schedule; the age
 * spares writes in progress in another instance sharing the folder.
 */
export async function removePartialUploads(root: string, olderThanMs: number): Promise<number> {
  const base = path.resolve(root);
  let removed = 0;
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(base, { withFileTypes: true, recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  const limit = Date.now() - olderThanMs;
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith(PARTIAL_SUFFIX)) continue;
    const file = path.join(entry.parentPath, entry.name);
    try {
      if ((await fs.promises.stat(file)).mtimeMs <= limit) {
        await fs.promises.rm(file, { force: true });
        removed += 1;
      }
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}
