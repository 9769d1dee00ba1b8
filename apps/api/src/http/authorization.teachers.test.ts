import type { Endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import type { Role } from '@madreseh/contract/roles';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressOf, type CallInput } from '../test/test-app';
import { endpoints, expectNoData, keyOf, paramsOf, t, useAuthorizationApp } from './authorization.fixtures';

// A teacher reaches only the classes assigned to her, and her own news.

useAuthorizationApp();

/** A (class, subject) call teacher1 (هفتم الف) may make; `params` name a record of hers in the path. */
interface TeacherInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: object;
}

/** A fresh assessment of teacher1's mathematics in هفتم الف, for the endpoints that name one. */
async function teacher1Assessment(groupId: number): Promise<Record<string, string>> {
  const subjectId = await teacher1Math(groupId);
  const res = await t.call(contract.assessments.create, {
    headers: t.as(await t.sessionFor('teacher1')),
    body: { groupId, subjectId, kind: 'quiz', title: 'آزمونک ماتریس', date: '2026-09-26' },
  });
  if (res.statusCode !== 201) throw new Error(`assessment not made: ${res.body}`);
  return { id: String((res.json() as { id: number }).id) };
}

async function teacher1Math(groupId: number): Promise<number> {
  const res = await t.call(contract.teacher.myClasses, { headers: t.as(await t.sessionFor('teacher1')) });
  const items = (res.json() as { items: { groupId: number; subjects: { id: number; name: string }[] }[] }).items;
  const id = items.find((g) => g.groupId === groupId)?.subjects.find((s) => s.name === 'ریاضی')?.id;
  if (!id) throw new Error('teacher1 teaches no mathematics there');
  return id;
}

/**
 * Teacher endpoints that name a class (`groupId` in the query or the body, or a record of the class
 * in the path) must prove here that a teacher of another class gets nothing: `input` is a call that
 * teacher1 (هفتم الف) may make.
 */
const OWNED_BY_TEACHER: Record<string, (groupId: number) => TeacherInput | Promise<TeacherInput>> = {
  'GET teacher/report-card': (groupId) => ({ query: { groupId: String(groupId), term: 'second' } }),
  'PUT teacher/report-card': (groupId) => ({
    payload: { groupId, term: 'second', rows: [{ studentId: 1, grades: [] }] },
  }),
  'GET attendance/sheet': (groupId) => ({ query: { groupId: String(groupId), date: '2026-09-26' } }),
  'PUT attendance/sheet': (groupId) => ({
    payload: {
      clientKey: `matrix-${groupId}-${Math.random().toString(36).slice(2)}`,
      groupId,
      date: '2026-09-26',
      entries: [{ studentId: 1, state: 'present' }],
    },
  }),
  'GET teacher/assessments': async (groupId) => ({
    query: { groupId: String(groupId), subjectId: String(await teacher1Math(groupId)) },
  }),
  'POST teacher/assessments': async (groupId) => ({
    payload: { groupId, subjectId: await teacher1Math(groupId), kind: 'quiz', title: 'آزمونک', date: '2026-09-26' },
  }),
  'PUT teacher/assessments/:id': async (groupId) => ({
    params: await teacher1Assessment(groupId),
    payload: { kind: 'oral', title: 'پرسش', date: '2026-09-27' },
  }),
  'DELETE teacher/assessments/:id': async (groupId) => ({ params: await teacher1Assessment(groupId) }),
  'PUT teacher/assessments/:id/marks': async (groupId) => ({
    params: await teacher1Assessment(groupId),
    payload: { marks: [{ studentId: 1, score: '۱۸' }] },
  }),
  'POST teacher/report-card/fill': async (groupId) => ({
    payload: { groupId, subjectId: await teacher1Math(groupId), term: 'second' },
  }),
};

