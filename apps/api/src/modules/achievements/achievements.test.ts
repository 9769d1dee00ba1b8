import { contract } from '@madreseh/contract/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectInvalid } from '../../test/expect-invalid';
import { jpegWithGps } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: string;

beforeAll(async () => {
  admin = await t.sessionFor('superadmin');
});

type Achievement = { id: number; title: string; description: string; date: string; image: { thumb: string } | null };

async function create(title: string, date = '2026-05-10', description = '') {
  const res = await t.call(contract.achievement.create, { headers: t.as(admin), body: { title, description, date } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Achievement;
}

const publicTitles = async () => {
  const res = await t.call(contract.achievement.publicList, { query: { pageSize: 100 } });
  expect(res.statusCode).toBe(200);
  // The demo achievements come after the ones made here (new ones go first).
  return (res.json() as { items: Achievement[] }).items.map((a) => a.title).slice(0, 3);
};

describe('achievements', () => {
  const made: Achievement[] = [];

  it('creates achievements, newest first, and shows them publicly', async () => {
    made.push(await create('مقام اول المپیاد ریاضی استان', '2026-03-01', 'تیم ریاضی مدرسه'));
    made.push(await create('رتبهٔ دوم مسابقات رباتیک', '2026-04-15'));
    made.push(await create('قهرمانی فوتسال منطقه', '2026-05-20'));
    expect(await publicTitles()).toEqual([
      'قهرمانی فوتسال منطقه',
      'رتبهٔ دوم مسابقات رباتیک',
      'مقام اول المپیاد ریاضی استان',
    ]);
  });

  it('reorders, updates and validates', async () => {
    const [a, b, c] = made.map((m) => m.id);
    const res = await t.call(contract.achievement.reorder, { headers: t.as(admin), body: { ids: [a, b, c] } });
    expect(res.statusCode).toBe(200);
    expect(await publicTitles()).toEqual([
      'مقام اول المپیاد ریاضی استان',
      'رتبهٔ دوم مسابقات رباتیک',
      'قهرمانی فوتسال منطقه',
    ]);

    const upd = await t.call(contract.achievement.update, {
      params: { id: b },
      headers: t.as(admin),
      body: { title: 'رتبهٔ اول مسابقات رباتیک', description: 'کشوری', date: '2026-04-16' },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'رتبهٔ اول مسابقات رباتیک', date: '2026-04-16' });

    for (const payload of [
      { title: '', date: '2026-01-01' },
      { title: 'x', date: '2026-02-30' },
      { title: 'x', date: '1405/01/01' },
      { title: 'x'.repeat(201), date: '2026-01-01' },
    ]) {
      const bad = await t.call(contract.achievement.create, { headers: t.as(admin), body: payload });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/[آ-ی]/);
    }
    const missing = await t.call(contract.achievement.update, {
      params: { id: 999999 },
      headers: t.as(admin),
      body: { title: 'x', date: '2026-01-01' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('stores title and description without markup', async () => {
    const item = await create(
      '<img src=x onerror="alert(1)">افتخار<script>alert(1)</script>',
      '2026-01-01',
      '<b>عالی</b>',
    );
    expect(item).toMatchObject({ title: 'افتخار', description: 'عالی' });
    const res = await t.call(contract.achievement.publicList, { query: { pageSize: 100 } });
    expect(res.body).not.toMatch(/onerror|<script|<img|<b>/);
  });

  it('sets and removes an image; refuses a disguised file', async () => {
    const id = made[0]?.id;
    const body = multipartBody({}, [
      { filename: 'cup.jpg', contentType: 'image/jpeg', data: await jpegWithGps(900, 600) },
    ]);
    const res = await t.inject({
      method: 'PUT',
      url: addressOf(contract.achievement.setImage, { params: { id } }),
      headers: { ...t.as(admin), ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 900, height: 600 });
    const image = res.json().image as { thumb: string };
    expect(image.thumb).toMatch(/^\/uploads\/achievement\/\d{4}\/[0-9a-f]{24}-400\.webp$/);
    expect((await t.inject({ method: 'GET', url: image.thumb })).headers['content-type']).toBe('image/webp');
    const html = multipartBody({}, [
      { filename: 'cup.png', contentType: 'image/png', data: Buffer.from('<!DOCTYPE html><p>hi</p>') },
    ]);
    const refused = await t.inject({
      method: 'PUT',
      url: addressOf(contract.achievement.setImage, { params: { id } }),
      headers: { ...t.as(admin), ...html.headers },
      payload: html.payload,
    });
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toMatch(/[آ-ی]/);
    const notMultipart = await t.call(contract.achievement.setImage, {
      params: { id },
      headers: t.as(admin),
      body: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const removed = await t.call(contract.achievement.removeImage, { params: { id }, headers: t.as(admin) });
    expect(removed.json().image).toBeNull();
    expect((await t.inject({ method: 'GET', url: image.thumb })).statusCode).toBe(404);
  });

  it('deletes the achievement and its image', async () => {
    const id = made[2]?.id;
    expect((await t.call(contract.achievement.remove, { params: { id }, headers: t.as(admin) })).statusCode).toBe(200);
    const all = await t.call(contract.achievement.publicList, { query: { pageSize: 100 } });
    expect((all.json() as { items: Achievement[] }).items.map((a) => a.id)).not.toContain(id);
    const withImage = made[1]?.id;
    const body = multipartBody({}, [
      { filename: 'a.jpg', contentType: 'image/jpeg', data: await jpegWithGps(600, 400) },
    ]);
    const up = await t.inject({
      method: 'PUT',
      url: addressOf(contract.achievement.setImage, { params: { id: withImage } }),
      headers: { ...t.as(admin), ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    const thumb = (up.json().image as { thumb: string }).thumb;
    expect((await t.inject({ method: 'GET', url: thumb })).statusCode).toBe(200);
    const del = await t.call(contract.achievement.remove, { params: { id: withImage }, headers: t.as(admin) });
    expect(del.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: thumb })).statusCode).toBe(404);
    const again = await t.call(contract.achievement.remove, { params: { id: withImage }, headers: t.as(admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/[آ-ی]/);
  });

  it('lists for staff in display order, searched by title, paged on the server', async () => {
    const mine = await create('نشان طلای جشنوارهٔ خوارزمی', '2026-02-02');
    const all = await t.call(contract.achievement.list, { query: { pageSize: 100 }, headers: t.as(admin) });
    expect(all.statusCode).toBe(200);
    expect((all.json() as { items: Achievement[] }).items[0]?.id).toBe(mine.id);
    const found = await t.call(contract.achievement.list, { query: { q: 'خوارزمی' }, headers: t.as(admin) });
    expect((found.json() as { items: Achievement[] }).items.map((a) => a.id)).toEqual([mine.id]);
    const page = await t.call(contract.achievement.list, { query: { pageSize: 1, page: 2 }, headers: t.as(admin) });
    expect(page.json()).toMatchObject({ page: 2, pageSize: 1, total: all.json().total });
    expect(page.json().items).toHaveLength(1);
  });

  it('shows visitors only the public fields', async () => {
    const res = await t.call(contract.achievement.publicList);
    expect(Object.keys(res.json().items[0]).sort()).toEqual([
      'date',
      'description',
      'height',
      'id',
      'image',
      'title',
      'width',
    ]);
    expect(res.body).not.toMatch(/imageKey|position|createdAt|updatedAt/);
  });

  it('refuses malformed pages, ids, edits and orders with 400 and Persian messages', async () => {
    const id = made[0]?.id;
    const as = t.as(admin);
    expectInvalid(await t.call(contract.achievement.publicList, { query: { pageSize: '0' } }), ['pageSize']);
    expectInvalid(await t.call(contract.achievement.list, { query: { page: 'x' }, headers: as }), ['page']);
    expectInvalid(
      await t.call(contract.achievement.update, {
        params: { id },
        headers: as,
        body: { title: '', date: '1405-13-01' },
      }),
      ['title', 'date'],
    );
    expectInvalid(
      await t.call(contract.achievement.update, {
        params: { id: 'abc' },
        headers: as,
        body: { title: 'x', date: '2026-01-01' },
      }),
      ['id'],
    );
    expectInvalid(await t.call(contract.achievement.remove, { params: { id: 0 }, headers: as }), ['id']);
    expectInvalid(await t.call(contract.achievement.removeImage, { params: { id: 'x' }, headers: as }), ['id']);
    const noFile = multipartBody({ title: 'x' }, []);
    expectInvalid(
      await t.inject({
        method: 'PUT',
        url: addressOf(contract.achievement.setImage, { params: { id } }),
        headers: { ...as, ...noFile.headers },
        payload: noFile.payload,
      }),
    );
    for (const payload of [{ ids: [] }, { ids: [0] }, { order: [id] }]) {
      expectInvalid(await t.call(contract.achievement.reorder, { headers: as, body: payload }));
    }
    const kept = await t.call(contract.achievement.list, { query: { pageSize: 100 }, headers: as });
    expect((kept.json() as { items: Achievement[] }).items.find((a) => a.id === id)?.title).toBe(
      'مقام اول المپیاد ریاضی استان',
    );
  });
});
