import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint } from '@madreseh/contract/endpoint';
import { allEndpoints } from '@madreseh/contract/endpoints';
import { ROLES, type Role } from '@madreseh/contract/roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY, registeredApiRoutes } from '../app';
import { invoices } from '../db/schema/payments';
import { newsForGroup, placeStudentInGroup } from '../modules/news/news.fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { urlOf } from './implement';

/**
 * The authorization matrix: every endpoint declared in the contract, every route the server
 * registered, and every caller who must be turned away. A new endpoint is covered the day it is
 * declared; a route registered without a declaration fails here (and is refused by the guard).
 */

const DEMO_USER_OF: Record<Role, string> = {
  student: 'student1',
  admin: 'admin',
  'super-admin': 'superadmin',
  teacher: 'teacher1',
  parent: 'parent1',
};

/**
 * Student endpoints that take an id in their path must prove here that another student gets
 * nothing: `make` creates a record owned by `student1` and answers the path parameters that name it.
 * An endpoint for students with a path parameter and no entry here fails the matrix.
 */
const OWNED_BY_STUDENT: Record<string, { make(t: TestApp): Promise<Record<string, string>> }> = {
  'GET student/payment/:id': {
    // A card-to-card receipt of student1 (demo data holds one per demo student).
    async make(t) {
      const res = await t.inject({
        method: 'GET',
        url: '/api/v1/student/invoices',
        headers: t.as(await t.sessionFor('student1')),
      });
      const body = res.json() as { invoices: { payments: { id: number }[] }[] };
      const id = body.invoices.flatMap((i) => i.payments)[0]?.id;
      if (!id) throw new Error('student1 has no payment in the demo data');
      return { id: String(id) };
    },
  },
  'GET student/news/:id': {
    // News for student1's group only; student2 is in another group.
    async make(t) {
      const mine = await placeStudentInGroup(t, 'student1', 'هفتم الف (ماتریس)');
      await placeStudentInGroup(t, 'student2', 'هفتم ب (ماتریس)');
      return { id: String(await newsForGroup(t, mine)) };
    },
  },
};

/**
 * Another family: `parent2`, the mother of student2 only (made through the staff endpoint). Every
 * parent endpoint with a path parameter must prove that parent2, given the ids of parent1's child
 * and of that child's records, gets nothing (404), and parent1 gets nothing of student2's.
 */
async function otherFamily(t: TestApp): Promise<{ parent2: string; student2Id: number }> {
  const admin = await t.sessionFor('admin');
  const student2Id = await studentIdOf(t, 'student2');
  const linked = await t.inject({
    method: 'POST',
    url: `/api/v1/panel/student/${student2Id}/parents`,
    headers: t.as(admin),
    payload: { mobile: '09351239876', fullName: 'مهناز کریمی', relation: 'mother' },
  });
  if (linked.statusCode >= 300) throw new Error(`linking parent2 failed: ${linked.body}`);
  const parentId = (linked.json() as { parent: { id: number } }).parent.id;
  const slip = await t.inject({
    method: 'POST',
    url: `/api/v1/panel/parent/${parentId}/reset-password`,
    headers: t.as(admin),
  });
  const { username, password } = slip.json() as { username: string; password: string };
  const login = await t.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
  return { parent2: (login.json() as { token: string }).token, student2Id };
}

async function studentIdOf(t: TestApp, username: string): Promise<number> {
  const res = await t.inject({ method: 'GET', url: '/api/v1/student/me', headers: t.as(await t.sessionFor(username)) });
  return (res.json() as { id: number }).id;
}

/** Path parameters naming parent1's child student1 and one of her records, for each parent endpoint. */
async function parent1Params(t: TestApp, ep: Endpoint): Promise<Record<string, string>> {
  const childId = String(await studentIdOf(t, 'student1'));
  if (ep.path.endsWith('/news/:id')) {
    const mine = await placeStudentInGroup(t, 'student1', 'هفتم الف (ماتریس والدین)');
    return { childId, id: String(await newsForGroup(t, mine)) };
  }
  if (ep.path.endsWith('/payment/:id')) {
    const res = await t.inject({
      method: 'GET',
      url: '/api/v1/student/invoices',
      headers: t.as(await t.sessionFor('student1')),
    });
    const body = res.json() as { invoices: { payments: { id: number }[] }[] };
    return { childId, id: String(body.invoices.flatMap((i) => i.payments)[0]?.id ?? 1) };
  }
  return { childId, id: '1' };
}

