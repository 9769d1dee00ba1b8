import { type Config, ConfigError, loadConfig } from '../config';
import { askRunningServer } from '../control/control-client';
import { readControlFile } from '../control/control-file';
import { openConfiguredDatabase } from '../db/open';
import { type DatabaseFacts, databaseFacts, examine, type Finding } from '../modules/doctor/doctor';

/**
 * npm run doctor — checks this deployment with the server's environment: database reachable,
 * migrations current, a super-admin, no demo password in production, uploads and backups writable,
 * backups recent, pg_dump usable, PUBLIC_URL and proxy settings sane, the web app built. Prints what
 * to fix; exit code 1 when anything must be fixed.
 */
const MARK: Record<Finding['verdict'], string> = { ok: '  ok  ', warn: ' WARN ', fail: ' FAIL ' };

async function facts(config: Config): Promise<{ facts: DatabaseFacts | null; via: string; error?: string }> {
  try {
    const answer = await askRunningServer(config, 'doctor', {}, 60_000);
    if (answer.reached && answer.status === 200) {
      return { facts: (answer.body as { result: DatabaseFacts }).result, via: 'the running server' };
    }
  } catch {
    // the server did not answer: look ourselves
  }
  try {
    const database = await openConfiguredDatabase(config, 'doctor');
    try {
      return { facts: await databaseFacts(database.db), via: 'this command' };
    } finally {
      await database.close();
    }
  } catch (err) {
    return { facts: null, via: 'this command', error: (err as Error).message.split('\n')[0] };
  }
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.log(`${MARK.fail}${err.message}`);
    process.exit(1);
  }
  const found = await facts(config);
  const findings = await examine(config, found.facts, {
    via: found.via,
    ...(found.error ? { error: found.error } : {}),
  });
  const control = readControlFile(config.dataDir);
  if (control) {
    const health = await fetch(`${control.url}/api/v1/health`, { signal: AbortSignal.timeout(5000) }).catch(() => null);
    findings.unshift(
      health?.ok
        ? { verdict: 'ok', what: `Server running on this machine (${control.url}, pid ${control.pid})` }
        : {
            verdict: 'warn',
            what: `A server was started here (pid ${control.pid}) but does not answer`,
            fix: 'Look at its log; restart it.',
          },
    );
  }
  for (const f of findings) {
    console.log(`${MARK[f.verdict]}${f.what}`);
    if (f.fix) console.log(`        → ${f.fix}`);
  }
  const fails = findings.filter((f) => f.verdict === 'fail').length;
  const warns = findings.filter((f) => f.verdict === 'warn').length;
  console.log(`\n${fails} to fix, ${warns} to look at.`);
  process.exit(fails ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
