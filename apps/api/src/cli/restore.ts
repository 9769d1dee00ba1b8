import path from 'node:path';
import { BackupError } from '../modules/backups/database-dump';
import { RestoreRefused, restoreBackup } from '../modules/backups/restore';
import { readConfig, stop } from './through-server';

/**
 * npm run restore -- <file> [--force] — restores a backup into an empty place: the embedded database
 * of DATA_DIR (with the server stopped), or the empty PostgreSQL database of DATABASE_URL, and
 * UPLOADS_DIR. Checks the archive first; migrates it forward when it is older than this version.
 * --force replaces what is there (the embedded database and the uploads are moved aside, not deleted;
 * a PostgreSQL database is emptied).
 */
async function main() {
  const config = readConfig();
  const args = process.argv.slice(2);
  const force = args.includes('--force') || process.env.RESTORE_FORCE === '1';
  const file = args.find((a) => !a.startsWith('-'));
  if (!file) stop('Usage: npm run restore -- <backup file> [--force]');
  const report = await restoreBackup({
    file: path.resolve(file),
    target: config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
    uploadsDir: config.uploadsDir,
    force,
    log: (line) => console.log(line),
  });
  if (report.migratedFrom) console.log(`Migrated forward from ${report.migratedFrom} to ${report.migratedTo}.`);
  for (const aside of report.movedAside) console.log(`What was there before is kept in ${aside}.`);
  console.log('Restore complete. Start the server.');
}

main().catch((err) => {
  if (err instanceof RestoreRefused || err instanceof BackupError) stop(`Restore refused: ${err.message}`);
  console.error(err);
  process.exit(1);
});