const keyOf = (method: string, url: string) => `${method} ${url}`;

/** Routes registered under /api/ that no contract endpoint declares (HEAD twins and the docs aside). */
export function undeclaredRoutes(app: FastifyInstance): string[] {
  const declared = new Set(allEndpoints().map((ep) => keyOf(ep.method, urlOf(ep))));
  return registeredApiRoutes(app)
    .filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/docs'))
    .map((r) => keyOf(r.method, r.url))
    .filter((k) => !declared.has(k));
}

function fillParams(ep: Endpoint, params: Record<string, string> = {}): string {
  return urlOf(ep).replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? '1');
}

function hasPathParams(ep: Endpoint): boolean {
  return /:[A-Za-z]+/.test(ep.path);
}

/** A refusal carries an error and nothing else. */
function expectNoData(body: string) {
  const json = JSON.parse(body) as Record<string, unknown>;
  expect(Object.keys(json).sort()).toEqual(['code', 'message']);
  expect(typeof json.message).toBe('string');
}

let t: TestApp;
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  // With backups on, as a real server has them: the download button makes one.
  t = await createTestApp({ backups: { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-authz-backups-')) } });
  for (const role of ROLES) tokens[role] = await t.sessionFor(DEMO_USER_OF[role]);
});
afterAll(async () => {
  await t?.close();
});

const endpoints = allEndpoints();
const guarded = endpoints.filter((ep) => ep.access !== 'public');

async function call(ep: Endpoint, token?: string, params?: Record<string, string>) {
  const withBody = ep.method !== 'GET' && ep.method !== 'DELETE';
  return t.inject({
    method: ep.method,
    url: fillParams(ep, params),
    headers: token ? t.as(token) : {},
    ...(withBody ? { payload: {} } : {}),
  });
}

/** Like call, with a body that passes validation, so the refusal comes from the ownership check. */
async function callWith(ep: Endpoint, token: string, params: Record<string, string>) {
  const withBody = ep.method !== 'GET' && ep.method !== 'DELETE';
  return t.inject({
    method: ep.method,
    url: fillParams(ep, params),
    headers: t.as(token),
    ...(withBody ? { payload: ep.bodyKind === 'multipart' ? {} : { invoiceId: 1 } } : {}),
  });
}

describe('the contract and the server agree', () => {
  it('declares each endpoint once', () => {
    const keys = endpoints.map((ep) => keyOf(ep.method, ep.path));
    expect(keys.length).toBe(new Set(keys).size);
  });

  it('registers a route for every declared endpoint', () => {
    const registered = new Set(registeredApiRoutes(t.app).map((r) => keyOf(r.method, r.url)));
    const missing = endpoints.map((ep) => keyOf(ep.method, urlOf(ep))).filter((k) => !registered.has(k));
    expect(missing).toEqual([]);
  });

  it('has no registered route without a declaration', () => {
    expect(undeclaredRoutes(t.app)).toEqual([]);
  });
});

describe('a route left undeclared', () => {
  let rogue: TestApp;
  beforeAll(async () => {
    rogue = await createTestApp({
      configure: (app) => {
        app.get('/api/v1/panel/secret', async () => ({ secret: 'national codes' }));
      },
    });
  });
  afterAll(async () => {
    await rogue?.close();
  });

  it('is found by the matrix', () => {
    expect(undeclaredRoutes(rogue.app)).toEqual(['GET /api/v1/panel/secret']);
  });

  it('is refused by the guard, even to a super-admin', async () => {
    const token = await rogue.sessionFor('superadmin');
    for (const headers of [{}, rogue.as(token)]) {
      const res = await rogue.inject({ method: 'GET', url: '/api/v1/panel/secret', headers });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('national codes');
      expectNoData(res.body);
    }
  });
});

describe.each(guarded.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))('%s', (_, ep) => {
  it('answers 401 and no data to an anonymous caller or an unknown token', async () => {
    for (const token of [undefined, 'not-a-real-token-0123456789abcdef0123456789']) {
      const res = await call(ep, token);
      expect(res.statusCode).toBe(401);
      expectNoData(res.body);
    }
  });

  const wrongRoles = ROLES.filter((role) => !(ep.access as readonly Role[]).includes(role));
  if (wrongRoles.length) {
    it.each(wrongRoles)('answers 403 and no data to a %s', async (role) => {
      const res = await call(ep, tokens[role]);
      expect(res.statusCode).toBe(403);
      expectNoData(res.body);
    });
  }

  if ((ep.access as readonly Role[]).includes('student') && hasPathParams(ep)) {
    it('gives another student nothing of what a student owns', async () => {
      const fixture = OWNED_BY_STUDENT[keyOf(ep.method, ep.path)];
      expect(fixture, `add ${ep.method} ${ep.path} to OWNED_BY_STUDENT`).toBeDefined();
      if (!fixture) return;
      const params = await fixture.make(t);
      const other = await t.sessionFor('student2');
      const res = await call(ep, other, params);
      expect([403, 404]).toContain(res.statusCode);
      expectNoData(res.body);
    });
  }
});

