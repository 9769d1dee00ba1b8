import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { type Database, type Db, openDatabase } from '../db/client';
import { idempotencyKeys, rateLimits } from '../db/schema/system';
import { loginDevices, loginThrottle, sessions } from '../db/schema/users';
import { useTestApp } from '../test/test-app';
import { housekeepingJobs } from './housekeeping';
import { createScheduler, type Job } from './scheduler';

/** The in-process scheduler: named jobs on an interval, one run at a time (across instances on PostgreSQL). */

const quiet = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn() });
/** A database the scheduler never touches (no pool): jobs run without an advisory lock. */
const noDb = {} as Db;

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  return { opened, open };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('scheduler', () => {
  it('runs each job on its interval, logs a failing run and keeps the schedule; stops cleanly', async () => {
    vi.useFakeTimers();
    const log = quiet();
    const jobs = createScheduler({ db: noDb, log });
    let runs = 0;
    jobs.add({
      name: 'flaky',
      everyMs: 1_000,
      firstAfterMs: 100,
      run: async () => {
        runs += 1;
        if (runs === 1) throw new Error('the first run fails');
        return { runs };
      },
    });
    jobs.start();
    await vi.advanceTimersByTimeAsync(99);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'flaky', err: expect.objectContaining({ message: 'the first run fails' }) }),
      'job failed',
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(log.info).toHaveBeenCalledWith(expect.objectContaining({ job: 'flaky', result: { runs: 2 } }), 'job done');
    await jobs.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
  });

  it('never runs one job twice at once, and stop() aborts and waits for a running job', async () => {
    const jobs = createScheduler({ db: noDb, log: quiet() });
    const release = gate();
    let aborted = false;
    jobs.add({
      name: 'slow',
      everyMs: 0,
      run: async ({ signal }) => {
        signal.addEventListener('abort', () => {
          aborted = true;
          release.open();
        });
        await release.opened;
        return 'finished';
      },
    });
    const first = jobs.runNow('slow');
    expect(await jobs.runNow('slow')).toEqual({ status: 'busy' });
    expect(await jobs.runNow('nothing')).toEqual({ status: 'unknown' });
    await jobs.stop(5_000);
    expect(aborted).toBe(true);
    expect(await first).toEqual({ status: 'done', result: 'finished' });
  });

  it('refuses two jobs of one name', () => {
    const jobs = createScheduler({ db: noDb, log: quiet() });
    const job: Job = { name: 'twice', everyMs: 1000, run: async () => null };
    jobs.add(job);
    expect(() => jobs.add(job)).toThrow(/already registered/);
  });
});

