import { contract } from '@madreseh/contract/endpoints';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { auditLog } from '../../db/schema/system';
import { expectInvalid } from '../../test/expect-invalid';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, useTestApp } from '../../test/test-app';

const c = contract.news;
const t = useTestApp();
let admin: Record<string, string>;
let teacher1: Record<string, string>;
let other: Record<string, string>;
let student1: Record<string, string>;
let parent1: Record<string, string>;
let seventhA: number;
let seventhB: number;
let childId: number;

beforeAll(async () => {
  admin = t.as(await t.sessionFor('admin'));
  teacher1 = t.as(await t.sessionFor('teacher1'));
  student1 = t.as(await t.sessionFor('student1'));
  parent1 = t.as(await t.sessionFor('parent1'));
  const groups = (await t.call(contract.group.list, { headers: admin })).json() as {
    items: { id: number; name: string; subjects: { id: number }[] }[];
  };
  const a = groups.items.find((g) => g.name === 'هفتم الف');
  const b = groups.items.find((g) => g.name === 'هفتم ب');
  if (!a || !b) throw new Error('demo classes missing');
  seventhA = a.id;
  seventhB = b.id;
  // Another teacher, with one subject of هفتم ب only.
  const created = await t.call(contract.teacher.create, {
    headers: admin,
    body: { firstName: 'مینا', lastName: 'صفری', mobile: '09361234567', nationalCode: '0080000002' },
  });
  expect(created.statusCode, created.body).toBe(201);
  const assigned = await t.call(contract.teacher.assign, {
    headers: admin,
    params: { id: created.json().teacher.id },
    body: { subjectIds: [b.subjects[0]?.id ?? 0] },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  other = t.as(await t.sessionFor('09361234567'));
  const kids = (await t.call(contract.parent.children, { headers: parent1 })).json() as {
    items: { id: number; groupName: string | null }[];
  };
  const kid = kids.items.find((k) => k.groupName === 'هفتم الف');
  if (!kid) throw new Error('parent1 has no child in هفتم الف');
  childId = kid.id;
});

async function post(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.call(c.teacherCreate, {
    headers,
    body: { title: 'اردوی علمی', text: 'متن', groupIds: [seventhA], ...body },
  });
}

describe('a teacher’s news to her classes', () => {
  let id: number;

  it('is published at once to the class: the student, the parent and their bells see it', async () => {
    const res = await post(teacher1, {
      title: 'آزمون ریاضی شنبه',
      text: 'آزمون فصل دوم شنبه برگزار می‌شود.\nماشین‌حساب لازم نیست.\n\nموفق باشید <b>بچه‌ها</b>',
    });
    expect(res.statusCode, res.body).toBe(201);
    const item = res.json();
    id = item.id;
    expect(item).toMatchObject({
      title: 'آزمون ریاضی شنبه',
      groups: [{ id: seventhA, name: 'هفتم الف' }],
      cover: null,
    });
    // The text comes back as written; markup typed in it stays text.
    expect(item.text).toBe('آزمون فصل دوم شنبه برگزار می‌شود.\nماشین‌حساب لازم نیست.\n\nموفق باشید <b>بچه‌ها</b>');

    const list = (await t.call(c.studentList, { headers: student1 })).json();
    expect(list.items.map((n: { title: string }) => n.title)).toContain('آزمون ریاضی شنبه');
    const one = await t.call(c.studentGet, { headers: student1, params: { id } });
    expect(one.json().bodyHtml).toBe(
      '<p>آزمون فصل دوم شنبه برگزار می‌شود.<br>ماشین‌حساب لازم نیست.</p><p>موفق باشید &lt;b&gt;بچه‌ها&lt;/b&gt;</p>',
    );
    expect(one.json().summary).toContain('آزمون فصل دوم');
    const parentList = await t.call(contract.parent.news, { headers: parent1, params: { childId } });
    expect(parentList.json().items.map((n: { id: number }) => n.id)).toContain(id);

    const bell = (await t.call(contract.notifications.mine, { headers: student1 })).json();
    expect(bell.items[0].text).toContain('«آزمون ریاضی شنبه»');
    expect(bell.items[0].text).toContain('زینب موسوی');
    const parentBell = (await t.call(contract.notifications.parentMine, { headers: parent1 })).json();
    expect(parentBell.items[0].text).toContain('«آزمون ریاضی شنبه»');
    // In the app only: no SMS queued for a news item.
    const sms = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.channel, 'sms'), like(notifications.idempotencyKey, `staff_message:news:${id}:%`)));
    expect(sms).toEqual([]);
  });

  it('is listed for its writer only, and staff see it with its author', async () => {
    const mine = (await t.call(c.teacherList, { headers: teacher1 })).json();
    expect(mine.items.map((n: { id: number }) => n.id)).toContain(id);
    const theirs = (await t.call(c.teacherList, { headers: other })).json();
    expect(theirs.items).toEqual([]);
    const staff = await t.call(c.get, { headers: admin, params: { id } });
    expect(staff.json()).toMatchObject({
      author: 'زینب موسوی',
      byTeacher: true,
      audience: 'groups',
      groupIds: [seventhA],
      state: 'published',
    });
    const staffList = (await t.call(c.list, { headers: admin, query: { q: 'آزمون ریاضی' } })).json();
    expect(staffList.items[0]).toMatchObject({ id, author: 'زینب موسوی', byTeacher: true });
  });

  it('refuses a class she does not teach in, with a Persian message, and saves nothing', async () => {
    const res = await post(teacher1, { title: 'خبر برای کلاس دیگر', groupIds: [seventhA, seventhB] });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('از کلاس‌های شما نیست');
    const unknown = await post(teacher1, { title: 'خبر برای کلاس ناموجود', groupIds: [999_999] });
    expect(unknown.statusCode).toBe(403);
    const mine = (await t.call(c.teacherList, { headers: teacher1 })).json();
    expect(mine.items.map((n: { title: string }) => n.title)).not.toContain('خبر برای کلاس دیگر');
    const byOther = await post(other, { title: 'خبر به کلاس معلم دیگر' });
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toContain('از کلاس‌های شما نیست');
    // Her own class is fine for the other teacher.
    const own = await post(other, { title: 'خبر هفتم ب', groupIds: [seventhB] });
    expect(own.statusCode).toBe(201);
    expect((await t.call(c.studentGet, { headers: student1, params: { id: own.json().id } })).statusCode).toBe(404);
  });

  it('lets no one but the writer edit, illustrate or delete it (404, nothing changed)', async () => {
    const body = { title: 'تغییر به دست دیگری', text: 'متن', groupIds: [seventhB] };
    const upd = await t.call(c.teacherUpdate, { headers: other, params: { id }, body });
    expect(upd.statusCode).toBe(404);
    expect(upd.json().message).toBe('خبر پیدا نشد.');
    const del = await t.call(c.teacherRemove, { headers: other, params: { id } });
    expect(del.statusCode).toBe(404);
    const { payload, headers } = multipartBody({}, [
      { filename: 'x.png', contentType: 'image/png', data: await smallPng(400, 300) },
    ]);
    const cover = await t.inject({
      method: 'POST',
      url: addressOf(contract.news.teacherUploadCover, { params: { id } }),
      payload,
      headers: { ...headers, ...other },
    });
    expect(cover.statusCode).toBe(404);
    // A staff item is not hers either.
    const staffItem = await t.call(c.create, {
      headers: admin,
      body: { title: 'خبر دفتر', audience: 'students', status: 'published' },
    });
    expect(staffItem.statusCode).toBe(201);
    const onStaff = await t.call(c.teacherUpdate, {
      headers: teacher1,
      params: { id: staffItem.json().id },
      body: { title: 'خبر دفتر', text: 'متن', groupIds: [seventhA] },
    });
    expect(onStaff.statusCode).toBe(404);
    expect((await t.call(c.get, { headers: admin, params: { id } })).json().title).toBe('آزمون ریاضی شنبه');
  });

  it('is edited, illustrated and deleted by its writer, each change in the audit log', async () => {
    const upd = await t.call(c.teacherUpdate, {
      headers: teacher1,
      params: { id },
      body: { title: 'آزمون ریاضی یکشنبه', text: 'آزمون یک روز عقب افتاد.', groupIds: [seventhA] },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ title: 'آزمون ریاضی یکشنبه', text: 'آزمون یک روز عقب افتاد.' });
    // The edit does not ring the bell again.
    const bell = (await t.call(contract.notifications.mine, { headers: student1 })).json();
    expect(bell.items.filter((n: { text: string }) => n.text.includes('آزمون ریاضی')).length).toBe(1);

    const { payload, headers } = multipartBody({}, [
      { filename: 'x.png', contentType: 'image/png', data: await smallPng(800, 400) },
    ]);
    const cover = await t.inject({
      method: 'POST',
      url: addressOf(contract.news.teacherUploadCover, { params: { id } }),
      payload,
      headers: { ...headers, ...teacher1 },
    });
    expect(cover.statusCode, cover.body).toBe(200);
    const coverUrl = cover.json().cover.large as string;
    expect((await t.inject({ method: 'GET', url: coverUrl })).statusCode).toBe(200);

    const del = await t.call(c.teacherRemove, { headers: teacher1, params: { id } });
    expect(del.json()).toEqual({ ok: true });
    expect((await t.inject({ method: 'GET', url: coverUrl })).statusCode).toBe(404);
    expect((await t.call(c.studentGet, { headers: student1, params: { id } })).statusCode).toBe(404);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(id)), like(auditLog.entity, 'news%')));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'delete', 'update', 'upload']);
    expect(new Set(rows.map((r) => r.userId))).toEqual(new Set([await t.userId('teacher1')]));
  });

  it('refuses bad input with 400 and Persian messages', async () => {
    expectInvalid(await post(teacher1, { title: 'ا' }), ['title']);
    expectInvalid(await post(teacher1, { text: ' ' }), ['text']);
    expectInvalid(await post(teacher1, { groupIds: [] }), ['groupIds']);
    const bad = await t.call(contract.news.teacherUpdate, { params: { id: 'abc' }, headers: teacher1, body: {} });
    expectInvalid(bad, ['id']);
  });

  it('is for teachers only: staff and students cannot use the teacher endpoints', async () => {
    expect((await t.call(c.teacherList, { headers: admin })).statusCode).toBe(403);
    expect((await post(student1, {})).statusCode).toBe(403);
  });
});
