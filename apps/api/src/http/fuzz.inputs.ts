import type { Endpoint } from '@madreseh/contract/endpoint';
import type { Role } from '@madreseh/contract/roles';
import fc from 'fast-check';
import type { z } from 'zod';
import { nationalCodeFrom } from '../db/seed/school-demo';

/* The fuzz test's inputs: a valid request made up for each endpoint, and the hostile values. */

export const ROLE_USER: Record<Role, string> = {
  student: 'student1',
  admin: 'admin',
  'super-admin': 'superadmin',
  teacher: 'teacher1',
  parent: 'parent1',
};

/** Valid values for fields whose rules the type alone does not say (check digits, formats). */
export const VALID_BY_NAME: Record<string, unknown> = {
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

export const NUL = String.fromCharCode(0);
export const BELL = String.fromCharCode(7);
export const ESC = String.fromCharCode(27);

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
export const HOSTILE_JSON: unknown[] = [
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
export const HOSTILE_TEXT: string[] = [
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
export class RawJson {
  constructor(readonly text: string) {}
}

/** Whole bodies sent instead of an object. */
export const HOSTILE_BODIES: unknown[] = [
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

export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
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

export const hostileTextValue: fc.Arbitrary<string> = fc.oneof(
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
export function shapeOf(schema: z.ZodType | undefined): Record<string, z.ZodType> | null {
  if (!schema) return null;
  const def = defOf(schema);
  if (def.type === 'object') return def.shape ?? null;
  if (def.type === 'pipe') return shapeOf(def.in) ?? shapeOf(def.out);
  if (def.innerType) return shapeOf(def.innerType);
  return null;
}

/** A value the schema accepts, made from its type (good enough for most fields; VALID_BY_NAME for the rest). */
export function sample(schema: z.ZodType, name?: string): unknown {
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

export interface Request {
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** The valid request of an endpoint; the fuzzing starts from it. */
export function validRequest(ep: Endpoint): Request {
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
