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
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { multipartBody } from '../test/multipart';
import { useTestApp } from '../test/test-app';
import {
  HOSTILE_BODIES,
  HOSTILE_JSON,
  HOSTILE_TEXT,
  hostileJsonValue,
  hostileTextValue,
  NUL,
  RawJson,
  type Request,
  ROLE_USER,
  shapeOf,
  validRequest,
} from './fuzz.inputs';
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

const keyOf = (ep: Endpoint) => `${ep.method} ${ep.path}`;

// With backups on, as a real server has them: the download button makes one.
const t = useTestApp({ backups: { dir: fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-fuzz-backups-')) } });
let tables: string[] = [];

async function rowCounts(): Promise<Record<string, number>> {
  const [counts] = await rowsOf<Record<string, number>>(
    t.db,
    sql.raw(`select ${tables.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(', ')}`),
  );
  return counts ?? {};
}

/** Rows that a refused request may still leave: the caller's session, the counters that refuse it. */
const COUNTERS = new Set(['sessions', 'rate_limits', 'login_throttle', 'idempotency_keys']);

beforeAll(async () => {
  const rows = await rowsOf<{ name: string }>(
    t.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  tables = rows.map((r) => r.name).filter((n) => !COUNTERS.has(n));
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
  // Work an earlier accepted request left running after its answer (a sign-in code's SMS) ends first, and
  // this request's own is waited for below: what a refused request stored is seen, whatever the timing.
  await t.app.background.settled();
  const before = await rowCounts();
  const res = await t.inject({ method: ep.method, url: search ? `${path}?${search}` : path, headers, payload });
  await t.app.background.settled();
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
