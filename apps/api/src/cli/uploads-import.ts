import { importUploads } from '../storage/database-storage';
import { givenSettings, readConfig, runThroughServer, stop } from './through-server';

/**
 * npm run uploads:import — copies the files of UPLOADS_DIR into the database, for a portal that moved
 * to UPLOADS_STORE=database (the default on PostgreSQL) with files stored before; then every instance
 * serves them. The folder is left as it is. Safe to run again.
 */
const config = readConfig();
if (config.uploadsStore !== 'database') {
  stop('Uploads are kept in the folder (UPLOADS_STORE=disk): there is nothing to import.');
}
runThroughServer<{ imported: number; present: number }>(
  {
    name: 'uploads-import',
    input: { settings: givenSettings({ UPLOADS_DIR: config.uploadsDir }) },
    direct: ({ db }) => importUploads(db, config.uploadsDir),
    print: (r, via) =>
      console.log(
        `Copied ${r.imported} file(s) from ${config.uploadsDir} into the database; ${r.present} were there already. (through ${via})`,
      ),
  },
  config,
).catch((err) => {
  console.error(err);
  process.exit(1);
});
