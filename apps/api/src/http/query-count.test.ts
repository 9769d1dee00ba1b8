import type { Endpoint } from '@madreseh/contract/endpoint';
import { allEndpoints } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { students } from '../db/schema/school';
import { settings } from '../db/schema/site';
import { addressOf, type CallInput, useTestApp } from '../test/test-app';
import { addRows } from './query-count.fixtures';
import { ATTENDANCE_DAY, type Fixture, mathOf, startBatch } from './query-count.records';

/**
 * No N+1: every list endpoint of the contract runs the same, small number of SQL
 * statements however many rows it answers. Paginated lists (a `pageSize` in the query, `items` in
 * the answer) are found in the contract and asked for 2 and for 100 rows; the other endpoints that
 * answer a list are asked before and after 35 more rows of everything are added.
 */

/** No list endpoint may run more statements than this per request (the session lookup included). */
const MAX_QUERIES = 8;
const MORE = 35;

type Shape = Record<string, z.ZodType>;
interface Def {
  type: string;
  shape?: Shape;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
}
const defOf = (s: z.ZodType | undefined): Def | undefined => (s as unknown as { _zod?: { def: Def } })?._zod?.def;

/** Unwraps optional, nullable, default and pipes down to the schema that carries the data. */
function core(s: z.ZodType | undefined): Def | undefined {
  let d = defOf(s);
  for (let i = 0; d && i < 10; i++) {
    const inner = d.innerType ?? (d.type === 'pipe' ? d.out : undefined);
    if (!inner) break;
    d = defOf(inner);
  }
  return d;
}

/** Does the schema hold, anywhere, an array of objects (a list that grows with the data)? */
function holdsListOfObjects(s: z.ZodType | undefined, depth = 0): boolean {
  const d = core(s);
  if (!d || depth > 8) return false;
  if (d.type === 'array') return core(d.element)?.type === 'object' || holdsListOfObjects(d.element, depth + 1);
  if (d.type === 'object') return Object.values(d.shape ?? {}).some((v) => holdsListOfObjects(v, depth + 1));
  if (d.type === 'union') return (d.options ?? []).some((o) => holdsListOfObjects(o, depth + 1));
  return false;
}

function isPaginated(ep: Endpoint): boolean {
  const query = core(ep.query);
  const response = core(ep.response);
  return Boolean(query?.shape && 'pageSize' in query.shape && response?.shape && 'items' in response.shape);
}

const GETS = allEndpoints().filter((e) => e.method === 'GET');
const PAGINATED = GETS.filter(isPaginated);

/** Where a call goes: path parameters and query. */
type Address = Pick<CallInput, 'params' | 'query'>;

/** The endpoints that answer a list without paging: how to call them, and how to see that they answer more. */
interface Unpaged {
  /** Path parameters and query of the call (none by default). */
  input?: (f: Fixture) => Address;
  /** How much of the answer grows with the rows (default: how many array elements it holds). */
  size?: (body: unknown) => number;
}

const elements = (v: unknown): number =>
  Array.isArray(v)
    ? v.length + v.reduce<number>((n, x) => n + elements(x), 0)
    : v && typeof v === 'object'
      ? Object.values(v).reduce<number>((n, x) => n + elements(x), 0)
      : 0;

const UNPAGED: Record<string, Unpaged> = {
  'student/invoices': {},
  'student/payment/card-to-card': {},
  'panel/student/invoice/:id': { input: (f) => ({ params: { id: f.studentId } }) },
  'panel/invoices/groups': {},
  'panel/payments/pending': {},
  'panel/group/list': {},
  'panel/group/:id': { input: (f) => ({ params: { id: f.groupId } }) },
  'panel/admins': {},
  'panel/sign-in/slowed': {},
  'panel/report-card': { input: (f) => ({ query: { groupId: f.groupId, term: 'first' } }) },
  'student/report-card': {},
  'panel/teacher/list': {},
  'teacher/classes': {},
  'teacher/report-card': { input: (f) => ({ query: { groupId: f.groupId, term: 'second' } }) },
  'attendance/sheet': { input: (f) => ({ query: { groupId: f.groupId, date: ATTENDANCE_DAY } }) },
  'attendance/holidays': {},
  'teacher/assessments': { input: (f) => ({ query: { groupId: f.groupId, subjectId: f.mathId } }) },
  'panel/attendance/month': { input: (f) => ({ query: { groupId: f.groupId, year: 1405, month: 7 } }) },
  'panel/attendance/day': { input: () => ({ query: { date: ATTENDANCE_DAY } }) },
  'student/attendance': { input: () => ({ query: { year: 1405, month: 7 } }) },
  'student/notices': {},
  // parent1 is student1's father: the same reads for the child, and the children (classmates are linked to him).
  'parent/children': {},
  'parent/payment/batch/:id': {
    input: (f) => ({ params: { id: f.batchId } }),
    size: (body) => (body as { items: unknown[] }).items.length,
  },
  'parent/children/:childId/invoices': { input: (f) => ({ params: { childId: f.studentId } }) },
  'parent/children/:childId/payment/card-to-card': { input: (f) => ({ params: { childId: f.studentId } }) },
  'parent/children/:childId/report-card': { input: (f) => ({ params: { childId: f.studentId } }) },
  'parent/children/:childId/attendance': {
    input: (f) => ({ params: { childId: f.studentId }, query: { year: 1405, month: 7 } }),
  },
  'panel/student/:id/parents': {
    input: (f) => ({ params: { id: f.studentId } }),
    // Each parent's number of children is counted over the links, which grow.
    size: (body) => (body as { items: { children: number }[] }).items.reduce((n, p) => n + p.children, 0),
  },
  // Not a list, but every figure is counted over growing tables: still a fixed number of statements.
  'panel/dashboard': {
    size: (body) => {
      const b = body as {
        preRegistrations?: { total: number };
        messages?: { total: number };
        students?: { active: number };
      };
      return (b.preRegistrations?.total ?? 0) + (b.messages?.total ?? 0) + (b.students?.active ?? 0);
    },
  },
};

