import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint } from '@madreseh/contract/endpoint';
import { allEndpoints } from '@madreseh/contract/endpoints';
import { errorBodySchema } from '@madreseh/contract/errors';
import type { Role } from '@madreseh/contract/roles';
import { hasControlCharacters } from '@madreseh/contract/text';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { nationalCodeFrom } from '../db/seed/school-demo';
import { multipartBody } from '../test/multipart';
import { createTestApp, type TestApp } from '../test/test-app';
import { urlOf } from './implement';

/**
 * Hostile input against every endpoint of the contract. For each endpoint a valid request is made up
 * from its schemas (a value per field, from VALID_BY_NAME or from the field's type); then each field
 * in turn, the whole body and random mixes of them get values nobody sends on purpose: wrong types,
 * null, huge and negative numbers, 2^31, NUL and other control characters, year 0000, deep objects,
 * very long strings. Whatever comes in, the answer is never a 5xx, a refusal has the error shape and
 * stores nothing (row counts of every table unchanged), and a NUL or other control character in a field
 * the endpoint declares is always refused. An endpoint that was not fuzzed fails the last test.
 */

const ROLE_USER: Record<Role, string> = {
  student: 'student1',
  admin: 'admin',
  'super-admin': 'superadmin',
  teacher: 'teacher1',
  parent: 'parent1',
};

/** Valid values for fields whose rules the type alone does not say (check digits, formats). */
const VALID_BY_NAME: Record<string, unknown> = {
  nationalCode: nationalCodeFrom('987654321'),
  mobile: '09121234567',
  clientKey: 'fuzz-key-0001',
  fatherMobile: '09121234567',
  motherMobile: '09121234568',
  parentMobile: '09121234569',
  replyTo: '09121234567',
  phone: '02112345678',
  phones: ['02112345678'],
  email: 'office@example.com',
  birthDate: '2012-03-04',
  date: '2026-01-10',
  dueDate: '2026-12-01',
  from: '2026-01-01',
  to: '2026-06-01',
  transferredAt: '2026-01-02T08:30:00Z',
  publishAt: '2026-01-02T08:30:00Z',
  cardLast4: '1234',
  trackingNumber: 'TRK-12345',
  cardNumber: '6037991234567893',
  sheba: 'IR050170000000123456789012',
  trackingCode: '1234567890',
  username: 'fuzz.user',
  password: 'fuzz-password-1',
  currentPassword: 'fuzz-password-1',
  newPassword: 'fuzz-password-2',
  studentNumber: 'S-1',
  sender: '10004346',
  fileName: 'students.csv',
  data: 'YQ==',
  amount: 500_000,
  grade: 7,
  lastAverage: 18,
  academicYear: 1405,
  location: { lat: 35.7, lng: 51.4 },
  gateway: 'sandbox',
  relation: 'father',
  code: '123456',
  authority: 'A00000001',
  Authority: 'A00000001',
  Status: 'OK',
  q: 'آزمون',
  sort: undefined,
  cancelReason: undefined,
  installments: [{ title: 'قسط اول', amount: 500_000, dueDate: '2026-12-01' }],
  idempotencyKey: undefined,
};

const NUL = String.fromCharCode(0);
const BELL = String.fromCharCode(7);
const ESC = String.fromCharCode(27);

function deepObject(depth: number): unknown {
  let v: unknown = { x: 1 };
  for (let i = 0; i < depth; i++) v = { a: v, b: [i] };
  return v;
}

