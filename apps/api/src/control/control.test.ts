import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { databaseIdentity } from '../db/open';
import { auditLog } from '../db/schema/system';
import { users } from '../db/schema/users';
import { createScheduler } from '../jobs/scheduler';
import { useTestApp } from '../test/test-app';
import { backupCommand, createAdminCommand, runJobCommand } from './commands';
import { controlFilePath, readControlFile, removeControlFile, writeControlFile } from './control-file';

/**
 * The channel a command on the server's machine uses instead of opening the database beside the
 * running server: local only, with the secret of DATA_DIR/control.json, and not in the public API.
 */

const SECRET = 'test-secret-0123456789abcdefghijklmnop';
const backupDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-control-backups-')), 'backups');
let ran = 0;
const t = useTestApp({
  control: (db) => {
    const jobs = createScheduler({ db, log: { info: () => {}, warn: () => {}, error: () => {} } });
    jobs.add({ name: 'count', everyMs: 0, run: async () => ({ ran: ++ran }) });
    jobs.add({
      name: 'with-age',
      everyMs: 0,
      options: z.strictObject({ minAgeMinutes: z.number().min(0) }),
      run: async ({ options }) => ({ ran: ++ran, options: options ?? null }),
    });
    const backups = {
      source: { databaseUrl: null, uploadsDir: path.join(backupDir, '..', 'uploads'), format: 'native' as const },
      settings: { dir: backupDir, everyHours: 0, keep: 7 },
    };
    return { token: SECRET, commands: [runJobCommand(jobs), createAdminCommand(db), backupCommand(db, backups)] };
  },
});

const order = (command: string, input: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.inject({
    method: 'POST',
    url: `/_control/${command}`,
    headers: { authorization: `Bearer ${SECRET}`, ...headers },
    payload: { input },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('local control channel', () => {
  it('runs a job now and answers its outcome', async () => {
    const res = await order('run-job', { name: 'count' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { status: 'done', result: { ran: 1 } } });
    expect((await order('run-job', { name: 'missing' })).json()).toEqual({ result: { status: 'unknown' } });
  });

  it('gives a job the options the command was given, and refuses options it would drop, running nothing', async () => {
    const given = await order('run-job', { name: 'with-age', options: { minAgeMinutes: 0 } });
    expect(given.json()).toMatchObject({ result: { status: 'done', result: { options: { minAgeMinutes: 0 } } } });
    const before = ran;
    const notTaken = await order('run-job', { name: 'count', options: { minAgeMinutes: 0 } });
    expect(notTaken.statusCode).toBe(400);
    expect(notTaken.json().message).toContain('takes no options');
    const unknown = await order('run-job', { name: 'with-age', options: { minAge: 0 } });
    expect(unknown.statusCode).toBe(400);
    const extra = await order('create-admin', {
      username: 'extra',
      fullName: 'x',
      password: 'Strong-pass-2026',
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
    expect(ran).toBe(before);
    expect(await t.db.select().from(users).where(eq(users.username, 'extra'))).toEqual([]);
  });

  it('refuses a backup asked with other settings than the server’s, writing nothing', async () => {
    const other = await order('backup', { settings: { BACKUP_KEEP: 3, BACKUP_DIR: backupDir } });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toContain('BACKUP_KEEP=7, this command BACKUP_KEEP=3');
    expect((await order('backup', { settings: { UPLOADS_DIR: '/elsewhere' } })).statusCode).toBe(400);
    expect(fs.existsSync(backupDir)).toBe(false);
  });

  it('creates a super-admin with an audit row, by the same rules as the dashboard', async () => {
    const res = await order('create-admin', {
      username: 'Principal',
      fullName: 'مدیر مدرسه',
      password: 'Strong-pass-2026',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.select().from(users).where(eq(users.username, 'principal'));
    expect(row?.role).toBe('super-admin');
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(row?.id)));
    expect(audits.map((a) => a.action)).toContain('create');
    expect(
      (await order('create-admin', { username: 'principal', fullName: 'x', password: 'Strong-pass-2026' })).statusCode,
    ).toBe(409);
    expect((await order('create-admin', { username: 'a', fullName: '', password: '1' })).statusCode).toBe(400);
    expect(await t.login('principal', 'Strong-pass-2026')).toBeTruthy();
  });

  it('refuses without the secret, through a proxy, and from another machine, running nothing', async () => {
    const before = ran;
    const wrong = await order('run-job', { name: 'count' }, { authorization: 'Bearer not-the-secret' });
    expect(wrong.statusCode).toBe(403);
    const none = await t.inject({ method: 'POST', url: '/_control/run-job', payload: { input: { name: 'count' } } });
    expect(none.statusCode).toBe(403);
    expect((await order('run-job', { name: 'count' }, { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(404);
    expect((await order('run-job', { name: 'count' }, {}, '203.0.113.9')).statusCode).toBe(404);
    expect(ran).toBe(before);
  });

  it('is not part of the published API', async () => {
    const doc = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.body).not.toContain('_control');
  });
});

describe('control file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-control-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is readable by the server’s user only, and removed only by the server that wrote it', () => {
    const file = { url: 'http://127.0.0.1:3000', token: 'first', pid: process.pid, database: `embedded ${dir}/db` };
    writeControlFile(dir, file);
    expect(fs.statSync(controlFilePath(dir)).mode & 0o777).toBe(0o600);
    expect(readControlFile(dir)).toEqual(file);
    removeControlFile(dir, 'another-server');
    expect(readControlFile(dir)?.token).toBe('first');
    removeControlFile(dir, 'first');
    expect(readControlFile(dir)).toBeNull();
  });

  it('names a database without its password, the same however its address is written', () => {
    const of = (databaseUrl: string) => databaseIdentity({ databaseUrl, dataDir: dir });
    const identity = of('postgres://school:s3cret-Pass@DB.example:6543/school?sslmode=require');
    expect(identity).toBe('postgres://db.example:6543/school');
    expect(of('postgresql://other@db.example:6543/school')).toBe(identity);
    expect(of('postgres://u@db.example/school')).toBe('postgres://db.example:5432/school');
    expect(of('postgres://u@db.example/another')).not.toBe(identity);
    expect(databaseIdentity({ databaseUrl: undefined, dataDir: dir })).toBe(`embedded ${fs.realpathSync(dir)}/db`);
    expect(databaseIdentity({ databaseUrl: undefined, dataDir: `${dir}/./` })).toBe(
      databaseIdentity({ databaseUrl: undefined, dataDir: dir }),
    );
  });
});