/** A (class, subject) call teacher1 (هفتم الف) may make; `params` name a record of hers in the path. */
interface TeacherInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  payload?: object;
}

/** A fresh assessment of teacher1's mathematics in هفتم الف, for the endpoints that name one. */
async function teacher1Assessment(groupId: number): Promise<Record<string, string>> {
  const subjectId = await teacher1Math(groupId);
  const res = await t.inject({
    method: 'POST',
    url: '/api/v1/teacher/assessments',
    headers: t.as(await t.sessionFor('teacher1')),
    payload: { groupId, subjectId, kind: 'quiz', title: 'آزمونک ماتریس', date: '2026-09-26' },
  });
  if (res.statusCode !== 201) throw new Error(`assessment not made: ${res.body}`);
  return { id: String((res.json() as { id: number }).id) };
}

async function teacher1Math(groupId: number): Promise<number> {
  const res = await t.inject({
    method: 'GET',
    url: '/api/v1/teacher/classes',
    headers: t.as(await t.sessionFor('teacher1')),
  });
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
      const groups = (await t.inject({ method: 'GET', url: '/api/v1/panel/group/list', headers: admin })).json() as {
        items: { id: number; name: string; subjects: { id: number; name: string }[] }[];
      };
      const mine = groups.items.find((g) => g.name === 'هفتم الف');
      const theirs = groups.items.find((g) => g.name === 'هفتم ب');
      if (!mine || !theirs) throw new Error('demo classes missing');
      // Another teacher, with a subject of هفتم ب only.
      const created = await t.inject({
        method: 'POST',
        url: '/api/v1/panel/teacher',
        headers: admin,
        payload: { firstName: 'مینا', lastName: 'صفری', mobile: '09361234567', nationalCode: '0080000002' },
      });
      const other = created.statusCode === 201 ? (created.json() as { teacher: { id: number } }).teacher.id : null;
      if (other) {
        await t.inject({
          method: 'PUT',
          url: `/api/v1/panel/teacher/${other}/subjects`,
          headers: admin,
          payload: { subjectIds: [theirs.subjects[0]?.id] },
        });
      }
      const ep = endpoints.find((e) => keyOf(e.method, e.path) === key) as Endpoint;
      const input = await make(mine.id);
      const res = await t.inject({
        method: ep.method,
        url: fillParams(ep, input.params),
        headers: t.as(await t.sessionFor('09361234567')),
        ...(input.query ? { query: input.query } : {}),
        ...(input.payload ? { payload: input.payload } : {}),
      });
      expect([403, 404]).toContain(res.statusCode);
      expectNoData(res.body);
      // teacher1 herself is let in (or told what is wrong with the input): the refusal is about the class.
      const own = await t.inject({
        method: ep.method,
        url: fillParams(ep, input.params),
        headers: t.as(await t.sessionFor('teacher1')),
        ...(input.query ? { query: input.query } : {}),
        ...(input.payload ? { payload: input.payload } : {}),
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
    const groups = (await t.inject({ method: 'GET', url: '/api/v1/panel/group/list', headers: admin })).json() as {
      items: { id: number; name: string; subjects: { id: number }[] }[];
    };
    const a = groups.items.find((g) => g.name === 'هفتم الف');
    const b = groups.items.find((g) => g.name === 'هفتم ب');
    if (!a || !b) throw new Error('demo classes missing');
    mine = a.id;
    // Another teacher, with a subject of هفتم ب only (made here or by the class matrix above).
    const created = await t.inject({
      method: 'POST',
      url: '/api/v1/panel/teacher',
      headers: admin,
      payload: { firstName: 'مینا', lastName: 'صفری', mobile: '09361234567', nationalCode: '0080000002' },
    });
    if (created.statusCode === 201) {
      await t.inject({
        method: 'PUT',
        url: `/api/v1/panel/teacher/${(created.json() as { teacher: { id: number } }).teacher.id}/subjects`,
        headers: admin,
        payload: { subjectIds: [b.subjects[0]?.id] },
      });
    }
    otherTeacher = t.as(await t.sessionFor('09361234567'));
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/teacher/news',
      headers: t.as(await t.sessionFor('teacher1')),
      payload: { title: 'خبر ماتریس', text: 'متن محرمانهٔ ماتریس', groupIds: [mine] },
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
    const calls = [
      { method: 'GET' as const, url: '/api/v1/teacher/news' },
      {
        method: 'POST' as const,
        url: '/api/v1/teacher/news',
        payload: { title: 'خبر ماتریس', text: 'متن', groupIds: [mine] },
      },
      {
        method: 'PUT' as const,
        url: `/api/v1/teacher/news/${item}`,
        payload: { title: 'خبر ماتریس', text: 'متن', groupIds: [mine] },
      },
      { method: 'DELETE' as const, url: `/api/v1/teacher/news/${item}` },
      { method: 'POST' as const, url: `/api/v1/teacher/news/${item}/cover`, payload: {} },
    ];
    for (const call of calls) {
      const res = await t.inject({ ...call, headers: otherTeacher });
      if (call.method === 'GET') {
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain('محرمانهٔ ماتریس');
      } else {
        expect([403, 404], `${call.method} ${call.url}`).toContain(res.statusCode);
        expectNoData(res.body);
      }
    }
    const still = await t.inject({
      method: 'GET',
      url: '/api/v1/teacher/news',
      headers: t.as(await t.sessionFor('teacher1')),
    });
    expect(still.body).toContain('محرمانهٔ ماتریس');
  });
});

