import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Starting the real server with bad surroundings: it must stop with a clear sentence and a non-zero code. */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

function run(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-start-'));
  dirs.push(dataDir);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

// Each case starts a real process that migrates a new embedded database: slow on a busy machine.
describe('server start-up', { timeout: 120_000 }, () => {
  it('stops with a clear message when DATABASE_URL points nowhere', async () => {
    const { code, output } = await run({ DATABASE_URL: 'postgres://madreseh@127.0.0.1:1/madreseh', PORT: '0' });
    expect(code).not.toBe(0);
    expect(output).toContain('Madreseh could not start.');
    expect(output).toContain('Cannot connect to PostgreSQL at 127.0.0.1:1/madreseh');
  });

  it('stops with a clear message when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as net.AddressInfo).port;
    try {
      const { code, output } = await run({ DATABASE_URL: '', PORT: String(port) });
      expect(code).not.toBe(0);
      expect(output).toContain(`Port ${port} is already in use`);
    } finally {
      blocker.close();
    }
  });

  it('stops with a clear message on a bad setting', async () => {
    const { code, output } = await run({ DATABASE_URL: '', PORT: 'eighty' });
    expect(code).not.toBe(0);
    expect(output).toContain('Madreseh could not start.');
    expect(output).toContain('PORT');
  });
});
