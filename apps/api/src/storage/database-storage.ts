import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { storedFiles } from '../db/schema/storage';
import { listUploads } from '../modules/backups/backup';
import { isStorageName, localDiskStorage, type Storage } from './storage';

/**
 * Uploads kept in the database (table stored_files), for several instances against one PostgreSQL:
 * what one instance stores, every other one serves, and a database backup holds the files with the
 * rows that name them. See docs/decisions/0013-uploads-in-the-database.md.
 *
 * Files stored in the uploads folder before the switch are still served from it (and deleted from
 * it) when the table does not have them; `npm run uploads:import` copies them into the table.
 */
export function databaseStorage(db: Db, legacyDir?: string): Storage {
  const legacy = legacyDir ? localDiskStorage(legacyDir) : null;
  return {
    async put(name, data) {
      if (!isStorageName(name)) throw new Error('Invalid storage name');
      // One statement: a reader sees the whole file or none of it.
      await db
        .insert(storedFiles)
        .values({ name, size: data.length, data })
        .onConflictDoUpdate({ target: storedFiles.name, set: { size: data.length, data } });
    },
    async open(name) {
      if (!isStorageName(name)) return null;
      const [row] = await db
        .select({ size: storedFiles.size, data: storedFiles.data })
        .from(storedFiles)
        .where(eq(storedFiles.name, name));
      if (row) return { stream: Readable.from([row.data]), size: row.size };
      return legacy ? legacy.open(name) : null;
    },
    async remove(name) {
      if (!isStorageName(name)) throw new Error('Invalid storage name');
      await db.delete(storedFiles).where(eq(storedFiles.name, name));
      await legacy?.remove(name);
    },
  };
}

/**
 * Copies the files of an uploads folder into the table (those it does not have yet), so that every
 * instance serves them; the folder is left as it is. Answers how many were copied and how many the
 * table had already.
 */
export async function importUploads(db: Db, dir: string): Promise<{ imported: number; present: number }> {
  let imported = 0;
  let present = 0;
  for (const name of await listUploads(dir)) {
    const data = await fs.promises.readFile(path.join(dir, ...name.split('/')));
    const inserted = await db
      .insert(storedFiles)
      .values({ name, size: data.length, data })
      .onConflictDoNothing()
      .returning({ name: storedFiles.name });
    if (inserted.length) imported += 1;
    else present += 1;
  }
  return { imported, present };
}
