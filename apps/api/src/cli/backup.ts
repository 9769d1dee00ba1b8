import path from 'node:path';
import type { BackupResult } from '../modules/backups/backup';
import { runBackup } from '../modules/backups/backups.service';
import { givenSettings, readConfig, runThroughServer } from './through-server';

/**
 * npm run backup [file] — one archive with the database, every upload and a manifest, consistent
 * while the portal runs. Without a file it goes into BACKUP_DIR (default DATA_DIR/backups), where
 * the newest BACKUP_KEEP are kept. While the server runs on this machine, the server writes it.
 */
const config = readConfig();
const arg = process.argv.slice(2).find((a) => !a.startsWith('-'));
const file = arg ? path.resolve(arg) : undefined;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

runThroughServer<BackupResult>(
  {
    name: 'backup',
    input: {
      ...(file ? { file } : {}),
      settings: givenSettings({
        BACKUP_DIR: config.backup.dir,
        BACKUP_FORMAT: config.backup.format,
        BACKUP_KEEP: config.backup.keep,
      }),
    },
    direct: ({ db }) =>
      runBackup(
        {
          db,
          databaseUrl: config.databaseUrl ?? null,
          uploadsDir: config.uploadsDir,
          format: config.backup.format,
        },
        config.backup,
        file,
      ),
    print: (r, via) => {
      if (r.note) console.warn(r.note);
      console.log(
        `Backup written: ${r.file} (${mb(r.bytes)}; ${r.tables} tables, ${r.rows} rows, ${r.uploads} upload files) (through ${via}).`,
      );
    },
  },
  config,
).catch((err) => {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
});
