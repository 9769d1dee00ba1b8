import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf } from './test/address';
import { spawnServer } from './test/server-process';

/** Starting the real server with bad surroundings: it must stop with a clear sentence and a non-zero code. */

const ROOT = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];

function run(
  env: Record<string, string>,
  until?: string,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-start-')),
): Promise<{ code: number | null; output: string; dataDir: string }> {
  dirs.push(dataDir);
  return new Promise((resolve) => {
    const child = spawnServer(dataDir, { SEED_DEMO: '0', ...env });
    let output = '';
    const read = (d: Buffer) => {
      output += d;
      // Started as far as the test needs: stop it (SIGTERM, a clean stop).
      if (until && output.includes(until)) child.kill('SIGTERM');
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    const timer = setTimeout(() => child.kill('SIGKILL'), 110_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, dataDir });
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

  it('says loudly that a demo is a demo, and a production start on it stops while demo accounts are open', async () => {
    const demo = await run({ DATABASE_URL: '', PORT: '0', SEED_DEMO: '1' }, 'is running at');
    expect(demo.output).toContain('DEMO — THIS IS A DEMONSTRATION DATABASE');
    expect(demo.output).toContain('test payment gateway is on');
    const production = await run(
      { DATABASE_URL: '', PORT: '0', NODE_ENV: 'production', SEED_DEMO: '' },
      undefined,
      demo.dataDir,
    );
    expect(production.code).not.toBe(0);
    expect(production.output).toContain('Madreseh could not start.');
    expect(production.output).toContain('demo accounts are active with the published password');
  });

  it('stops with a clear message on a bad setting', async () => {
    const { code, output } = await run({ DATABASE_URL: '', PORT: 'eighty' });
    expect(code).not.toBe(0);
    expect(output).toContain('Madreseh could not start.');
    expect(output).toContain('PORT');
  });
});

/**
 * One process per embedded database: a second server stops at once, commands go through the running
 * server, and SIGTERM through `npm run serve` stops node itself, promptly and cleanly.
 */
describe('the running server and its data folder', { timeout: 120_000 }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-running-'));
  dirs.push(dataDir);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '0',
  };
  let npm: ReturnType<typeof spawn>;
  let npmExit: Promise<number | null>;
  let control: { url: string; pid: number };

  /** Runs an npm script to its end. */
  function npmRun(script: string, extra: Record<string, string> = {}, args: string[] = []) {
    return new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
        cwd: ROOT,
        env: { ...env, ...extra },
      });
      let output = '';
      child.stdout.on('data', (d) => {
        output += d;
      });
      child.stderr.on('data', (d) => {
        output += d;
      });
      child.on('exit', (code) => resolve({ code, output }));
    });
  }

  beforeAll(async () => {
    npm = spawn('npm', ['run', '--silent', 'serve'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    npm.stdout?.on('data', (d) => {
      output += d;
    });
    npm.stderr?.on('data', (d) => {
      output += d;
    });
    npmExit = new Promise((resolve) => npm.on('exit', (code) => resolve(code)));
    const file = path.join(dataDir, 'control.json');
    for (let i = 0; !fs.existsSync(file); i++) {
      if (npm.exitCode !== null || i > 900) throw new Error(`The server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    control = JSON.parse(fs.readFileSync(file, 'utf8'));
  }, 120_000);
  afterAll(() => {
    if (npm.exitCode === null) npm.kill('SIGKILL');
    try {
      process.kill(control.pid, 'SIGKILL');
    } catch {
      // gone already
    }
  });

  it('makes a second server on the same data folder stop at once, naming the first', async () => {
    const second = await run({ DATA_DIR: dataDir, DATABASE_URL: '', PORT: '0' });
    expect(second.code).not.toBe(0);
    expect(second.output).toContain('Madreseh could not start.');
    expect(second.output).toContain(`is in use by process ${control.pid} (server)`);
    expect((await fetch(`${control.url}${addressOf(contract.system.health)}`)).status).toBe(200);
  });

  it('runs reconciliation and create-admin through the running server', async () => {
    const reconcile = await npmRun('payments:reconcile');
    expect(reconcile.output).toContain('Checked 0 pending online payment(s)');
    expect(reconcile.output).toContain('(through the running server)');
    expect(reconcile.code).toBe(0);
    const admin = await npmRun('create-admin', { ADMIN_USERNAME: 'principal', ADMIN_PASSWORD: 'Strong-pass-2026' });
    expect(admin.output).toContain('Super-admin "principal" created (through the running server).');
    expect(admin.code).toBe(0);
    const login = await fetch(`${control.url}${addressOf(contract.auth.login)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'principal', password: 'Strong-pass-2026' }),
    });
    expect(login.status).toBe(200);
  });

  it('backs up, shows migrations and checks itself through the running server', async () => {
    const file = path.join(dataDir, 'manual.tar');
    const backup = await npmRun('backup', {}, [file]);
    expect(backup.output).toMatch(/Backup written: .*manual\.tar .*\(through the running server\)/);
    expect(backup.code).toBe(0);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const status = await npmRun('db:status');
    expect(status.output).toContain('Pending: none');
    expect(status.output).toContain('(through the running server)');
    const doctor = await npmRun('doctor');
    expect(doctor.output).toContain('Database reachable (embedded, through the running server)');
    expect(doctor.output).toContain('Latest backup');
  });

  it('stops on SIGTERM to npm: in-flight request answered, keep-alive closed, node gone, exit 0', async () => {
    const { port, hostname } = new URL(control.url);
    // An idle keep-alive connection, and a request whose body is still on its way (raw HTTP on purpose).
    const idle = net.connect(Number(port), hostname);
    const idleClosed = new Promise((r) => idle.on('close', r));
    idle.write(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n`);
    await new Promise((r) => idle.once('data', r));
    const body = JSON.stringify({ username: 'nobody', password: 'not-a-password' });
    const busy = net.connect(Number(port), hostname);
    let answer = '';
    busy.on('data', (d) => {
      answer += d;
    });
    const busyClosed = new Promise((r) => busy.on('close', r));
    busy.write(
      `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: keep-alive\r\n\r\n${body.slice(0, 5)}`,
    );
    await new Promise((r) => setTimeout(r, 300));

    npm.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    busy.write(body.slice(5));
    await Promise.all([idleClosed, busyClosed]);
    expect(answer).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.toLowerCase()).toContain('connection: close');
    expect(await npmExit).toBe(0);
    let alive = true;
    for (let i = 0; i < 50 && alive; i++) {
      try {
        process.kill(control.pid, 0);
        await new Promise((r) => setTimeout(r, 100));
      } catch {
        alive = false;
      }
    }
    expect(alive).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'control.json'))).toBe(false);

    // With no server, a command opens the folder itself (its lock is free again).
    const reconcile = await npmRun('payments:reconcile');
    expect(reconcile.output).toContain('(through this command)');
    expect(reconcile.code).toBe(0);
  });
});