describe('a parent reaches only their own children', () => {
  let family: { parent2: string; student2Id: number };
  beforeAll(async () => {
    family = await otherFamily(t);
  });
  const parentEndpoints = guarded.filter(
    (ep) => (ep.access as readonly Role[]).includes('parent') && ep.path.startsWith('parent/children/:childId'),
  );

  it('covers every parent endpoint that names a child', () => {
    expect(parentEndpoints.length).toBeGreaterThanOrEqual(8);
    // The one other parent endpoint with an id, a batch of the parent's own, is proven below.
    const others = guarded.filter(
      (ep) => (ep.access as readonly Role[]).includes('parent') && hasPathParams(ep) && !parentEndpoints.includes(ep),
    );
    expect(others.map((ep) => ep.path)).toEqual(['parent/payment/batch/:id']);
  });

  it('pays in one payment only their own children’s invoices, and shows a batch to its payer only', async () => {
    const [theirs] = await t.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.studentId, family.student2Id));
    const mine = await t.inject({
      method: 'GET',
      url: '/api/v1/student/invoices',
      headers: t.as(await t.sessionFor('student1')),
    });
    const open = (mine.json() as { invoices: { id: number; payable: number }[] }).invoices.find((i) => i.payable > 0);
    if (!theirs || !open) throw new Error('invoices missing');
    const pay = (token: string, invoiceIds: number[]) =>
      t.inject({ method: 'POST', url: '/api/v1/parent/payment/online', headers: t.as(token), payload: { invoiceIds } });
    const foreign = await pay(tokens.parent, [open.id, theirs.id]);
    expect(foreign.statusCode).toBe(404);
    expectNoData(foreign.body);
    expect((await pay(family.parent2, [open.id])).statusCode).toBe(404);
    const started = await pay(tokens.parent, [open.id]);
    expect(started.statusCode).toBe(200);
    const { batchId } = started.json() as { batchId: number };
    const peek = await t.inject({
      method: 'GET',
      url: `/api/v1/parent/payment/batch/${batchId}`,
      headers: t.as(family.parent2),
    });
    expect(peek.statusCode).toBe(404);
    expectNoData(peek.body);
  });

  it.each(parentEndpoints.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))(
    '%s gives another family nothing',
    async (_, ep) => {
      // parent2 with parent1's child (and her records): not found.
      const res = await callWith(ep, family.parent2, await parent1Params(t, ep));
      expect(res.statusCode).toBe(404);
      expectNoData(res.body);
      // parent1 with parent2's child: not found either.
      const theirs = await callWith(ep, tokens.parent, { childId: String(family.student2Id), id: '1' });
      expect(theirs.statusCode).toBe(404);
      expectNoData(theirs.body);
    },
  );

  it('lists only the linked children', async () => {
    const mine = await t.inject({ method: 'GET', url: '/api/v1/parent/children', headers: t.as(tokens.parent) });
    const names = (mine.json() as { items: { fullName: string }[] }).items.map((c) => c.fullName);
    expect(names.sort()).toEqual(['سارا محمدی', 'ستایش محمدی'].sort());
    const theirs = await t.inject({ method: 'GET', url: '/api/v1/parent/children', headers: t.as(family.parent2) });
    expect((theirs.json() as { items: { id: number }[] }).items.map((c) => c.id)).toEqual([family.student2Id]);
  });
});

