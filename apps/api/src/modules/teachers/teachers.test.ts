import { contract } from '@madreseh/contract/endpoints';
import type { Group } from '@madreseh/contract/groups/groups.contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { seventhGrades, subjectOf } from '../../test/demo-classes';
import { useTestApp } from '../../test/test-app';

const tc = contract.teacher;
const t = useTestApp();
let admin: string;

let seventhA: Group;
let seventhB: Group;

beforeAll(async () => {
  ({ admin, seventhA, seventhB } = await seventhGrades(t));
});

async function newTeacher(mobile: string, nationalCode: string) {
  const res = await t.call(tc.create, {
    headers: t.as(admin),
    body: { firstName: 'رضا', lastName: 'کرمی', mobile, nationalCode },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    teacher: { id: number; username: string };
    credentials: { username: string; password: string };
  };
}

describe('teacher accounts', () => {
  it('are made by staff with the mobile as username, and sign in to /teacher', async () => {
    const { teacher, credentials } = await newTeacher('۰۹۱۳۱۱۱۲۲۳۳', '0080000002');
    expect(teacher.username).toBe('09131112233');
    expect(credentials.username).toBe('09131112233');
    const token = await t.login(credentials.username, credentials.password);
    const home = await t.call(contract.auth.redirect, { headers: t.as(token) });
    expect(home.json()).toEqual({ path: '/teacher' });
    const mine = await t.call(tc.myClasses, { headers: t.as(token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().items).toEqual([]);
  });

  it('refuse a second account with the same mobile or national code', async () => {
    const res = await t.call(tc.create, {
      headers: t.as(admin),
      body: { firstName: 'الف', lastName: 'ب', mobile: '09131112233', nationalCode: '0012345679' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/شمارهٔ همراه/);
  });

  it('get a new password that ends their sessions', async () => {
    const { teacher, credentials } = await newTeacher('09131112244', '0080000010');
    const old = await t.login(credentials.username, credentials.password);
    const res = await t.call(tc.resetPassword, { headers: t.as(admin), params: { id: teacher.id } });
    expect(res.statusCode).toBe(200);
    expect((await t.call(tc.myClasses, { headers: t.as(old) })).statusCode).toBe(401);
    await t.login(credentials.username, res.json().password);
  });
});

describe('assignments', () => {
  it('list the demo teacher with her two subjects in student1’s class', async () => {
    const list = (await t.call(tc.list, { headers: t.as(admin) })).json();
    const demo = list.items.find((x: { username: string }) => x.username === 'teacher1');
    expect(
      demo.assignments.map((a: { subjectName: string; groupName: string }) => `${a.groupName}/${a.subjectName}`),
    ).toEqual(['هفتم الف/ریاضی', 'هفتم الف/علوم تجربی']);
  });

  it('give each subject of a class one teacher', async () => {
    const { teacher } = await newTeacher('09131112255', '0080000029');
    const taken = await t.call(tc.assign, {
      headers: t.as(admin),
      params: { id: teacher.id },
      body: { subjectIds: [subjectOf(seventhA, 'ریاضی')] },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/ریاضی/);
    const unknown = await t.call(tc.assign, {
      headers: t.as(admin),
      params: { id: teacher.id },
      body: { subjectIds: [999999] },
    });
    expect(unknown.statusCode).toBe(400);
    const ok = await t.call(tc.assign, {
      headers: t.as(admin),
      params: { id: teacher.id },
      body: { subjectIds: [subjectOf(seventhB, 'ریاضی'), subjectOf(seventhA, 'فارسی')] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().assignments).toHaveLength(2);
    // Replacing the list drops what is not in it.
    const fewer = await t.call(tc.assign, {
      headers: t.as(admin),
      params: { id: teacher.id },
      body: { subjectIds: [subjectOf(seventhB, 'ریاضی')] },
    });
    expect(fewer.json().assignments.map((a: { groupName: string }) => a.groupName)).toEqual(['هفتم ب']);
  });

  it('are staff’s to make: a teacher cannot assign herself', async () => {
    const teacher = await t.sessionFor('teacher1');
    const res = await t.call(tc.assign, { headers: t.as(teacher), params: { id: 1 }, body: { subjectIds: [] } });
    expect(res.statusCode).toBe(403);
  });
});

describe('grade entry by a teacher', () => {
  it('shows only her subjects of her class', async () => {
    const teacher = await t.sessionFor('teacher1');
    const res = await t.call(tc.grid, { headers: t.as(teacher), query: { groupId: seventhA.id, term: 'second' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().subjects.map((s: { name: string }) => s.name)).toEqual(['ریاضی', 'علوم تجربی']);
    const other = await t.call(tc.grid, { headers: t.as(teacher), query: { groupId: seventhB.id, term: 'second' } });
    expect(other.statusCode).toBe(404);
  });

  it('saves her subject and refuses another subject, another class and a published term', async () => {
    const teacher = await t.sessionFor('teacher1');
    const grid = (
      await t.call(tc.grid, { headers: t.as(teacher), query: { groupId: seventhA.id, term: 'second' } })
    ).json();
    const studentId = grid.rows[0].studentId;
    const math = subjectOf(seventhA, 'ریاضی');
    const ok = await t.call(tc.save, {
      headers: t.as(teacher),
      body: {
        groupId: seventhA.id,
        term: 'second',
        rows: [{ studentId, grades: [{ subjectId: math, value: '۱۸٫۵' }], remarks: 'نه' }],
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().rows[0].grades[String(math)]).toBe('18.5');
    // Remarks are the office's: unchanged.
    expect(ok.json().rows[0].remarks).toBeNull();

    const persian = subjectOf(seventhA, 'فارسی');
    const otherSubject = await t.call(tc.save, {
      headers: t.as(teacher),
      body: {
        groupId: seventhA.id,
        term: 'second',
        rows: [{ studentId, grades: [{ subjectId: persian, value: 20 }] }],
      },
    });
    expect(otherSubject.statusCode).toBe(403);
    const otherClass = await t.call(tc.save, {
      headers: t.as(teacher),
      body: { groupId: seventhB.id, term: 'second', rows: [{ studentId, grades: [{ subjectId: math, value: 20 }] }] },
    });
    expect(otherClass.statusCode).toBe(404);
    // The demo's first term is published: read-only for the teacher.
    const published = await t.call(tc.save, {
      headers: t.as(teacher),
      body: { groupId: seventhA.id, term: 'first', rows: [{ studentId, grades: [{ subjectId: math, value: 20 }] }] },
    });
    expect(published.statusCode).toBe(409);
    // Staff's grid still has every subject, and the admin's value for Persian untouched.
    const full = await t.call(contract.reportCard.grid, {
      headers: t.as(admin),
      query: { groupId: seventhA.id, term: 'second' },
    });
    expect(full.json().rows[0].grades[String(persian)]).toBeUndefined();
    expect(full.json().rows[0].grades[String(math)]).toBe('18.5');
  });
});
