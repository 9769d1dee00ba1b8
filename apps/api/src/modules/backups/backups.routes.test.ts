import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system';
import { useTestApp } from '../../test/test-app';
import { backupJobs, SCHEDULED_BACKUP_JOB } from './backups.service';

/**
 * The super-admin sees when the latest backup was made and is warned when there is none of the last
 * two days; the download button makes a backup now, keeps it with the others (the newest N) and
 * hands it over. Nobody else may do either.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-backups-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const t = useTestApp({ backups: { dir, keep: 2 } });
let superAdmin: Record<string, string>;

beforeAll(async () => {
  superAdmin = t.as(await t.sessionFor('superadmin'));
});

const status = async () => {
  const res = await t.call(contract.backups.status, { headers: superAdmin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('backups for the super-admin', { timeout: 120_000 }, () => {
  it('warns while there is no backup, then shows the one the download made', async () => {
    expect(await status()).toEqual({ last: null, stale: true, everyHours: 24, keep: 2 });
    const res = await t.call(contract.backups.download, { headers: superAdmin });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-tar');
    expect(res.headers['cache-control']).toBe('no-store');
    const name = /filename="([^"]+)"/.exec(String(res.headers['content-disposition']))?.[1] ?? '';
    expect(name).toMatch(/^madreseh-backup-\d{8}-\d{6}\.tar$/);
    // The body is the archive itself, with its manifest first.
    const file = path.join(dir, 'downloaded.tar');
    fs.writeFileSync(file, res.rawPayload);
    const entries: string[] = [];
    await tar.list({ file, onReadEntry: (e) => entries.push(e.path) });
    expect(entries[0]).toBe('manifest.json');
    fs.rmSync(file);

    const now = await status();
    expect(now.stale).toBe(false);
    expect(now.last).toEqual({ at: expect.any(String), bytes: res.rawPayload.length, name });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'backup'));
    expect(audits.map((a) => [a.action, a.entityId])).toEqual([['download', name]]);
  });

  it('keeps the newest BACKUP_KEEP in the folder', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await t.call(contract.backups.download, { headers: superAdmin });
      expect(res.statusCode).toBe(200);
    }
    const kept = fs.readdirSync(dir).filter((n) => n.endsWith('.tar'));
    expect(kept).toHaveLength(2);
    expect(kept).toContain((await status()).last.name);
  });

  it('is the super-admin’s alone', async () => {
    const admin = t.as(await t.sessionFor('admin'));
    expect((await t.call(contract.backups.status, { headers: admin })).statusCode).toBe(403);
    const before = fs.readdirSync(dir).length;
    const res = await t.call(contract.backups.download, { headers: admin });
    expect(res.statusCode).toBe(403);
    expect(fs.readdirSync(dir).length).toBe(before);
  });

  it('schedules a backup only when the latest is older than the interval', async () => {
    const [job] = backupJobs(
      { databaseUrl: t.databaseUrl, uploadsDir: t.uploadsDir },
      { dir, keep: 2, everyHours: 24 },
    );
    expect(job?.name).toBe(SCHEDULED_BACKUP_JOB);
    const ctx = { db: t.db, log: { info() {}, warn() {}, error() {} }, signal: new AbortController().signal };
    expect(await job?.run(ctx)).toMatchObject({ due: false });
    const [hourly] = backupJobs(
      { databaseUrl: t.databaseUrl, uploadsDir: t.uploadsDir },
      { dir, keep: 2, everyHours: 0.001 },
    );
    expect(await hourly?.run(ctx)).toMatchObject({ due: true });
    expect(backupJobs({ databaseUrl: null, uploadsDir: t.uploadsDir }, { dir, keep: 2, everyHours: 0 })).toEqual([]);
  });
});