describe('nothing personal lingers in a cache', () => {
  it.each(guarded.map((ep) => [`${ep.method} ${ep.path}`, ep] as const))(
    '%s answers a signed-in caller with Cache-Control: no-store',
    async (_, ep) => {
      const role = (ep.access as readonly Role[])[0] as Role;
      // A session of its own: auth/logout ends the one it is called with.
      const res = await call(ep, await t.sessionFor(DEMO_USER_OF[role]));
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    },
  );

  it('refusals are not stored either, and every answer carries the Permissions-Policy', async () => {
    for (const url of ['/api/v1/student/me', '/api/v1/panel/student', '/api/v1/no-such-endpoint']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    }
    const open = await t.inject({ method: 'GET', url: '/api/v1/general/school' });
    expect(open.headers['permissions-policy']).toMatch(/^camera=\(self\), microphone=\(\)/);
    // A public answer may be cached (revalidated), but not when a signed-in caller gets it.
    expect(open.headers['cache-control']).toBe('no-cache');
    const student = await t.sessionFor('student1');
    const signedIn = await t.inject({ method: 'GET', url: '/api/v1/general/school', headers: t.as(student) });
    expect(signedIn.headers['cache-control']).toBe('no-store');
  });
});

describe('public endpoints', () => {
  it('are the ones meant for everybody', () => {
    const open = endpoints.filter((ep) => ep.access === 'public').map((ep) => `${ep.method} ${ep.path}`);
    // Every public endpoint is listed here on purpose: opening one to the world is a decision.
    expect(open.every((k) => /^(GET|POST) (auth\/login|auth\/otp\/(request|verify)|health|general\/)/.test(k))).toBe(
      true,
    );
  });
});