describe('a teacher reaches only the classes assigned to her', () => {
  const forTeacher = endpoints.filter(
    (ep) =>
      ep.access !== 'public' && (ep.access as readonly Role[]).includes('teacher') && ep.path.startsWith('teacher/'),
  );
  // Her news names classes in its body and items in its path: proven below, writer by writer.
  const byClass = forTeacher.filter((ep) => ep.path !== 'teacher/classes' && !ep.path.startsWith('teacher/news'));
  it.each(byClass.map((ep) => [keyOf(ep.method, ep.path)] as const))(
    '%s is refused for another teacher’s class',
    async (key) => {
      const make = OWNED_BY_TEACHER[key];
      expect(make, `add ${key} to OWNED_BY_TEACHER`).toBeDefined();
      if (!make) return;
      const admin = t.as(await t.sessionFor('admin'));
      const groups = (await t.call(contract.group.list, { headers: admin })).json() as {
        items: { id: number; name: string; subjects: { id: number; name: string }[] }[];
      };
      const mine = groups.items.find((g) => g.name === 'هفتم الف');
      const theirs = groups.items.find((g) => g.name === 'هفتم ب');
      if (!mine || !theirs) throw new Error('demo classes missing');
      // Another teacher, with a subject of هفتم ب only.
      const created = await t.call(contract.teacher.create, {
        headers: admin,
        body: { firstName: 'مینا', lastName: 'صفری', mobile: '09361234567', nationalCode: '0080000002' },
      });
      const other = created.statusCode === 201 ? (created.json() as { teacher: { id: number } }).teacher.id : null;
      if (other) {
        await t.call(contract.teacher.assign, {
          params: { id: other },
          headers: admin,
          body: { subjectIds: [theirs.subjects[0]?.id] },
        });
      }
      const ep = endpoints.find((e) => keyOf(e.method, e.path) === key) as Endpoint;
      const input = await make(mine.id);
      const res = await t.call(ep, {
        params: paramsOf(ep, input.params),
        headers: t.as(await t.sessionFor('09361234567')),
        ...(input.query ? { query: input.query } : {}),
        ...(input.payload ? { body: input.payload } : {}),
      });
      expect([403, 404]).toContain(res.statusCode);
      expectNoData(res.body);
      // teacher1 herself is let in (or told what is wrong with the input): the refusal is about the class.
      const own = await t.call(ep, {
        params: paramsOf(ep, input.params),
        headers: t.as(await t.sessionFor('teacher1')),
        ...(input.query ? { query: input.query } : {}),
        ...(input.payload ? { body: input.payload } : {}),
      });
      expect([200, 201, 400, 409]).toContain(own.statusCode);
    },
  );
});

describe('a teacher reaches only her own news and her own classes', () => {
  const newsEndpoints = endpoints.filter((ep) => ep.path.startsWith('teacher/news'));
  let item: number;
  let mine: number;
  let otherTeacher: Record<string, string>;
  beforeAll(async () => {
    const admin = t.as(await t.sessionFor('admin'));
    const groups = (await t.call(contract.group.list, { headers: admin })).json() as {
      items: { id: number; name: string; subjects: { id: number }[] }[];
    };
    const a = groups.items.find((g) => g.name === 'هفتم الف');
    const b = groups.items.find((g) => g.name === 'هفتم ب');
    if (!a || !b) throw new Error('demo classes missing');
    mine = a.id;
    // Another teacher, with a subject of هفتم ب only (made here or by the class matrix above).
    const created = await t.call(contract.teacher.create, {
      headers: admin,
      body: { firstName: 'مینا', lastName: 'صفری', mobile: '09361234567', nationalCode: '0080000002' },
    });
    if (created.statusCode === 201) {
      await t.call(contract.teacher.assign, {
        params: { id: (created.json() as { teacher: { id: number } }).teacher.id },
        headers: admin,
        body: { subjectIds: [b.subjects[0]?.id] },
      });
    }
    otherTeacher = t.as(await t.sessionFor('09361234567'));
    const res = await t.call(contract.news.teacherCreate, {
      headers: t.as(await t.sessionFor('teacher1')),
      body: { title: 'خبر ماتریس', text: 'متن محرمانهٔ ماتریس', groupIds: [mine] },
    });
    if (res.statusCode !== 201) throw new Error(`teacher news failed: ${res.body}`);
    item = (res.json() as { id: number }).id;
  });

  it('covers every teacher news endpoint', () => {
    expect(newsEndpoints.map((ep) => keyOf(ep.method, ep.path)).sort()).toEqual([
      'DELETE teacher/news/:id',
      'GET teacher/news',
      'POST teacher/news',
      'POST teacher/news/:id/cover',
      'PUT teacher/news/:id',
    ]);
  });

  it('another teacher neither lists, changes nor deletes teacher1’s item, nor writes to her class', async () => {
    const news = contract.news;
    const calls: [Endpoint, CallInput][] = [
      [news.teacherList, {}],
      [news.teacherCreate, { body: { title: 'خبر ماتریس', text: 'متن', groupIds: [mine] } }],
      [news.teacherUpdate, { params: { id: item }, body: { title: 'خبر ماتریس', text: 'متن', groupIds: [mine] } }],
      [news.teacherRemove, { params: { id: item } }],
      [news.teacherUploadCover, { params: { id: item }, body: {} }],
    ];
    for (const [endpoint, input] of calls) {
      const res = await t.call(endpoint, { ...input, headers: otherTeacher });
      if (endpoint.method === 'GET') {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('محرمانهٔ ماتریس');
      } else {
        expect([403, 404], `${endpoint.method} ${addressOf(endpoint, input)}`).toContain(res.statusCode);
        expectNoData(res.body);
      }
    }
    const still = await t.call(contract.news.teacherList, { headers: t.as(await t.sessionFor('teacher1')) });
    expect(still.body).toContain('محرمانهٔ ماتریس');
  });
});
