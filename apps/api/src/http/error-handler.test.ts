import { endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressOf, useTestApp } from '../test/test-app';
import { implement } from './implement';

const NATIONAL_CODE = '0012345679';

// Throwaway endpoints that fail on purpose, declared like real ones so the guard lets them through.
const failing = {
  crash: endpoint({ method: 'GET', path: 'test/crash', access: 'public', summary: 'throws' }),
  badQuery: endpoint({ method: 'GET', path: 'test/bad-query', access: 'public', summary: 'bad SQL' }),
  echo: endpoint({
    method: 'POST',
    path: 'test/echo',
    access: 'public',
    summary: 'validates',
    body: z.object({ mobile: z.string().regex(/^09\d{9}$/, 'شمارهٔ همراه درست نیست.'), age: z.number().int() }),
    response: z.object({ ok: z.boolean() }),
  }),
};

const lines: string[] = [];
const t = useTestApp({
  logStream: { write: (line) => lines.push(line) },
  configure: (app) => {
    implement(app, failing.crash, async () => {
      throw new Error('secret internals: /var/lib/thing');
    });
    implement(app, failing.badQuery, async () => {
      await t.db.execute(sql`select * from users where username = ${NATIONAL_CODE} and no_such_column = 1`);
      return {};
    });
    implement(app, failing.echo, async () => ({ ok: true }));
  },
});

describe('errors', () => {
  it('answers a crash with 500 and only "Internal Server Error"', async () => {
    const res = await t.call(failing.crash);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'internal_error', message: 'Internal Server Error' });
    expect(res.body).not.toContain('secret');
  });

  it('logs a failed query without its parameters', async () => {
    lines.length = 0;
    const res = await t.call(failing.badQuery);
    expect(res.statusCode).toBe(500);
    const log = lines.join('\n');
    expect(log).toContain('request failed');
    expect(log).toContain('no_such_column');
    expect(log).not.toContain(NATIONAL_CODE);
  });

  it('maps validation errors to Persian field messages', async () => {
    const res = await t.call(failing.echo, { body: { mobile: '123', age: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('validation_failed');
    expect(body.message).toMatch(/[\u0600-\u06FF]/);
    expect(body.fields.mobile).toBe('شمارهٔ همراه درست نیست.');
    expect(body.fields.age).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers broken JSON with 400 and a Persian message, not 500', async () => {
    const res = await t.inject({
      method: 'POST',
      url: addressOf(failing.echo),
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers an unsupported content type with 415 and a Persian message', async () => {
    const res = await t.inject({
      method: 'POST',
      url: addressOf(failing.echo),
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    // A raw address on purpose: no endpoint has it.
    const res = await t.inject({ method: 'GET', url: '/api/v1/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
    expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
  });
});

describe('headers and documentation', () => {
  it('sends a strict content security policy and the usual protections', async () => {
    const res = await t.call(contract.system.health);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/https?:/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('publishes an OpenAPI document generated from the contract', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    // The addresses as the document spells them (raw strings on purpose).
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/health']));
  });
});

describe('request logs', () => {
  it('never hold a token, a password or the values of the query', async () => {
    lines.length = 0;
    const token = await t.login('student1');
    await t.call(contract.auth.checkToken, { body: {}, headers: t.as(token) });
    await t.call(contract.system.health, { query: { nationalCode: NATIONAL_CODE } });
    const log = lines.join('\n');
    // The address as the log line spells it (a raw string on purpose).
    expect(log).toContain('/api/v1/auth/check-token');
    expect(log).toContain('nationalCode=…');
    expect(log).not.toContain(token);
    expect(log).not.toContain('demo1234');
    expect(log).not.toContain(NATIONAL_CODE);
  });
});
