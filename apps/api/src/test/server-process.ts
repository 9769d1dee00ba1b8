import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../../..');

export interface ServerProcess {
  child: ChildProcess;
  /** The server's address and its local control token, from `control.json` in its data folder. */
  control: { url: string; token: string };
  url: string;
  output: () => string;
  exit: Promise<number | null>;
}

/**
 * Spawns `apps/api/src/server.ts` on `dataDir` as the tests run it (test mode, on 127.0.0.1, quiet
 * log), its output piped; `env` adds or overrides variables; `nodeArgs` go to node before the script
 * (e.g. `--import` of a test's fault, which the embedded database's thread inherits).
 */
export function spawnServer(dataDir: string, env: Record<string, string>, nodeArgs: string[] = []) {
  return spawn(process.execPath, ['--import', 'tsx', ...nodeArgs, 'apps/api/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts `apps/api/src/server.ts` as its own process on `dataDir` (demo data loaded, no backups) and
 * waits for it to answer: it writes `control.json` once it listens. `env` adds or overrides variables
 * (DATABASE_URL: '' for the embedded database). The caller kills it.
 */
export async function startServerProcess(
  dataDir: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  const controlFile = path.join(dataDir, 'control.json');
  fs.rmSync(controlFile, { force: true });
  const child = spawnServer(dataDir, { PORT: '0', SEED_DEMO: '1', BACKUP_EVERY_HOURS: '0', ...env }, nodeArgs);
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  for (let i = 0; !fs.existsSync(controlFile); i++) {
    if (child.exitCode !== null || i > 1200) {
      child.kill('SIGKILL');
      throw new Error(`The server on ${dataDir} did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const control = JSON.parse(fs.readFileSync(controlFile, 'utf8')) as { url: string; token: string };
  return { child, control, url: control.url, output: () => output, exit };
}
