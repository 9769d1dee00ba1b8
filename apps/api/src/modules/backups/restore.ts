import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as tar from 'tar';
import { MIGRATIONS_DIR, openDatabase } from '../../db/client';
import { acquireDataDirLock, DataDirLockedError } from '../../db/data-dir-lock';
import { readJournal } from '../../db/migration-status';
import { PGLITE_EXTENSIONS } from '../../db/pglite-extensions.mjs';
import { BackupError, countRows, runTool } from './database-dump';
import { LOGICAL_DUMP_FILE, loadLogicalDump, migrationsUpTo } from './logical-dump';
import { FORMAT, MANIFEST_NAME, type Manifest, manifestSchema, sha256File, UPLOADS_FOLDER } from './manifest';

/**
 * Restores an archive made by createBackup into an empty place: the embedded database folder
 * (DATA_DIR/db) or an empty PostgreSQL database, and an empty uploads folder. Everything in the
 * archive is checked first (manifest, checksums of the dump and of every file, a migration level
 * this program knows); after loading, every table's rows are compared with the manifest; then the
 * database is migrated forward to this program's level. `force` replaces what is there: the
 * embedded folder and the uploads are moved aside (kept, named in the report), a PostgreSQL
 * database is emptied.
 */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

export interface RestoreOptions {
  file: string;
  target: RestoreTarget;
  uploadsDir: string;
  force?: boolean;
  /** Progress lines. */
  log?: (line: string) => void;
}

export interface RestoreReport {
  manifest: Manifest;
  /** Migrations applied after loading (the archive was older than this program). */
  migratedFrom: string | null;
  migratedTo: string | null;
  /** What `force` moved aside. */
  movedAside: string[];
}

export class RestoreRefused extends Error {}

