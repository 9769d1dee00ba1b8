import { contract } from '@madreseh/contract/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: string;
let student: string;

beforeAll(async () => {
  admin = await t.sessionFor('admin');
  student = await t.sessionFor('student1');
});

const body = (over: Record<string, unknown> = {}) => ({
  name: 'هشتم الف',
  gradeLevel: 8,
  academicYear: 1405,
  gradingScale: 'numeric',
  usesMonthly: false,
  subjects: [
    { name: 'ریاضی', weight: 4 },
    { name: 'فارسی', weight: 3 },
  ],
  ...over,
});

function post(payload: object, token = admin) {
  return t.call(contract.group.create, { headers: t.as(token), body: payload });
}

describe('panel/group', () => {
  it('lists the demo classes with subjects and student counts', async () => {
    const res = await t.call(contract.group.list, { headers: t.as(admin) });
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((g: { name: string }) => g.name);
    expect(names).toEqual(expect.arrayContaining(['هفتم الف', 'هفتم ب', 'سوم الف']));
    const seventh = res.json().items.find((g: { name: string }) => g.name === 'هفتم الف');
    expect(seventh.subjects.length).toBeGreaterThan(5);
    expect(seventh.studentCount).toBeGreaterThan(0);
    expect(seventh.passMark).toBe(10);
  });

  it('creates a class with subjects in order, normalising Arabic letters and Persian digits', async () => {
    const res = await post(body({ name: 'هشتم ك', gradeLevel: '۸', subjects: [{ name: 'علوم تجربي', weight: '۴' }] }));
    expect(res.statusCode).toBe(201);
    const g = res.json();
    expect(g).toMatchObject({ name: 'هشتم ک', gradeLevel: 8, gradingScale: 'numeric', studentCount: 0 });
    expect(g.subjects).toEqual([{ id: expect.any(Number), name: 'علوم تجربی', weight: 4 }]);
    const audits = await t.db.select().from(auditLog);
    expect(audits.some((a) => a.entity === 'group' && a.entityId === String(g.id) && a.action === 'create')).toBe(true);
  });

  it('refuses a second class with the same name in the same year (409) but allows another year', async () => {
    expect((await post(body({ name: 'نهم الف' }))).statusCode).toBe(201);
    const dup = await post(body({ name: 'نهم الف' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name).toMatch(/کلاسی با همین نام/);
    expect((await post(body({ name: 'نهم الف', academicYear: 1406 }))).statusCode).toBe(201);
  });

  it('answers 400 with Persian field messages for bad input', async () => {
    const res = await post({
      name: ' ',
      gradeLevel: 13,
      academicYear: 'x',
      gradingScale: 'letters',
      subjects: [
        { name: 'ریاضی', weight: 0 },
        { name: 'ریاضی', weight: 2 },
      ],
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(fields.name).toBe('نام کلاس را وارد کنید.');
    expect(fields.gradeLevel).toBe('پایه را انتخاب کنید.');
    expect(fields.academicYear).toBe('سال تحصیلی معتبر نیست.');
    expect(fields.gradingScale).toBe('نوع نمره‌دهی را انتخاب کنید.');
    expect(fields['subjects.0.weight']).toMatch(/ضریب/);
  });

  it('reports a duplicate subject name', async () => {
    const res = await post(
      body({
        name: 'دهم',
        subjects: [
          { name: 'ریاضی', weight: 2 },
          { name: 'ريا ضی'.replace(' ', ''), weight: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['subjects.1.name']).toBe('نام درس تکراری است.');
  });

  it('updates a class: renames, reorders, swaps subject names, adds and removes subjects', async () => {
    const created = (await post(body({ name: 'هشتم ب' }))).json();
    const [math, persian] = created.subjects;
    const res = await t.call(contract.group.update, {
      params: { id: created.id },
      headers: t.as(admin),
      body: body({
        name: 'هشتم ج',
        subjects: [
          { id: persian.id, name: 'ریاضی', weight: 5 },
          { id: math.id, name: 'فارسی', weight: 2 },
          { name: 'هنر', weight: 1 },
        ],
      }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('هشتم ج');
    expect(res.json().subjects).toEqual([
      { id: persian.id, name: 'ریاضی', weight: 5 },
      { id: math.id, name: 'فارسی', weight: 2 },
      { id: expect.any(Number), name: 'هنر', weight: 1 },
    ]);
    const removed = await t.call(contract.group.update, {
      params: { id: created.id },
      headers: t.as(admin),
      body: body({ name: 'هشتم ج', subjects: [{ id: math.id, name: 'فارسی', weight: 2 }] }),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().subjects).toHaveLength(1);
  });

  it('refuses a subject id of another class', async () => {
    const a = (await post(body({ name: 'یازدهم الف' }))).json();
    const b = (await post(body({ name: 'یازدهم ب' }))).json();
    const res = await t.call(contract.group.update, {
      params: { id: a.id },
      headers: t.as(admin),
      body: body({ name: 'یازدهم الف', subjects: [{ id: b.subjects[0].id, name: 'x', weight: 1 }] }),
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses to remove a subject that has grades, or to change the scale of a graded class (409)', async () => {
    const list = (await t.call(contract.group.list, { headers: t.as(admin) })).json();
    const seventh = list.items.find((g: { name: string }) => g.name === 'هفتم الف');
    const payload = {
      name: seventh.name,
      gradeLevel: seventh.gradeLevel,
      academicYear: seventh.academicYear,
      gradingScale: seventh.gradingScale,
      usesMonthly: false,
      subjects: seventh.subjects.slice(1),
    };
    const res = await t.call(contract.group.update, {
      params: { id: seventh.id },
      headers: t.as(admin),
      body: payload,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain(seventh.subjects[0].name);
    const scale = await t.call(contract.group.update, {
      params: { id: seventh.id },
      headers: t.as(admin),
      body: { ...payload, subjects: seventh.subjects, gradingScale: 'descriptive' },
    });
    expect(scale.statusCode).toBe(409);
  });

  it('deletes an empty class, refuses one with students (409), 404 for an unknown one', async () => {
    const empty = (await post(body({ name: 'دوازدهم' }))).json();
    const del = await t.call(contract.group.remove, { params: { id: empty.id }, headers: t.as(admin) });
    expect(del.statusCode).toBe(200);
    const again = await t.call(contract.group.get, { params: { id: empty.id }, headers: t.as(admin) });
    expect(again.statusCode).toBe(404);
    const list = (await t.call(contract.group.list, { headers: t.as(admin) })).json();
    const seventh = list.items.find((g: { name: string }) => g.name === 'هفتم الف');
    const busy = await t.call(contract.group.remove, { params: { id: seventh.id }, headers: t.as(admin) });
    expect(busy.statusCode).toBe(409);
    expect((await t.call(contract.group.remove, { params: { id: 999999 }, headers: t.as(admin) })).statusCode).toBe(
      404,
    );
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    expect((await post(body({ name: 'x' }), student)).statusCode).toBe(403);
    expect((await t.call(contract.group.list)).statusCode).toBe(401);
  });
});
