import { MIGRATIONS_DIR } from '../db/client';
import type { MigrationStatus } from '../db/migration-status';
import { migrationStatus } from '../db/migration-status';
import { runThroughServer } from './through-server';

/**
 * npm run db:status — the migrations the database has (in order) and those this version would apply
 * at its next start. Migrations only go forward; a database migrated by a newer version is named so.
 * While the server runs, the server answers (the command never opens its database).
 */
runThroughServer<MigrationStatus>({
  name: 'db-status',
  input: {},
  readOnly: true,
  direct: ({ db }) => migrationStatus(db, MIGRATIONS_DIR),
  print(status, via) {
    console.log(`Applied migrations (${status.applied.length}):`);
    for (const m of status.applied) {
      console.log(`  ✓ ${m.tag ?? `unknown to this version (created ${new Date(m.when).toISOString()})`}`);
    }
    if (status.pending.length) {
      console.log(`Pending (applied at the next start) (${status.pending.length}):`);
      for (const m of status.pending) console.log(`  · ${m.tag}`);
    } else console.log('Pending: none — the database is up to date.');
    if (status.unknown.length) {
      console.log(
        `WARNING: ${status.unknown.length} migration(s) come from a newer version of Madreseh; this version refuses to start on this database.`,
      );
    }
    console.log(`(through ${via})`);
  },
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
