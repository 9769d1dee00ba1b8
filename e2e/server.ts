import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startServerProcess } from '../apps/api/src/test/server-process';

export interface RunningServer {
  url: string;
  /** The server's local control address and secret (DATA_DIR/control.json). */
  control: { url: string; token: string };
  stop(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts the real server (built web app, fresh PGlite with demo data) and waits until it answers. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!fs.existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run "npm run build" before the browser tests.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-e2e-'));
  // No scheduled backup while the tests run: the dashboard's "no backup yet" is part of a test.
  const { child, url, control } = await startServerProcess(dataDir, { PORT: String(port), DATABASE_URL: '', ...env });
  return {
    url,
    control,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A server of the file's own, started before its tests and stopped after them; read its address
 * inside the tests (reading it before the server is up throws).
 */
export function useServer(env: Record<string, string> = {}): RunningServer {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await startServer(env);
  });
  afterAll(async () => {
    await running?.stop();
  });
  const started = () => {
    if (!running) throw new Error('Server not started');
    return running;
  };
  return {
    get url() {
      return started().url;
    },
    get control() {
      return started().control;
    },
    stop: () => started().stop(),
  };
}
