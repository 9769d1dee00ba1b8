// `npm run bench:seed -- [--students 5000]`: loads the realistic school of the benchmark into the configured
// database (DATABASE_URL, or the embedded one in DATA_DIR), for trying the portal at scale. The database
// gets the demo data first when it is empty; the school is added once (a second run stops with a message).
import { eq } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config';
import { openConfiguredDatabase } from '../apps/api/src/db/open';
import { users } from '../apps/api/src/db/schema/users';
import { isDatabaseEmpty, seedDemo } from '../apps/api/src/db/seed-demo';
import { BENCH_STUDENT, seedSchool } from './seed-school';

const i = process.argv.indexOf('--students');
const students = i >= 0 ? Number(process.argv[i + 1]) : 5000;
if (!Number.isInteger(students) || students < 1) {
  console.error('--students must be a whole number above 0');
  process.exit(1);
}
const config = loadConfig();
const database = await openConfiguredDatabase(config);
try {
  await database.migrate();
  const started = performance.now();
  if (await isDatabaseEmpty(database.db)) await seedDemo(database.db);
  const [done] = await database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, BENCH_STUDENT.username));
  if (done) {
    console.error(`This database already holds the benchmark school (user ${BENCH_STUDENT.username}).`);
    process.exitCode = 1;
  } else {
    const made = await seedSchool(database.db, { students });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Loaded ${made.students} students and ${made.invoices} invoices into ${database.driver} ${database.location} in ${seconds} s.`,
    );
    console.log(`Sign in as ${BENCH_STUDENT.username} / ${BENCH_STUDENT.password}, or as admin / demo1234.`);
  }
} finally {
  await database.close();
}
