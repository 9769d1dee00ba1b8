import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed-demo';
import { localDiskStorage } from '../../storage/storage';
import { useTestApp } from '../../test/test-app';
import { discardDemoGallery, seedDemoGallery, storeDemoGallery } from './gallery.seed';

const t = useTestApp();

/** Every file under a folder, relative to it. */
function filesUnder(dir: string): string[] {
  return fs.existsSync(dir)
    ? (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.webp'))
    : [];
}

describe('demo gallery', () => {
  it('draws photos, stores them through the image pipeline and shows them with Persian captions in albums', async () => {
    const storage = localDiskStorage(t.uploadsDir);
    const photos = await storeDemoGallery(storage);
    expect(photos.length).toBeGreaterThanOrEqual(6);
    await t.db.transaction((tx) => seedDemoGallery(tx, photos));

    const res = await t.call(contract.gallery.publicList, { query: { pageSize: 24 } });
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      items: { caption: string; album: string; image: { thumb: string } }[];
      albums: string[];
    };
    expect(body.items.map((i) => i.caption)).toEqual(photos.map((p) => p.caption));
    for (const item of body.items) expect(item.caption).toMatch(/^[\u0600-\u06FF][\u0600-\u06FF\u200c\s؛،\d]+$/);
    expect(body.albums.length).toBeGreaterThanOrEqual(2);
    expect(new Set(body.items.map((i) => i.album))).toEqual(new Set(body.albums));

    const thumb = await t.inject({ method: 'GET', url: body.items[0]?.image.thumb ?? '' });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400 });
    expect(meta.exif).toBeUndefined();

    await discardDemoGallery(storage, photos);
    expect(filesUnder(t.uploadsDir)).toEqual([]);
  });

  it('leaves no photo files behind when loading the demo fails', async () => {
    const dir = path.join(t.uploadsDir, 'failed-seed');
    // This database already holds the demo accounts: the load fails on them, after the photos were stored.
    await expect(seedDemo(t.db, { storage: localDiskStorage(dir) })).rejects.toThrow();
    expect(filesUnder(dir)).toEqual([]);
  });
});