function tokenFor(
  ep: Endpoint,
  tokens: { admin: string; superAdmin: string; student: string; teacher: string; parent: string },
): string | null {
  if (ep.access === 'public') return null;
  if (ep.access.includes('admin')) return tokens.admin;
  if (ep.access.includes('super-admin')) return tokens.superAdmin;
  if (ep.access.includes('student')) return tokens.student;
  if (ep.access.includes('teacher')) return tokens.teacher;
  if (ep.access.includes('parent')) return tokens.parent;
  throw new Error(`No test caller for ${ep.path}`);
}

describe('query count of list endpoints', () => {
  const t = useTestApp();
  let tokens: { admin: string; superAdmin: string; student: string; teacher: string; parent: string };
  let fixture: Fixture;
  const before = new Map<string, { queries: string[]; size: number }>();

  async function measure(ep: Endpoint, input: Address = {}) {
    const token = tokenFor(ep, tokens);
    const path = addressOf(ep, input);
    const call = () => t.call(ep, { ...input, headers: token ? t.as(token) : {} });
    // A first call settles anything done once in a while (the session's last-seen time, at most once a minute).
    const warm = await call();
    expect(warm.statusCode, `${path}: ${warm.body}`).toBe(200);
    const { result, queries } = await t.queriesDuring(call);
    expect(result.statusCode, `${path}: ${result.body}`).toBe(200);
    return { queries, body: result.json() as unknown };
  }

  beforeAll(async () => {
    tokens = {
      admin: await t.sessionFor('admin'),
      superAdmin: await t.sessionFor('superadmin'),
      student: await t.sessionFor('student1'),
      teacher: await t.sessionFor('teacher1'),
      parent: await t.sessionFor('parent1'),
    };
    const [me] = await t.db
      .select({ id: students.id, groupId: students.groupId })
      .from(students)
      .where(eq(students.userId, await t.userId('student1')));
    const [school] = await t.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'school'));
    if (!me?.groupId || !school) throw new Error('demo data is missing student1 or the school settings');
    fixture = {
      studentId: me.id,
      groupId: me.groupId,
      academicYear: (school.value as { academicYear: number }).academicYear,
      batchId: await startBatch(t, tokens.parent),
      mathId: await mathOf(t, me.groupId),
    };
    for (const [path, entry] of Object.entries(UNPAGED)) {
      const ep = GETS.find((e) => e.path === path);
      if (!ep) continue;
      const m = await measure(ep, entry.input?.(fixture));
      before.set(path, { queries: m.queries, size: (entry.size ?? elements)(m.body) });
    }
    await addRows(t, fixture, MORE);
  }, 180_000);

  it('finds the paginated lists in the contract, and knows how to call every other list', () => {
    expect(PAGINATED.map((e) => e.path)).toEqual(
      expect.arrayContaining([
        'panel/news',
        'general/news',
        'student/news',
        'panel/gallery',
        'general/gallery',
        'panel/achievement',
        'general/achievement',
        'panel/contact-us',
        'panel/pre-register',
        'panel/student',
        'panel/invoices',
      ]),
    );
    const unpagedLists = GETS.filter((e) => !isPaginated(e) && holdsListOfObjects(e.response)).map((e) => e.path);
    const missing = unpagedLists.filter((p) => !(p in UNPAGED));
    expect(missing, 'list endpoints without paging that this test does not call yet: add them to UNPAGED').toEqual([]);
    const stale = Object.keys(UNPAGED).filter((p) => !GETS.some((e) => e.path === p));
    expect(stale, 'entries of UNPAGED that are no longer GET endpoints of the contract').toEqual([]);
  });

  it.each(PAGINATED.map((e) => [e.path, e] as const))(
    '%s runs the same statements for 2 rows and for 100',
    async (_path, ep) => {
      // A parent's list is read for their child student1.
      const params = ep.path.includes(':childId') ? { childId: fixture.studentId } : {};
      expect(ep.path.replace(':childId', '')).not.toContain(':');
      const small = await measure(ep, { params, query: { page: 1, pageSize: 2 } });
      const large = await measure(ep, { params, query: { page: 1, pageSize: 100 } });
      expect((small.body as { items: unknown[] }).items).toHaveLength(2);
      expect((large.body as { items: unknown[] }).items.length).toBeGreaterThanOrEqual(MORE);
      expect(large.queries.length, large.queries.join('\n')).toBe(small.queries.length);
      expect(large.queries.length, large.queries.join('\n')).toBeLessThanOrEqual(MAX_QUERIES);
    },
  );

  it.each(Object.keys(UNPAGED).map((p) => [p] as const))(
    `%s runs the same statements with ${MORE} more rows of everything`,
    async (path) => {
      const ep = GETS.find((e) => e.path === path);
      const entry = UNPAGED[path];
      const earlier = before.get(path);
      if (!ep || !entry || !earlier) throw new Error(`${path} was not measured`);
      const now = await measure(ep, entry.input?.(fixture));
      expect((entry.size ?? elements)(now.body), 'the answer holds the added rows').toBeGreaterThan(earlier.size);
      expect(now.queries.length, now.queries.join('\n')).toBe(earlier.queries.length);
      expect(now.queries.length, now.queries.join('\n')).toBeLessThanOrEqual(MAX_QUERIES);
    },
  );
});
