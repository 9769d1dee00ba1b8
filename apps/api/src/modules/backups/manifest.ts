import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * What a backup archive holds, written first in it as `manifest.json`: the program's version, the
 * database's engine and migration level, the rows of every table at the moment of the snapshot, and
 * the size and SHA-256 of the database file and of every upload. Restore checks all of it before it
 * writes anything.
 */
export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'madreseh-backup';
export const FORMAT_VERSION = 1;

const fileEntry = z.object({
  name: z.string().min(1),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof fileEntry>;

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  /** The program that wrote it (apps/api/package.json). */
  appVersion: z.string(),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  /** Migrations applied in the database when it was dumped: how many, and the last one's tag. */
  migrations: z.object({ count: z.number().int().min(0), last: z.string().nullable() }),
  /** `database.dump` (pg_dump -Fc) or `database.pglite.tar.gz` (PGlite's own dump of its data folder). */
  database: fileEntry,
  /** Rows of each table (`schema.table`) in the snapshot the dump was taken from. */
  tables: z.record(z.string(), z.number().int().min(0)),
  /** Every upload file, by its storage name, under `uploads/` in the archive. */
  uploads: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const PG_DUMP_FILE = 'database.dump';
export const PGLITE_DUMP_FILE = 'database.pglite.tar.gz';
export const UPLOADS_FOLDER = 'uploads';

export async function sha256File(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file)) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).length;
  }
  return { bytes, sha256: hash.digest('hex') };
}

/** The version of this program, as written into manifests. */
export function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../../../package.json'), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}