describe('on a database', () => {
  const t = useTestApp();
  let other: Database | null = null;
  afterAll(async () => {
    await other?.close();
  });

  it('runs a job on one instance at a time: a second instance finds it busy', async () => {
    // On PostgreSQL a second instance is a second connection pool to the same database; on the
    // embedded database there is only ever one process, and one scheduler in it.
    let secondDb = t.db;
    if (t.driver === 'postgres') {
      const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      other = await openDatabase({ kind: 'postgres', url });
      secondDb = other.db;
    }
    const release = gate();
    let runs = 0;
    const job = (): Job => ({
      name: 'exclusive',
      everyMs: 0,
      run: async () => {
        runs += 1;
        await release.opened;
        return runs;
      },
    });
    const a = createScheduler({ db: t.db, log: quiet() });
    const b = t.driver === 'postgres' ? createScheduler({ db: secondDb, log: quiet() }) : a;
    a.add(job());
    if (b !== a) b.add(job());
    const first = a.runNow('exclusive');
    while (runs === 0) await new Promise((r) => setTimeout(r, 5));
    expect(await b.runNow('exclusive')).toEqual({ status: 'busy' });
    release.open();
    expect(await first).toEqual({ status: 'done', result: 1 });
    // Once the first run is over the lock is free again, on either instance.
    expect(await b.runNow('exclusive')).toEqual({ status: 'done', result: 2 });
  });

  it('purges dead sessions and old idempotency keys, and half-written uploads, keeping the rest', async () => {
    const userId = await t.userId('student1');
    const live = await t.sessionFor('student1');
    const old = new Date(Date.now() - 40 * 86_400_000);
    await t.db.insert(sessions).values([
      { tokenHash: 'e'.repeat(64), userId, expiresAt: new Date(Date.now() - 1000) },
      { tokenHash: 'i'.repeat(64), userId, expiresAt: new Date(Date.now() + 86_400_000), lastSeenAt: old },
    ]);
    await t.db.insert(idempotencyKeys).values([
      { scope: '1:POST x', key: 'old-key-1', fingerprint: 'f', status: 201, createdAt: old },
      { scope: '1:POST x', key: 'new-key-1', fingerprint: 'f', status: 201 },
    ]);
    const dir = path.join(t.uploadsDir, 'gallery', '2026');
    fs.mkdirSync(dir, { recursive: true });
    const partial = path.join(dir, 'abc-400.webp.1a2b3c.tmp');
    const fresh = path.join(dir, 'def-400.webp.4d5e6f.tmp');
    const kept = path.join(dir, 'abc-400.webp');
    for (const f of [partial, fresh, kept]) fs.writeFileSync(f, 'x');
    fs.utimesSync(partial, old, old);

    const jobs = createScheduler({ db: t.db, log: quiet() });
    for (const job of housekeepingJobs({ policy: t.policy, uploadsDir: t.uploadsDir })) jobs.add(job);
    expect(await jobs.runNow('sessions-purge')).toEqual({ status: 'done', result: { removed: 2 } });
    expect(await jobs.runNow('idempotency-purge')).toEqual({ status: 'done', result: { removed: 1 } });
    expect(await jobs.runNow('uploads-partial-files')).toEqual({ status: 'done', result: { removed: 1 } });

    const left = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
    expect(Number(left[0]?.n)).toBeGreaterThanOrEqual(1);
    const me = await t.call(contract.auth.checkToken, { headers: t.as(live) });
    expect(me.statusCode).toBe(200);
    expect((await t.db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(['new-key-1']);
    expect([fs.existsSync(partial), fs.existsSync(fresh), fs.existsSync(kept)]).toEqual([false, true, true]);
  });

  it('purges rate-limit counters and sign-in slowing rows whose time is over, keeping live ones', async () => {
    const long = new Date(Date.now() - 2 * 86_400_000);
    await t.db.delete(rateLimits);
    await t.db.insert(rateLimits).values([
      { key: 'login:ip:203.0.113.1', windowStart: long, count: 7 },
      { key: 'contact:203.0.113.1', windowStart: long, count: 3 },
      { key: 'login:ip:203.0.113.2', windowStart: new Date(), count: 2 },
    ]);
    await t.db.insert(loginThrottle).values([
      { username: 'old-guess', device: '', failures: 9, lastFailureAt: long, waitUntil: long },
      {
        username: 'student1',
        device: '',
        failures: 7,
        lastFailureAt: new Date(),
        waitUntil: new Date(Date.now() + 60_000),
      },
    ]);
    const userId = await t.userId('student2');
    await t.db.insert(loginDevices).values([
      { deviceHash: 'a'.repeat(64), userId, lastUsedAt: new Date(Date.now() - 400 * 86_400_000) },
      { deviceHash: 'b'.repeat(64), userId },
    ]);
    const jobs = createScheduler({ db: t.db, log: quiet() });
    for (const job of housekeepingJobs({ policy: t.policy, uploadsDir: t.uploadsDir })) jobs.add(job);
    expect(await jobs.runNow('rate-limits-purge')).toEqual({
      status: 'done',
      result: { counters: 2, signInSlowing: 1, devices: 1 },
    });
    expect((await t.db.select().from(rateLimits)).map((r) => r.key)).toEqual(['login:ip:203.0.113.2']);
    expect((await t.db.select().from(loginThrottle)).map((r) => r.username)).toEqual(['student1']);
    expect((await t.db.select().from(loginDevices)).map((r) => r.deviceHash)).toEqual(['b'.repeat(64)]);
  });
});
