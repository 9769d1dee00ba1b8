import fs from 'node:fs';
import path from 'node:path';
import { endpoint } from '@madreseh/contract/endpoint';
import { ERROR_CODES } from '@madreseh/contract/errors';
import { IMAGE_KEY_PATTERN, imageUrls, UPLOAD_MESSAGES } from '@madreseh/contract/uploads';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { hugePng, jpegWithGps, smallPng } from '../test/images';
import { multipartBody } from '../test/multipart';
import { useTestApp } from '../test/test-app';
import { canDecodeHeic, storeImage } from './images';
import { readUploadForm } from './multipart';
import { isStorageName } from './storage';

// A throwaway upload route over the real pipeline: the same calls every upload endpoint makes.
const probe = endpoint({
  method: 'POST',
  path: 'upload-probe',
  access: 'public',
  summary: 'An upload with one optional caption',
  bodyKind: 'multipart',
  body: z.object({ caption: z.string().max(20).optional() }),
});
const t = useTestApp({
  configure(app) {
    app.post('/upload-probe', async (request, reply) => {
      const form = await readUploadForm(request, probe);
      const stored = await storeImage(app.storage, 'probe', form.file);
      return reply.status(201).send({ ...stored, caption: form.fields.caption ?? null });
    });
  },
});

async function upload(files: Parameters<typeof multipartBody>[1], fields: Record<string, string> = {}) {
  const { payload, headers } = multipartBody(fields, files);
  return t.inject({ method: 'POST', url: '/upload-probe', payload, headers });
}