async function isEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await fs.promises.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** Unpacks and checks an archive in a fresh folder; answers its manifest. */
export async function unpackArchive(file: string, into: string): Promise<Manifest> {
  if (!fs.existsSync(file)) throw new RestoreRefused(`No backup file at ${file}`);
  await fs.promises.mkdir(into, { recursive: true, mode: 0o700 });
  try {
    // node-tar refuses absolute names and `..` in an archive; links are not extracted.
    await tar.extract({
      file,
      cwd: into,
      strict: true,
      filter: (_p, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
    });
  } catch (err) {
    throw new RestoreRefused(`${file} is not a readable backup archive: ${(err as Error).message}`);
  }
  let manifest: Manifest;
  try {
    const raw = JSON.parse(await fs.promises.readFile(path.join(into, MANIFEST_NAME), 'utf8')) as { format?: unknown };
    if (raw.format !== FORMAT) throw new Error('not a Madreseh backup');
    manifest = manifestSchema.parse(raw);
  } catch (err) {
    throw new RestoreRefused(`${file} has no valid manifest: ${(err as Error).message}`);
  }
  const check = async (name: string, expected: { bytes: number; sha256: string }) => {
    let got: { bytes: number; sha256: string };
    try {
      got = await sha256File(path.join(into, ...name.split('/')));
    } catch {
      throw new RestoreRefused(`The archive lacks ${name}, which its manifest lists.`);
    }
    if (got.sha256 !== expected.sha256 || got.bytes !== expected.bytes) {
      throw new RestoreRefused(`${name} in the archive does not match its checksum: the archive is damaged.`);
    }
  };
  await check(manifest.database.name, manifest.database);
  for (const u of manifest.uploads) await check(`${UPLOADS_FOLDER}/${u.name}`, u);
  const journal = readJournal(MIGRATIONS_DIR);
  if (manifest.migrations.last && !journal.some((e) => e.tag === manifest.migrations.last)) {
    throw new RestoreRefused(
      `The backup was made by a newer version of Madreseh (migration ${manifest.migrations.last}); ` +
        'restore it with that version or a later one.',
    );
  }
  return manifest;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const log = options.log ?? (() => {});
  const file = path.resolve(options.file);
  const uploadsDir = path.resolve(options.uploadsDir);
  const base = options.target.kind === 'pglite' ? path.resolve(options.target.dataDir) : path.dirname(uploadsDir);
  await fs.promises.mkdir(base, { recursive: true });
  const work = path.join(base, `.restore-${randomBytes(6).toString('hex')}`);
  const movedAside: string[] = [];
  try {
    log(`Checking ${file}…`);
    const manifest = await unpackArchive(file, work);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    log(
      `Backup of ${manifest.createdAt} (${manifest.engine}, migration ${manifest.migrations.last ?? 'none'}): ` +
        `${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.uploads.length} upload files. Checksums match.`,
    );
    const logical = manifest.database.name === LOGICAL_DUMP_FILE;
    if (!logical && manifest.engine !== options.target.kind) {
      throw new RestoreRefused(
        manifest.engine === 'pglite'
          ? 'This backup is of the embedded database; restore it without DATABASE_URL (into DATA_DIR). ' +
              '(A backup made with BACKUP_FORMAT=logical restores into either.)'
          : 'This backup is of a PostgreSQL database; restore it with DATABASE_URL set to an empty database. ' +
              '(A backup made with BACKUP_FORMAT=logical restores into either.)',
      );
    }
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    if (!(await isEmptyDir(uploadsDir))) {
      if (!options.force)
        throw new RestoreRefused(
          `The uploads folder ${uploadsDir} is not empty. Restore only into an empty place, or add --force.`,
        );
    }
    let migratedFrom: string | null = manifest.migrations.last;
    let migratedTo: string | null;
    if (options.target.kind === 'pglite') {
      migratedTo = await restorePglite(
        options.target.dataDir,
        work,
        manifest,
        Boolean(options.force),
        stamp,
        movedAside,
      );
    } else {
      migratedTo = await restorePostgres(options.target.url, work, manifest, Boolean(options.force));
    }
    log(
      logical
        ? 'Loaded the rows of the portable dump; every table matches the manifest.'
        : 'Every table matches the manifest.',
    );
    if (migratedTo === migratedFrom) migratedFrom = null;
    if (!(await isEmptyDir(uploadsDir))) {
      const aside = `${uploadsDir}.replaced-${stamp}`;
      await fs.promises.rename(uploadsDir, aside);
      movedAside.push(aside);
    }
    await fs.promises.mkdir(uploadsDir, { recursive: true });
    for (const u of manifest.uploads) {
      const to = path.join(uploadsDir, ...u.name.split('/'));
      await fs.promises.mkdir(path.dirname(to), { recursive: true });
      await fs.promises.copyFile(path.join(work, UPLOADS_FOLDER, ...u.name.split('/')), to);
    }
    log(`Restored ${manifest.uploads.length} upload files into ${uploadsDir}.`);
    return { manifest, migratedFrom, migratedTo, movedAside };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

function compareCounts(expected: Record<string, number>, got: Record<string, number>): void {
  const wrong = Object.entries(expected).filter(([t, n]) => got[t] !== n);
  if (wrong.length) {
    throw new BackupError(
      `The restored database does not hold what the manifest says: ${wrong
        .map(([t, n]) => `${t} ${got[t] ?? 'missing'} rows instead of ${n}`)
        .join(', ')}`,
    );
  }
}

async function restorePglite(
  dataDir: string,
  work: string,
  manifest: Manifest,
  force: boolean,
  stamp: string,
  movedAside: string[],
): Promise<string | null> {
  const dir = path.join(path.resolve(dataDir), 'db');
  let lock: ReturnType<typeof acquireDataDirLock>;
  try {
    lock = acquireDataDirLock(dir, 'restore');
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new RestoreRefused(`${err.message}\nStop the server before restoring a backup.`);
    throw err;
  }
  try {
    if (!(await isEmptyDir(dir))) {
      if (!force)
        throw new RestoreRefused(
          `The embedded database ${dir} is not empty. Restore only into an empty place (a new DATA_DIR), or add --force.`,
        );
      const aside = `${dir}.replaced-${stamp}`;
      await fs.promises.rename(dir, aside);
      movedAside.push(aside);
    }
    const logical = manifest.database.name === LOGICAL_DUMP_FILE;
    const dump = logical ? null : await fs.promises.readFile(path.join(work, manifest.database.name));
    const client = await PGlite.create(dir, {
      extensions: PGLITE_EXTENSIONS,
      ...(dump ? { loadDataDir: new Blob([dump]) } : {}),
    });
    try {
      if (!dump) {
        await migratePglite(drizzlePglite(client) as never, {
          migrationsFolder: migrationsUpTo(manifest.migrations.last, work),
        });
        await client.exec('begin');
        await loadLogicalDump(
          async (q, params) => (await client.query<Record<string, unknown>>(q, params)).rows,
          path.join(work, manifest.database.name),
        );
        await client.exec('commit');
      }
      compareCounts(
        manifest.tables,
        await countRows(async (q) => (await client.query<Record<string, unknown>>(q)).rows),
      );
    } finally {
      await client.close();
    }
    const database = await openDatabase({ kind: 'pglite', dir }, { inProcess: true });
    try {
      await database.migrate();
      return readJournal(MIGRATIONS_DIR).at(-1)?.tag ?? null;
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function restorePostgres(url: string, work: string, manifest: Manifest, force: boolean): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const existing = await countRows(async (q) => (await client.query(q)).rows);
    if (Object.keys(existing).length) {
      if (!force)
        throw new RestoreRefused(
          `The database at ${new URL(url).pathname.slice(1)} is not empty (${Object.keys(existing).length} tables). ` +
            'Restore only into an empty database, or add --force.',
        );
      await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public');
    }
  } finally {
    await client.end();
  }
  if (manifest.database.name === LOGICAL_DUMP_FILE) {
    const schema = await openDatabase({ kind: 'postgres', url });
    try {
      await migrateNodePg(schema.db as never, { migrationsFolder: migrationsUpTo(manifest.migrations.last, work) });
    } finally {
      await schema.close();
    }
    const load = new pg.Client({ connectionString: url });
    await load.connect();
    try {
      await load.query('begin');
      await loadLogicalDump(
        async (q, params) => (await load.query(q, params)).rows,
        path.join(work, manifest.database.name),
      );
      await load.query('commit');
    } finally {
      await load.end();
    }
  } else {
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', path.join(work, manifest.database.name)],
      url,
    );
  }
  const check = new pg.Client({ connectionString: url });
  await check.connect();
  try {
    compareCounts(manifest.tables, await countRows(async (q) => (await check.query(q)).rows));
  } finally {
    await check.end();
  }
  const database = await openDatabase({ kind: 'postgres', url });
  try {
    await database.migrate();
    return readJournal(MIGRATIONS_DIR).at(-1)?.tag ?? null;
  } finally {
    await database.close();
  }
}
