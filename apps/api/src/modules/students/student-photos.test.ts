import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { jpegWithGps, smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: string;
let saraId: number;

beforeAll(async () => {
  admin = await t.sessionFor('admin');
  const list = await t.call(contract.student.list, { query: { q: 'سارا' }, headers: t.as(admin) });
  saraId = list.json().items[0].id;
});

/** Addresses of the photo uploads: a student's photo by staff, and a student's own. */
const photoOf = (id: number) => addressOf(contract.student.uploadPhoto, { params: { id } });
const OWN_PHOTO = addressOf(contract.student.uploadOwnPhoto);

function upload(url: string, token: string, data: Buffer, contentType = 'image/jpeg') {
  const { payload, headers } = multipartBody({}, [{ filename: 'photo.jpg', contentType, data }]);
  return t.inject({ method: 'POST', url, payload, headers: { ...headers, ...t.as(token) } });
}

/** An <img> of the web app: the session travels in the `token` cookie, not a header. */
async function fetchPhoto(url: string, token: string | null = admin) {
  return t.inject({ method: 'GET', url, headers: token ? { cookie: `token=${encodeURIComponent(token)}` } : {} });
}

describe('student photos', () => {
  it('admin sets a photo: re-encoded to WebP without GPS, served from /uploads; a new one replaces the old file', async () => {
    const res = await upload(photoOf(saraId), admin, await jpegWithGps(1200, 1600));
    expect(res.statusCode).toBe(200);
    const first = res.json().photoUrl as string;
    expect(first).toMatch(/^\/uploads\/students\/\d{4}\/[0-9a-f]{24}-400\.webp$/);
    const served = await fetchPhoto(first);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(400);

    const again = await upload(photoOf(saraId), admin, await smallPng(), 'image/png');
    expect(again.statusCode).toBe(200);
    expect(again.json().photoUrl).not.toBe(first);
    expect((await fetchPhoto(first)).statusCode).toBe(404);
    const files = fs
      .readdirSync(path.join(t.uploadsDir, 'students'), { recursive: true })
      .filter((f) => String(f).endsWith('.webp'));
    expect(files).toHaveLength(3); // one image, three renditions (400, 800, 1600)

    const removed = await t.call(contract.student.removePhoto, { params: { id: saraId }, headers: t.as(admin) });
    expect(removed.json().photoUrl).toBeNull();
    expect((await fetchPhoto(again.json().photoUrl)).statusCode).toBe(404);
  });

  it('refuses what is not an image (415) and answers 404 for an unknown student', async () => {
    const notImage = await upload(photoOf(saraId), admin, Buffer.from('<svg></svg>'), 'image/svg+xml');
    expect(notImage.statusCode).toBe(415);
    const unknown = await upload(photoOf(999999), admin, await smallPng(), 'image/png');
    expect(unknown.statusCode).toBe(404);
  });

  it("a student sets their own photo only; student/me shows it and the other student's stays empty", async () => {
    const niloufar = await t.sessionFor('student2');
    const res = await upload(OWN_PHOTO, niloufar, await smallPng(), 'image/png');
    expect(res.statusCode).toBe(200);
    expect(res.json().fullName).toBe('نیلوفر کریمی');
    const me = (await t.call(contract.student.me, { headers: t.as(niloufar) })).json();
    expect(me.photoUrl).toBe(res.json().photoUrl);
    const sara = await t.sessionFor('student1');
    const saraMe = (await t.call(contract.student.me, { headers: t.as(sara) })).json();
    expect(saraMe.photoUrl).toBeNull();
    const forbidden = await upload(photoOf(saraId), niloufar, await smallPng(), 'image/png');
    expect(forbidden.statusCode).toBe(403);
  });

  it('a photo is shown only to its student and to staff, and never kept by a cache', async () => {
    const niloufar = await t.sessionFor('student2');
    const url = (await upload(OWN_PHOTO, niloufar, await smallPng(), 'image/png')).json().photoUrl as string;
    for (const token of [niloufar, admin, await t.sessionFor('superadmin')]) {
      const res = await fetchPhoto(url, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const large = url.replace(/-400\.webp$/, '-1600.webp');
    expect((await fetchPhoto(large, niloufar)).statusCode).toBe(200);
    for (const token of [null, await t.sessionFor('student1'), 'not-a-real-session-token-0123456789']) {
      const res = await fetchPhoto(url, token);
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json().message).toContain('دانش‌آموز');
    }
    // A session that ended (logout) sees nothing either.
    await t.call(contract.auth.logout, { headers: t.as(niloufar) });
    expect((await fetchPhoto(url, niloufar)).statusCode).toBe(403);
  });
});