describe('image upload pipeline', () => {
  it('re-encodes a JPEG to WebP renditions of 400, 800 and 1600 px with EXIF and GPS gone', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload([{ filename: 'IMG_0001.JPG', contentType: 'image/jpeg', data: original }], {
      caption: 'حیاط',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json() as { key: string; width: number; height: number; caption: string };
    expect(body.key).toMatch(IMAGE_KEY_PATTERN);
    expect(body.key).not.toContain('IMG');
    expect(body).toMatchObject({ width: 1600, height: 1067, caption: 'حیاط' });

    const urls = imageUrls(body.key);
    for (const [url, width] of [
      [urls.thumb, 400],
      [`/uploads/${body.key}-800.webp`, 800],
      [urls.large, 1600],
    ] as const) {
      const file = await t.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(file.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    }
    expect(fs.existsSync(path.join(t.uploadsDir, `${body.key}-400.webp`))).toBe(true);
  });

  it('keeps an 800 px rendition for phones, made on first request for images stored without one', async () => {
    const res = await upload([{ filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegWithGps() }]);
    expect(res.statusCode).toBe(201);
    const key = (res.json() as { key: string }).key;
    const medium = `/uploads/${key}-800.webp`;
    expect(imageUrls(key).srcSet).toContain(`${medium} 800w`);
    const file = path.join(t.uploadsDir, `${key}-800.webp`);
    expect(fs.existsSync(file)).toBe(true);

    // An image from before the 800 px width: only 400 and 1600 on disk.
    fs.rmSync(file);
    const made = await t.inject({ method: 'GET', url: medium });
    expect(made.statusCode).toBe(200);
    expect(made.headers['content-type']).toBe('image/webp');
    expect((await sharp(made.rawPayload).metadata()).width).toBe(800);
    expect(fs.existsSync(file)).toBe(true);

    const none = await t.inject({ method: 'GET', url: '/uploads/probe/2026/no-such-image-800.webp' });
    expect(none.statusCode).toBe(404);
  });

  it('never enlarges a small PNG', async () => {
    const res = await upload([{ filename: 'a.png', contentType: 'image/png', data: await smallPng(300, 200) }]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 300, height: 200 });
    const large = await t.inject({ method: 'GET', url: imageUrls(res.json().key).large });
    expect((await sharp(large.rawPayload).metadata()).width).toBe(300);
  });

  it('refuses an HTML page named .jpg and sent as image/jpeg (415)', async () => {
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const res = await upload([{ filename: 'photo.jpg', contentType: 'image/jpeg', data: html }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: ERROR_CODES.unsupportedMedia, message: UPLOAD_MESSAGES.notImage });
  });

  it('refuses an SVG (415)', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><rect width="10" height="10"/></svg>',
    );
    const res = await upload([{ filename: 'logo.svg', contentType: 'image/svg+xml', data: svg }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.notImage);
  });

  it('refuses a GIF, which is a real image but not an accepted one (415)', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload([{ filename: 'a.gif', contentType: 'image/gif', data: gif }]);
    expect(res.statusCode).toBe(415);
  });

  it('refuses an iPhone HEIC photo with a message that asks for JPEG (415), as this sharp cannot decode HEIC', async () => {
    // The prebuilt sharp's libheif reads AVIF only; a libvips with an HEVC decoder would list `.heic`.
    expect(canDecodeHeic()).toBe(false);
    // An ISO-BMFF file whose `ftyp` box names the brand `heic` (compatible: mif1, heic), then a `meta` box.
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic', 4, 'latin1');
    ftyp.write('mif1heic', 16, 'latin1');
    const meta = Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from('meta', 'latin1'), Buffer.alloc(8)]);
    const before = fs.readdirSync(t.uploadsDir, { recursive: true }).length;
    const res = await upload([
      { filename: 'IMG_1234.HEIC', contentType: 'image/heic', data: Buffer.concat([ftyp, meta]) },
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: ERROR_CODES.unsupportedMedia, message: UPLOAD_MESSAGES.heic });
    expect(res.json().message).toContain('JPEG');
    expect(fs.readdirSync(t.uploadsDir, { recursive: true }).length).toBe(before);
  });

  it('refuses a file over 10 MB (413) without storing anything', async () => {
    const before = fs.readdirSync(t.uploadsDir, { recursive: true }).length;
    const big = Buffer.concat([await jpegWithGps(64, 64), Buffer.alloc(11 * 1024 * 1024, 1)]);
    const res = await upload([{ filename: 'big.jpg', contentType: 'image/jpeg', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: ERROR_CODES.tooLarge, message: UPLOAD_MESSAGES.tooLarge });
    expect(fs.readdirSync(t.uploadsDir, { recursive: true }).length).toBe(before);
  });

  it('refuses a 20,000 × 20,000 PNG before decoding it (413)', async () => {
    const bomb = hugePng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload([{ filename: 'bomb.png', contentType: 'image/png', data: bomb }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooManyPixels);
  });

  it('refuses a truncated JPEG that only starts like one (415)', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]);
    const res = await upload([{ filename: 'x.jpg', contentType: 'image/jpeg', data: fake }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe(ERROR_CODES.unsupportedMedia);
  });

  it('answers 400 with Persian messages for a form without a file, with two files, or with bad fields', async () => {
    const none = await upload([], { caption: 'x' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(UPLOAD_MESSAGES.noFile);

    const png = await smallPng(10, 10);
    const two = await upload([
      { filename: 'a.png', contentType: 'image/png', data: png },
      { field: 'other', filename: 'b.png', contentType: 'image/png', data: png },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(UPLOAD_MESSAGES.tooManyFiles);

    const badField = await upload([{ filename: 'a.png', contentType: 'image/png', data: png }], {
      caption: 'x'.repeat(30),
    });
    expect(badField.statusCode).toBe(400);
    expect(Object.keys(badField.json().fields)).toEqual(['caption']);
  });

  it('answers 415 when the body is not multipart', async () => {
    const res = await t.inject({ method: 'POST', url: '/upload-probe', payload: { file: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.notMultipart);
  });

  it('serves only names the server makes, and only WebP', async () => {
    fs.writeFileSync(path.join(t.uploadsDir, 'secret.txt'), 'secret');
    for (const url of [
      '/uploads/secret.txt',
      '/uploads/../package.json',
      '/uploads/%2e%2e/%2e%2e/package.json',
      '/uploads/probe/2026/UPPER-400.webp',
      '/uploads/probe/none-400.webp',
    ]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('secret');
    }
    expect(isStorageName('a/../b.webp')).toBe(false);
    expect(isStorageName('/etc/passwd.webp')).toBe(false);
    expect(isStorageName('probe/2026/abc-400.webp')).toBe(true);
  });
});
