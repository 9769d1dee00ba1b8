import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { contract } from '@madreseh/contract/endpoints';
import { afterAll, describe, expect, it } from 'vitest';
import { smallPng } from '../test/images';
import { multipartBody } from '../test/multipart';
import { addressOf, useTestApp } from '../test/test-app';
import { databaseStorage, importUploads } from './database-storage';

/**
 * Uploads kept in the database: stored whole, read back byte for byte, deleted; files left in the
 * uploads folder from before are still served from it. Through the app: an uploaded photo is served
 * from the table, not from a folder.
 */

const legacyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-legacy-'));
afterAll(() => fs.rmSync(legacyDir, { recursive: true, force: true }));
const t = useTestApp();

async function read(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('uploads in the database', () => {
  it('stores, serves and deletes files, and still serves those left in the folder', async () => {
    const storage = databaseStorage(t.db, legacyDir);
    const data = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    await storage.put('gallery/2026/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp', data);
    const file = await storage.open('gallery/2026/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp');
    expect(file?.size).toBe(data.length);
    expect((await read(file?.stream as Readable)).equals(data)).toBe(true);

    fs.mkdirSync(path.join(legacyDir, 'news/2025'), { recursive: true });
    fs.writeFileSync(path.join(legacyDir, 'news/2025/bbbbbbbbbbbbbbbbbbbbbbbb-400.webp'), 'old file');
    const old = await storage.open('news/2025/bbbbbbbbbbbbbbbbbbbbbbbb-400.webp');
    expect(String(await read(old?.stream as Readable))).toBe('old file');

    await storage.remove('gallery/2026/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp');
    await storage.remove('news/2025/bbbbbbbbbbbbbbbbbbbbbbbb-400.webp');
    expect(await storage.open('gallery/2026/aaaaaaaaaaaaaaaaaaaaaaaa-400.webp')).toBeNull();
    expect(await storage.open('news/2025/bbbbbbbbbbbbbbbbbbbbbbbb-400.webp')).toBeNull();
    expect(await storage.open('../etc/passwd')).toBeNull();
    await expect(storage.put('../x.webp', data)).rejects.toThrow();
  });

  it('imports the files of an uploads folder once', async () => {
    fs.mkdirSync(path.join(legacyDir, 'gallery/2024'), { recursive: true });
    fs.writeFileSync(path.join(legacyDir, 'gallery/2024/dddddddddddddddddddddddd-400.webp'), 'older photo');
    fs.writeFileSync(path.join(legacyDir, 'gallery/2024/dddddddddddddddddddddddd-1600.webp.abc.tmp'), 'half');
    expect(await importUploads(t.db, legacyDir)).toEqual({ imported: 1, present: 0 });
    expect(await importUploads(t.db, legacyDir)).toEqual({ imported: 0, present: 1 });
    const file = await databaseStorage(t.db).open('gallery/2024/dddddddddddddddddddddddd-400.webp');
    expect(String(await read(file?.stream as Readable))).toBe('older photo');
  });
});

describe('an app whose uploads are in the database', () => {
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-nofiles-'));
  afterAll(() => fs.rmSync(emptyDir, { recursive: true, force: true }));
  const app = useTestApp({ storageFromDb: (db) => databaseStorage(db), config: { uploadsDir: emptyDir } });

  it('serves an uploaded photo from the table, with no file on disk', async () => {
    const admin = app.as(await app.sessionFor('admin'));
    const body = multipartBody({ caption: 'عکس', album: 'آلبوم' }, [
      { filename: 'p.png', contentType: 'image/png', data: await smallPng(500, 300) },
    ]);
    const res = await app.inject({
      method: 'POST',
      url: addressOf(contract.gallery.create),
      payload: body.payload,
      headers: { ...body.headers, ...admin },
    });
    expect(res.statusCode, res.body).toBe(201);
    const url = String(res.json().image.large);
    expect(url).toMatch(/^\/uploads\//);
    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(fs.readdirSync(emptyDir, { recursive: true })).toEqual([]);
  });
});