function deepArray(depth: number): unknown {
  let v: unknown = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

/** Values put in place of one JSON field. */
const HOSTILE_JSON: unknown[] = [
  null,
  true,
  '',
  `a${NUL}b`,
  NUL,
  `${BELL}${ESC}[2J`,
  -1,
  0,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  1e308,
  1.5,
  '2147483648',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  [],
  [NUL],
  [2 ** 31],
  {},
  deepObject(12),
  deepArray(500),
  'ی'.repeat(100_000),
];

/** Values put in place of one path or query parameter (they travel as text). */
const HOSTILE_TEXT: string[] = [
  '',
  NUL,
  `1${NUL}`,
  `a${NUL}b`,
  `${BELL}x`,
  '-1',
  '0',
  '2147483648',
  '9223372036854775808',
  '1e308',
  '1.5',
  'NaN',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  "' or 1=1 --",
  'x'.repeat(4000),
];

/** JSON text sent as it is (too deep for JSON.stringify on this side). */
class RawJson {
  constructor(readonly text: string) {}
}

/** Whole bodies sent instead of an object. */
const HOSTILE_BODIES: unknown[] = [
  null,
  [],
  'text',
  42,
  true,
  new RawJson(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
  new RawJson(`${'['.repeat(50_000)}${']'.repeat(50_000)}`),
  new RawJson('{"a": '),
  { a: 'x'.repeat(1_100_000) },
];

const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_JSON),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 8 }),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: 0 }),
  fc.double(),
  fc
    .date({ min: new Date(-62_167_219_200_000), max: new Date(253_402_300_799_000), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.anything({ maxDepth: 3 }),
);

const hostileTextValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.bigInt({ min: 2n ** 31n, max: 2n ** 80n }).map(String),
  fc.integer({ min: -1000, max: 0 }).map(String),
);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  values?: unknown[];
  checks?: { _zod: { def: { check: string; value?: number; minimum?: number; maximum?: number } } }[];
  defaultValue?: unknown;
  format?: string;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema (through refinements, pipes and wrappers), or null. */
function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!schema) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  if (def.type === 'pipe') return shapeOf(def.in) ?? shapeOf(def.out);
  if (def.innerType) return shapeOf(def.innerType);
  return null;
}

/** A value the schema accepts, made from its type (good enough for most fields; VALID_BY_NAME for the rest). */
function sample(schema: z.ZodType, name?: string): unknown {
  if (name !== undefined && name in VALID_BY_NAME) return VALID_BY_NAME[name];
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return def.innerType ? sample(def.innerType, name) : undefined;
    case 'pipe': {
      const inner = def.in && defOf(def.in).type !== 'transform' ? def.in : def.out;
      return inner ? sample(inner, name) : undefined;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape ?? {})) {
        const value = sample(v, k);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array': {
      let min = 0;
      for (const c of def.checks ?? []) if (c._zod.def.check === 'min_length') min = c._zod.def.minimum ?? 0;
      return Array.from({ length: Math.max(1, min) }, () => (def.element ? sample(def.element) : null));
    }
    case 'union':
      return def.options?.[0] ? sample(def.options[def.options.length - 1] as z.ZodType, name) : null;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'boolean':
      return false;
    case 'record':
      return {};
    case 'number': {
      let min = 1;
      let max = Number.MAX_SAFE_INTEGER;
      for (const c of def.checks ?? []) {
        if (c._zod.def.check === 'greater_than') min = Math.max(min, c._zod.def.value ?? min);
        if (c._zod.def.check === 'less_than') max = Math.min(max, c._zod.def.value ?? max);
      }
      return Math.min(min, max);
    }
    case 'string': {
      if (def.format === 'email') return 'office@example.com';
      let min = 0;
      let max = 1000;
      for (const c of def.checks ?? []) {
        if (c._zod.def.check === 'min_length') min = c._zod.def.minimum ?? 0;
        if (c._zod.def.check === 'max_length') max = c._zod.def.maximum ?? max;
      }
      const base = 'آزمون فازی';
      return base.repeat(Math.ceil(Math.max(min, 1) / base.length)).slice(0, Math.max(min, Math.min(max, base.length)));
    }
    default:
      return undefined;
  }
}

