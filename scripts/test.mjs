// Runs every check and test: lint, typecheck, unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser tests against a freshly built app in Chromium.
import { spawnSync } from 'node:child_process';

function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(r.status ?? 1);
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
run('Lint and format check (Biome)', 'npm', ['run', 'lint']);
run('Typecheck', 'npm', ['run', 'typecheck']);
run('Unit and API tests (embedded PGlite)', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'api'], {
  TEST_DATABASE_URL: '',
});
if (pgUrl) {
  run('API tests on PostgreSQL (TEST_DATABASE_URL)', 'npx', ['vitest', 'run', '--project', 'api'], {
    TEST_DATABASE_URL: pgUrl,
  });
} else {
  console.log('\nTEST_DATABASE_URL is not set: the API tests ran on PGlite only.');
}
run('Chromium for the browser tests', 'bash', ['scripts/ensure-chromium.sh']);
run('Build the web app', 'npm', ['run', 'build']);
run('Browser tests (Chromium)', 'npx', ['vitest', 'run', '--project', 'e2e']);
console.log('\n✔ All tests passed.');
