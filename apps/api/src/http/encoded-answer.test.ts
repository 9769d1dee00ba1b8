import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { contract } from '@madreseh/contract/endpoints';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressOf, useTestApp } from '../test/test-app';
import { encodedAnswer, preferredCoding } from './encoded-answer';

/**
 * A kept answer (kept-answers.ts) goes compressed in the coding the reader asks for, with bytes made once
 * for the answer's life, and decodes to exactly the JSON sent to a reader that asks for none.
 */

describe('the coding a reader prefers', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['BR', 'br'],
  ])('%s → %s', (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe('a kept answer sent compressed', () => {
  const t = useTestApp();
  let token: string;
  const read = (acceptEncoding?: string) =>
    t.inject({
      method: 'GET',
      url: addressOf(contract.payments.studentInvoices),
      headers: { ...t.as(token), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  beforeAll(async () => {
    token = await t.sessionFor('student1');
  });

  it('is the same JSON in br, in gzip and as it is', async () => {
    const plain = await read();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(plain.body)).toBeGreaterThan(1024);

    const br = await read('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(plain.body));

    const gzip = await read('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
  });
});

describe('the bytes of one answer', () => {
  const json = JSON.stringify({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, title: `صورت‌حساب ${i}` })) });
  const asking = (coding: string) => ({ headers: { 'accept-encoding': coding } }) as unknown as FastifyRequest;
  const reply = () => {
    const headers: Record<string, string> = {};
    return { headers, reply: { header: (k: string, v: string) => (headers[k] = v) } as unknown as FastifyReply };
  };

  it('are made once per coding and sent again from the answer', () => {
    const encoded = new Map<string, Buffer>();
    const first = reply();
    const bytes = encodedAnswer(asking('br'), first.reply, json, encoded);
    expect(first.headers).toEqual({ vary: 'accept-encoding', 'content-encoding': 'br' });
    expect(encodedAnswer(asking('br'), reply().reply, json, encoded)).toBe(bytes);
    expect([...encoded.keys()]).toEqual(['br']);
    encodedAnswer(asking('gzip'), reply().reply, json, encoded);
    expect([...encoded.keys()]).toEqual(['br', 'gzip']);
  });

  it('are not made for an answer under 1 KB or a reader that asks for no coding', () => {
    const encoded = new Map<string, Buffer>();
    const small = reply();
    expect(encodedAnswer(asking('br'), small.reply, '{"ok":true}', encoded)).toBe('{"ok":true}');
    expect(encodedAnswer(asking('identity'), reply().reply, json, encoded)).toBe(json);
    expect(small.headers).toEqual({});
    expect(encoded.size).toBe(0);
  });
});
