import type { Endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { news } from '../../db/schema/site';
import { auditLog } from '../../db/schema/system';
import { expectInvalid } from '../../test/expect-invalid';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, answerOf, type CallInput, useTestApp } from '../../test/test-app';
import { placeStudentInGroup } from './news.fixtures';

const t = useTestApp();
let admin: Record<string, string>;
let student1: Record<string, string>;
let student2: Record<string, string>;
let group1: number;
let group2: number;

beforeAll(async () => {
  // Start from no demo content: these tests count what they create.
  await t.db.delete(news);
  admin = t.as(await t.sessionFor('admin'));
  student1 = t.as(await t.sessionFor('student1'));
  student2 = t.as(await t.sessionFor('student2'));
  group1 = await placeStudentInGroup(t, 'student1', 'کلاس آزمون اخبار الف');
  group2 = await placeStudentInGroup(t, 'student2', 'کلاس آزمون اخبار ب');
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

async function create(payload: Record<string, unknown>) {
  const res = await t.call(contract.news.create, {
    headers: admin,
    body: { summary: 'خلاصه', bodyHtml: '<p>متن</p>', pinned: false, status: 'published', ...payload },
  });
  expect(res.statusCode, res.body).toBe(201);
  return answerOf(contract.news.create, res);
}

const titles = (body: { items: { title: string }[] }) => body.items.map((i) => i.title);

describe('news', () => {
  let ids: Record<string, number> = {};

  beforeAll(async () => {
    ids = {
      publicOld: (await create({ title: 'اطلاعیهٔ قدیمی', audience: 'public', publishAt: minutes(-120) })).id,
      publicNew: (await create({ title: 'اطلاعیهٔ جدید', audience: 'public', publishAt: minutes(-10) })).id,
      publicPinned: (await create({ title: 'اطلاعیهٔ مهم', audience: 'public', pinned: true, publishAt: minutes(-600) }))
        .id,
      publicDraft: (await create({ title: 'پیش‌نویس عمومی', audience: 'public', status: 'draft' })).id,
      publicScheduled: (await create({ title: 'اطلاعیهٔ آینده', audience: 'public', publishAt: minutes(60) })).id,
      students: (await create({ title: 'برای همهٔ دانش‌آموزان', audience: 'students', publishAt: minutes(-5) })).id,
      group1: (await create({ title: 'برای هفتم الف', audience: 'groups', groupIds: [group1], publishAt: minutes(-3) }))
        .id,
      group2: (await create({ title: 'برای هشتم ب', audience: 'groups', groupIds: [group2], publishAt: minutes(-2) }))
        .id,
      studentsDraft: (await create({ title: 'پیش‌نویس دانش‌آموزی', audience: 'students', status: 'draft' })).id,
    };
  });

  it('shows visitors only published, due public notices, pinned first then newest', async () => {
    const res = await t.call(contract.news.publicList);
    expect(res.statusCode).toBe(200);
    expect(titles(res.json())).toEqual(['اطلاعیهٔ مهم', 'اطلاعیهٔ جدید', 'اطلاعیهٔ قدیمی']);
    expect(Object.keys(res.json().items[0]).sort()).toEqual(['cover', 'id', 'pinned', 'publishAt', 'summary', 'title']);
    for (const hidden of [ids.publicDraft, ids.publicScheduled, ids.students, ids.group1]) {
      expect((await t.call(contract.news.publicGet, { params: { id: hidden } })).statusCode).toBe(404);
    }
    const one = await t.call(contract.news.publicGet, { params: { id: ids.publicNew } });
    expect(one.json()).toMatchObject({ title: 'اطلاعیهٔ جدید', bodyHtml: '<p>متن</p>' });
  });

  it('pages on the server', async () => {
    const res = await t.call(contract.news.publicList, { query: { page: 2, pageSize: 2 } });
    expect(res.json()).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(titles(res.json())).toEqual(['اطلاعیهٔ قدیمی']);
  });

  it('shows a student news for all students and for their own group only, never drafts or scheduled', async () => {
    const one = await t.call(contract.news.studentList, { headers: student1 });
    expect(one.statusCode).toBe(200);
    expect(titles(one.json())).toEqual(['برای هفتم الف', 'برای همهٔ دانش‌آموزان']);
    const two = await t.call(contract.news.studentList, { headers: student2 });
    expect(titles(two.json())).toEqual(['برای هشتم ب', 'برای همهٔ دانش‌آموزان']);

    expect((await t.call(contract.news.studentGet, { params: { id: ids.group1 }, headers: student1 })).statusCode).toBe(
      200,
    );
    for (const id of [ids.group2, ids.studentsDraft, ids.publicNew]) {
      const res = await t.call(contract.news.studentGet, { params: { id }, headers: student1 });
      expect(res.statusCode).toBe(404);
    }
  });

  it('lists everything for staff with its state, and filters by state', async () => {
    const all = await t.call(contract.news.list, { query: { pageSize: 100 }, headers: admin });
    expect(all.json().total).toBe(9);
    const scheduled = await t.call(contract.news.list, { query: { state: 'scheduled' }, headers: admin });
    expect(titles(scheduled.json())).toEqual(['اطلاعیهٔ آینده']);
    const drafts = await t.call(contract.news.list, { query: { state: 'draft' }, headers: admin });
    expect(drafts.json().items.map((i: { state: string }) => i.state)).toEqual(['draft', 'draft']);
    const found = await t.call(contract.news.list, { query: { q: 'هفتم' }, headers: admin });
    expect(found.json().items[0]).toMatchObject({ title: 'برای هفتم الف', groupIds: [group1] });
  });

  it('keeps only allowed HTML in the body', async () => {
    const item = await create({
      title: 'آزمون امنیت',
      audience: 'public',
      bodyHtml:
        '<p onclick="x()">سلام <strong>دنیا</strong></p><script>alert(1)</script><img src=x onerror=alert(1)><iframe src="//evil"></iframe><a href="javascript:alert(1)">پیوند</a><a href="https://example.org">خوب</a>',
    });
    expect(item.bodyHtml).toContain('<p>سلام <strong>دنیا</strong></p>');
    expect(item.bodyHtml).not.toMatch(/script|onerror|onclick|iframe|javascript|<img/i);
    expect(item.bodyHtml).toContain('href="https://example.org"');
    expect(item.bodyHtml).toContain('rel="noopener noreferrer nofollow"');
  });

  it('refuses bad input with Persian messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: 'ab', audience: 'public', status: 'published' }, 'title'],
      [{ title: 'برای کلاس', audience: 'groups', groupIds: [], status: 'published' }, 'groupIds'],
      [{ title: 'زمان بد', audience: 'public', status: 'published', publishAt: 'فردا' }, 'publishAt'],
      [{ title: 'مخاطب بد', audience: 'everyone', status: 'published' }, 'audience'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.call(contract.news.create, { headers: admin, body: payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toMatch(/[\u0600-\u06FF]/);
    }
    const unknownGroup = await t.call(contract.news.create, {
      headers: admin,
      body: { title: 'کلاس ناموجود', audience: 'groups', groupIds: [99999], status: 'published' },
    });
    expect(unknownGroup.statusCode).toBe(400);
    expect(unknownGroup.json().fields.groupIds).toBe('کلاس انتخاب‌شده وجود ندارد.');
  });

  it('updates, sets a cover, and deletes (with audit rows)', async () => {
    const item = await create({ title: 'خبر برای ویرایش', audience: 'students' });
    const upd = await t.call(contract.news.update, {
      params: { id: item.id },
      headers: admin,
      body: { title: 'خبر ویرایش‌شده', audience: 'groups', groupIds: [group2], status: 'published', pinned: true },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'خبر ویرایش‌شده', groupIds: [group2], pinned: true, state: 'published' });
    const s1 = await t.call(contract.news.studentGet, { params: { id: item.id }, headers: student1 });
    expect(s1.statusCode).toBe(404);

    const { payload, headers } = multipartBody({}, [
      { filename: 'cover.png', contentType: 'image/png', data: await smallPng(800, 400) },
    ]);
    const cover = await t.inject({
      method: 'POST',
      url: addressOf(contract.news.uploadCover, { params: { id: item.id } }),
      payload,
      headers: { ...headers, ...admin },
    });
    expect(cover.statusCode).toBe(200);
    const coverUrl = cover.json().cover.large as string;
    expect((await t.inject({ method: 'GET', url: coverUrl })).statusCode).toBe(200);

    const del = await t.call(contract.news.remove, { params: { id: item.id }, headers: admin });
    expect(del.json()).toEqual({ ok: true });
    expect((await t.inject({ method: 'GET', url: coverUrl })).statusCode).toBe(404);
    expect((await t.call(contract.news.get, { params: { id: item.id }, headers: admin })).statusCode).toBe(404);
    expect((await t.call(contract.news.remove, { params: { id: item.id }, headers: admin })).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(item.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update', 'upload']);
  });

  it('answers one item to staff with its groups and state', async () => {
    const res = await t.call(contract.news.get, { params: { id: ids.group1 }, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.group1, audience: 'groups', groupIds: [group1], state: 'published' });
    const scheduled = await t.call(contract.news.get, { params: { id: ids.publicScheduled }, headers: admin });
    expect(scheduled.json().state).toBe('scheduled');
  });

  it('shows visitors and students the reader fields only: no audience, groups, status or authors', async () => {
    const pub = await t.call(contract.news.publicGet, { params: { id: ids.publicNew } });
    const mine = await t.call(contract.news.studentGet, { params: { id: ids.group1 }, headers: student1 });
    for (const res of [pub, mine]) {
      expect(Object.keys(res.json()).sort()).toEqual([
        'bodyHtml',
        'cover',
        'id',
        'pinned',
        'publishAt',
        'summary',
        'title',
      ]);
    }
  });

  it('refuses malformed ids, pages, filters, edits and covers with 400 and Persian messages', async () => {
    const get = (endpoint: Endpoint, input: CallInput, headers: Record<string, string> = admin) =>
      t.call(endpoint, { ...input, headers });
    expectInvalid(await get(contract.news.list, { query: { pageSize: 500 } }), ['pageSize']);
    expectInvalid(await get(contract.news.list, { query: { state: 'archived' } }), ['state']);
    expectInvalid(await get(contract.news.get, { params: { id: 'abc' } }), ['id']);
    expectInvalid(await get(contract.news.publicList, { query: { page: 0 } }, {}), ['page']);
    expectInvalid(await get(contract.news.publicGet, { params: { id: 0 } }, {}), ['id']);
    expectInvalid(await get(contract.news.studentList, { query: { pageSize: 0 } }, student1), ['pageSize']);
    expectInvalid(await get(contract.news.studentGet, { params: { id: 'x' } }, student1), ['id']);
    expectInvalid(await t.call(contract.news.remove, { params: { id: '-1' }, headers: admin }), ['id']);

    const update = await t.call(contract.news.update, {
      params: { id: ids.publicNew },
      headers: admin,
      body: { title: '', audience: 'public', status: 'sent' },
    });
    expectInvalid(update, ['title', 'status']);
    const kept = await t.call(contract.news.get, { params: { id: ids.publicNew }, headers: admin });
    expect(kept.json()).toMatchObject({ title: 'اطلاعیهٔ جدید', status: 'published' });

    const noFile = multipartBody({ caption: 'بدون فایل' }, []);
    expectInvalid(
      await t.inject({
        method: 'POST',
        url: addressOf(contract.news.uploadCover, { params: { id: ids.publicNew } }),
        payload: noFile.payload,
        headers: { ...noFile.headers, ...admin },
      }),
    );
    const html = multipartBody({}, [
      { filename: 'cover.jpg', contentType: 'image/jpeg', data: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    const disguised = await t.inject({
      method: 'POST',
      url: addressOf(contract.news.uploadCover, { params: { id: ids.publicNew } }),
      payload: html.payload,
      headers: { ...html.headers, ...admin },
    });
    expect(disguised.statusCode).toBe(415);
    const after = await t.call(contract.news.get, { params: { id: ids.publicNew }, headers: admin });
    expect(after.json().cover).toBeNull();
  });
});
