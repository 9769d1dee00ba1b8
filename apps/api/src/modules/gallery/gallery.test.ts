import fs from 'node:fs';
import { contract } from '@madreseh/contract/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/expect-invalid';
import { jpegWithGps, smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  admin = t.as(await t.sessionFor('admin'));
});

async function upload(data: Buffer, fields: Record<string, string>, contentType = 'image/jpeg', filename = 'p.jpg') {
  const { payload, headers } = multipartBody(fields, [{ filename, contentType, data }]);
  return t.inject({
    method: 'POST',
    url: addressOf(contract.gallery.create),
    payload,
    headers: { ...headers, ...admin },
  });
}

const captions = (body: { items: { caption: string }[] }) => body.items.map((i) => i.caption);

describe('gallery', () => {
  const ids: number[] = [];

  it('stores uploads as WebP and lists them newest first with their albums', async () => {
    const photos = [
      [await jpegWithGps(1200, 800), { caption: 'جشن شکوفه‌ها', album: 'جشن‌ها' }],
      [await smallPng(640, 480), { caption: 'آزمایشگاه شیمی', album: 'آموزشی' }],
      [await jpegWithGps(900, 1200), { caption: 'مسابقهٔ فوتبال', album: 'ورزشی' }],
    ] as const;
    for (const [data, fields] of photos) {
      const res = await upload(data, fields);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().image.thumb).toMatch(/^\/uploads\/gallery\/\d{4}\/[0-9a-f]{24}-400\.webp$/);
      ids.push(res.json().id);
    }
    const pub = await t.call(contract.gallery.publicList);
    expect(pub.statusCode).toBe(200);
    expect(captions(pub.json())).toEqual(['مسابقهٔ فوتبال', 'آزمایشگاه شیمی', 'جشن شکوفه‌ها']);
    expect(pub.json().albums).toEqual(['آموزشی', 'جشن‌ها', 'ورزشی']);
    expect(pub.json().items[0]).toMatchObject({ width: 900, height: 1200 });
    const album = await t.call(contract.gallery.publicList, { query: { album: 'ورزشی' } });
    expect(captions(album.json())).toEqual(['مسابقهٔ فوتبال']);
  });

  it('reorders, renames and deletes', async () => {
    const [a, b, c] = ids as [number, number, number];
    const re = await t.call(contract.gallery.reorder, { headers: admin, body: { ids: [a, b] } });
    expect(re.statusCode).toBe(200);
    const after = await t.call(contract.gallery.list, { headers: admin });
    expect(after.json().items.map((i: { id: number }) => i.id)).toEqual([a, b, c]);

    const upd = await t.call(contract.gallery.update, {
      params: { id: b },
      headers: admin,
      body: { caption: 'آزمایشگاه فیزیک', album: 'آموزشی' },
    });
    expect(upd.json()).toMatchObject({ caption: 'آزمایشگاه فیزیک' });

    const file = `${t.uploadsDir}/${(upd.json().image.large as string).replace('/uploads/', '')}`;
    expect(fs.existsSync(file)).toBe(true);
    const del = await t.call(contract.gallery.remove, { params: { id: b }, headers: admin });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect((await t.call(contract.gallery.remove, { params: { id: b }, headers: admin })).statusCode).toBe(404);
    const missing = await t.call(contract.gallery.reorder, { headers: admin, body: { ids: [b] } });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses disguised, oversized and vector files and keeps no row for them', async () => {
    const before = (await t.call(contract.gallery.publicList)).json().total;
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), { caption: 'x' });
    expect(html.statusCode).toBe(415);
    const svg = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), {}, 'image/svg+xml', 'a.svg');
    expect(svg.statusCode).toBe(415);
    const big = await upload(Buffer.concat([await jpegWithGps(32, 32), Buffer.alloc(11 * 1024 * 1024)]), {});
    expect(big.statusCode).toBe(413);
    const longCaption = await upload(await smallPng(10, 10), { caption: 'ع'.repeat(301) });
    expect(longCaption.statusCode).toBe(400);
    expect(longCaption.json().fields.caption).toBe('توضیح عکس بیش از حد طولانی است.');
    expect((await t.call(contract.gallery.publicList)).json().total).toBe(before);
  });

  it('shows visitors only the public fields of a photo', async () => {
    const res = await t.call(contract.gallery.publicList);
    expect(Object.keys(res.json()).sort()).toEqual(['albums', 'items', 'page', 'pageSize', 'total']);
    expect(Object.keys(res.json().items[0]).sort()).toEqual([
      'album',
      'caption',
      'createdAt',
      'height',
      'id',
      'image',
      'position',
      'width',
    ]);
    expect(res.body).not.toMatch(/createdBy|imageKey/);
  });

  it('refuses malformed pages, ids, edits and orders with 400 and Persian messages', async () => {
    const [a] = ids as [number];
    expectInvalid(await t.call(contract.gallery.publicList, { query: { pageSize: 101 } }), ['pageSize']);
    expectInvalid(await t.call(contract.gallery.list, { query: { page: '-2' }, headers: admin }), ['page']);
    expectInvalid(
      await t.call(contract.gallery.update, {
        params: { id: a },
        headers: admin,
        body: { caption: 'ع'.repeat(301), album: 'آ'.repeat(81) },
      }),
      ['caption', 'album'],
    );
    expectInvalid(
      await t.call(contract.gallery.update, { params: { id: 'abc' }, body: { caption: 'x' }, headers: admin }),
      ['id'],
    );
    expectInvalid(await t.call(contract.gallery.remove, { params: { id: 0 }, headers: admin }), ['id']);
    for (const payload of [{ ids: [] }, { ids: ['a'] }, {}]) {
      expectInvalid(await t.call(contract.gallery.reorder, { headers: admin, body: payload }));
    }
    const still = await t.call(contract.gallery.list, { headers: admin });
    expect(still.json().items.find((i: { id: number }) => i.id === a)).toMatchObject({ caption: 'جشن شکوفه‌ها' });
  });
});