interface Request {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** The valid request of an endpoint; the fuzzing starts from it. */
function validRequest(ep: Endpoint): Request {
  const params = (ep.params ? sample(ep.params) : {}) as Record<string, unknown>;
  const query = (ep.query ? sample(ep.query) : {}) as Record<string, unknown>;
  return {
    params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
    query: Object.fromEntries(
      Object.entries(query)
        .filter(([, v]) => v !== undefined && v !== null)
        .map(([k, v]) => [k, String(v)]),
    ),
    body: ep.body ? sample(ep.body) : undefined,
  };
}

const keyOf = (ep: Endpoint) => `${ep.method} ${ep.path}`;

let t: TestApp;
let tables: string[] = [];

async function rowCounts(): Promise<Record<string, number>> {
  const res = (await t.db.execute(
    sql.raw(`select ${tables.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(', ')}`),
  )) as unknown as { rows: Record<string, number>[] };
  return res.rows[0] ?? {};
}

/** Rows that a refused request may still leave: the caller's session, the counters that refuse it. */
const COUNTERS = new Set(['sessions', 'rate_limits', 'login_throttle', 'idempotency_keys']);

beforeAll(async () => {
  // With backups on, as a real server has them: the download button makes one.
  t = await createTestApp({ backups: { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-fuzz-backups-')) } });
  const res = (await t.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  tables = res.rows.map((r) => r.name).filter((n) => !COUNTERS.has(n));
});
afterAll(async () => {
  await t?.close();
});

const fuzzed = new Set<string>();

function containsControl(value: unknown): boolean {
  if (typeof value === 'string') return hasControlCharacters(value, true);
  if (Array.isArray(value)) return value.some(containsControl);
  if (value && typeof value === 'object') return Object.values(value).some(containsControl);
  return false;
}

async function send(ep: Endpoint, req: Request, rawBody?: unknown) {
  const token =
    ep.access === 'public' ? null : await t.sessionFor(ROLE_USER[(ep.access as readonly Role[])[0] as Role]);
  const path = urlOf(ep).replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(req.params[name] ?? '1'));
  const search = new URLSearchParams(req.query).toString();
  const headers: Record<string, string> = token ? t.as(token) : {};
  const hasBody = ep.method !== 'GET' && ep.method !== 'DELETE';
  let payload: string | Buffer | undefined;
  if (hasBody && ep.bodyKind === 'multipart' && rawBody === undefined) {
    const fields = Object.fromEntries(
      Object.entries((req.body ?? {}) as Record<string, unknown>).map(([k, v]) => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]),
    );
    const mp = multipartBody(fields);
    payload = mp.payload;
    Object.assign(headers, mp.headers);
  } else if (hasBody) {
    payload =
      rawBody instanceof RawJson ? rawBody.text : JSON.stringify(rawBody === undefined ? (req.body ?? {}) : rawBody);
    headers['content-type'] = 'application/json';
  }
  const before = await rowCounts();
  const res = await t.inject({ method: ep.method, url: search ? `${path}?${search}` : path, headers, payload });
  const what = `${keyOf(ep)} ${String(payload ?? '').slice(0, 200)} ${JSON.stringify({ ...req, body: undefined }).slice(0, 200)}`;
  expect(res.statusCode, `${what} → ${res.statusCode} ${res.body.slice(0, 200)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = errorBodySchema.safeParse(JSON.parse(res.body));
    expect(body.success, `${what}: not the error shape: ${res.body.slice(0, 200)}`).toBe(true);
    expect(await rowCounts(), `${what} was refused (${res.statusCode}) but stored something`).toEqual(before);
  }
  fuzzed.add(keyOf(ep));
  return res;
}

const endpoints = allEndpoints();

describe('every endpoint has a valid request to start from', () => {
  it.each(endpoints.map((ep) => [keyOf(ep), ep] as const))('%s', (_, ep) => {
    const req = validRequest(ep);
    for (const [where, schema, value] of [
      ['params', ep.params, req.params],
      ['query', ep.query, req.query],
      ['body', ep.bodyKind === 'multipart' ? undefined : ep.body, req.body],
    ] as const) {
      if (!schema) continue;
      const parsed = schema.safeParse(value);
      expect(parsed.success, `${where} ${JSON.stringify(value)}: ${parsed.error?.message}; add to VALID_BY_NAME`).toBe(
        true,
      );
    }
  });
});

describe.each(endpoints.map((ep) => [keyOf(ep), ep] as const))('hostile input to %s', (_, ep) => {
  const valid = validRequest(ep);
  const paramNames = Object.keys(shapeOf(ep.params) ?? {});
  const queryNames = Object.keys(shapeOf(ep.query) ?? {});
  const bodyShape = shapeOf(ep.body) ?? {};
  const bodyNames = Object.keys(bodyShape);
  const takesBody = ep.method !== 'GET' && ep.method !== 'DELETE';

  it('each path and query parameter, one at a time', async () => {
    for (const name of paramNames)
      for (const value of HOSTILE_TEXT) {
        const res = await send(ep, { ...valid, params: { ...valid.params, [name]: value } });
        if (containsControl(value)) expect(res.statusCode, `${keyOf(ep)} :${name}`).toBeGreaterThanOrEqual(400);
      }
    for (const name of queryNames)
      for (const value of HOSTILE_TEXT) {
        const res = await send(ep, { ...valid, query: { ...valid.query, [name]: value } });
        if (containsControl(value)) expect(res.statusCode, `${keyOf(ep)} ?${name}`).toBeGreaterThanOrEqual(400);
      }
    // And a parameter nobody declared.
    await send(ep, { ...valid, query: { ...valid.query, [`x${NUL}`]: NUL } });
  });

  it('each body field, one at a time', async () => {
    if (!takesBody) return;
    const base = (valid.body ?? {}) as Record<string, unknown>;
    for (const name of bodyNames)
      for (const value of ep.bodyKind === 'multipart' ? HOSTILE_TEXT : HOSTILE_JSON) {
        const res = await send(ep, { ...valid, body: { ...base, [name]: value } });
        if (containsControl(value) && typeof value === 'string')
          expect(res.statusCode, `${keyOf(ep)} .${name} with a control character`).toBeGreaterThanOrEqual(400);
      }
  });

  it('whole bodies of the wrong kind', async () => {
    if (!takesBody) {
      await send(ep, valid);
      return;
    }
    for (const body of HOSTILE_BODIES) await send(ep, valid, body);
  });

  it('random mixes (property-based)', async () => {
    const fields = [...bodyNames.map((n) => ['body', n] as const), ...queryNames.map((n) => ['query', n] as const)];
    const paramsArb = fc.record(Object.fromEntries(paramNames.map((n) => [n, hostileTextValue])));
    const changesArb = fc.array(
      fields.length ? fc.tuple(fc.constantFrom(...fields), hostileJsonValue) : fc.constant(null),
      { maxLength: 3 },
    );
    await fc.assert(
      fc.asyncProperty(fc.option(paramsArb, { nil: undefined }), changesArb, async (params, changes) => {
        const req: Request = {
          params: { ...valid.params, ...(params ?? {}) },
          query: { ...valid.query },
          body: takesBody ? { ...((valid.body ?? {}) as Record<string, unknown>) } : undefined,
        };
        for (const change of changes) {
          if (!change) continue;
          const [[where, name], value] = change;
          if (where === 'query') req.query[name] = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
          else if (req.body) (req.body as Record<string, unknown>)[name] = value;
        }
        const res = await send(ep, req);
        return res.statusCode < 500;
      }),
      // An endpoint without params, query or body has nothing to mix: one run is all there is to send
      // (twelve would only repeat the same request, e.g. twelve whole backups for panel/backups/download).
      { numRuns: fields.length || paramNames.length ? 12 : 1 },
    );
  });
});

describe('coverage', () => {
  it('fuzzed every endpoint of the contract', () => {
    expect([...fuzzed].sort()).toEqual(endpoints.map(keyOf).sort());
  });
});
