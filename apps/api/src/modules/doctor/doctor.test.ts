import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { useTestApp } from '../../test/test-app';
import { databaseFacts, examine } from './doctor';

/** `npm run doctor` names what a deployment must fix, and passes a sound one. */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-doctor-'));
const web = path.join(dir, 'web');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const t = useTestApp();
beforeAll(() => {
  fs.mkdirSync(web);
  fs.writeFileSync(path.join(web, 'index.html'), '<!doctype html>');
});

const verdicts = (findings: { verdict: string; what: string }[]) =>
  findings.filter((f) => f.verdict !== 'ok').map((f) => `${f.verdict}: ${f.what}`);

describe('doctor', () => {
  it('fails a production server with demo passwords, no backup, the test gateway and plain http', async () => {
    const facts = await databaseFacts(t.db);
    expect(facts.demoAccounts.sort()).toEqual(['admin', 'parent1', 'student1', 'student2', 'superadmin', 'teacher1']);
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      WEB_DIST: web,
      PUBLIC_URL: 'http://school.example',
      PAYMENT_SANDBOX_GATEWAY: '1',
    });
    const found = verdicts(await examine(config, facts, { via: 'test' }));
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^fail: Demo accounts sign in with the demo password/),
        'fail: No backup has been made yet',
        'fail: The test payment gateway is on in production',
        'fail: PUBLIC_URL http://school.example is not https',
        'warn: TRUST_PROXY is off',
      ]),
    );
  });

  it('passes a sound one', async () => {
    const facts = {
      ...(await databaseFacts(t.db)),
      demoAccounts: [],
      lastBackup: { at: new Date().toISOString(), bytes: 1_000_000, name: 'madreseh-backup-20261124-000000.tar' },
    };
    const config = loadConfig({
      NODE_ENV: 'production',
      DATA_DIR: dir,
      WEB_DIST: web,
      PUBLIC_URL: 'https://school.example',
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
    });
    expect(verdicts(await examine(config, facts, { via: 'test' }))).toEqual([]);
  });

  it('says when the database cannot be reached', async () => {
    const config = loadConfig({ DATA_DIR: dir, WEB_DIST: web });
    const found = await examine(config, null, { via: 'test', error: 'connection refused' });
    expect(found[0]).toMatchObject({ verdict: 'fail', what: 'Database not reachable: connection refused' });
  });
});
