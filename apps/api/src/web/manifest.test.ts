import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app';
import { shortNameOf } from './spa';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-dist-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>x</title>');
fs.writeFileSync(
  path.join(dist, 'manifest.webmanifest'),
  JSON.stringify({ name: 'درگاه مدرسه', short_name: 'مدرسه', lang: 'fa', dir: 'rtl', icons: [] }),
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const t = useTestApp({ config: { webDist: dist } });

describe('the installed app is named after the school', () => {
  it('builds the manifest from the settings, and falls back to the generic name when none is set', async () => {
    const res = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/manifest+json');
    expect(res.json()).toMatchObject({
      name: 'مدرسهٔ دخترانهٔ فرزانگان امید',
      short_name: 'دخترانهٔ فرزانگان امید',
      lang: 'fa',
      dir: 'rtl',
    });
    await t.db.execute(sql`delete from settings where key = 'school'`);
    const generic = await t.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(generic.json().name).toBe('درگاه مدرسه');
  });

  it('keeps a short home-screen label', () => {
    expect(shortNameOf('مدرسهٔ مهر')).toBe('مدرسهٔ مهر');
    expect(shortNameOf('دبستان پسرانهٔ شهید باهنر')).toBe('پسرانهٔ شهید باهنر');
  });
});
