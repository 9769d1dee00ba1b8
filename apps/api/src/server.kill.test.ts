import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { afterAll, describe, expect, it } from 'vitest';
import { addressOf } from './test/address';
import { type ServerProcess, startServerProcess } from './test/server-process';

/**
 * SIGKILL at any moment (a power cut, the OOM killer) leaves an embedded database that opens again
 * with every answered write in it: the server is killed while writes are running, started again on
 * the same data folder (taking over the dead process's lock), and finds them all. Then SIGTERM stops
 * it cleanly with exit code 0.
 */

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-kill-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(dataDir, { DATABASE_URL: '' });
  children.push(server.child);
  return server;
}

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}${addressOf(contract.auth.login)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'demo1234' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

describe('a killed server', { timeout: 240_000 }, () => {
  it('leaves a database that opens with every answered write', async () => {
    const first = await start();
    const token = await login(first.url);
    const saved: string[] = [];
    let stop = false;
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const title = `خبر ${n}-${i}`;
        try {
          const res = await fetch(`${first.url}${addressOf(contract.news.create)}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({
              title,
              summary: 'خلاصه',
              bodyHtml: '<p>متن</p>',
              pinned: false,
              status: 'published',
              audience: 'public',
            }),
          });
          if (res.status === 201) saved.push(title);
        } catch {
          return; // the server is gone
        }
      }
    };
    const writers = [writer(1), writer(2), writer(3)];
    while (saved.length < 15) await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    stop = true;
    expect(await first.exit).toBe(null);
    await Promise.all(writers);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);

    const second = await start();
    expect(second.output()).toContain('Took over the lock');
    const token2 = await login(second.url);
    const res = await fetch(`${second.url}${addressOf(contract.news.list, { query: { pageSize: 100, page: 1 } })}`, {
      headers: { authorization: `Bearer ${token2}` },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { title: string }[]; total: number };
    const titles = new Set(body.items.map((i) => i.title));
    const missing = saved.filter((t) => !titles.has(t));
    expect(body.total).toBeGreaterThanOrEqual(saved.length);
    expect(missing).toEqual([]);

    second.child.kill('SIGTERM');
    expect(await second.exit).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });
});
