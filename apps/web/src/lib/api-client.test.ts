import { endpoint } from '@madreseh/contract/endpoint';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call } from './api-client';

/** Money actions carry one Idempotency-Key per user action: a double click or a retry shares it. */

const pay = endpoint({
  method: 'POST',
  path: 'panel/invoices/:id/payments',
  access: ['admin'],
  summary: 'test',
  idempotent: true,
  params: z.object({ id: z.number() }),
  body: z.object({ amount: z.number() }),
  response: z.object({ id: z.number() }),
});
const rename = endpoint({
  method: 'PUT',
  path: 'panel/things/:id',
  access: ['admin'],
  summary: 'test',
  params: z.object({ id: z.number() }),
  body: z.object({ name: z.string() }),
});

function fakeFetch(answer: () => Promise<Response>) {
  const keys: (string | undefined)[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key']);
      return answer();
    }),
  );
  return keys;
}

const ok = () => Promise.resolve(new Response(JSON.stringify({ id: 1 }), { status: 201 }));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Idempotency-Key', () => {
  it('is the same for a request sent twice before its answer (a double click)', async () => {
    let answer!: () => void;
    const held = new Promise<void>((r) => {
      answer = r;
    });
    const keys = fakeFetch(async () => {
      await held;
      return ok();
    });
    const both = Promise.all([
      call(pay, { params: { id: 4 }, body: { amount: 1000 } }),
      call(pay, { params: { id: 4 }, body: { amount: 1000 } }),
    ]);
    await new Promise((r) => setTimeout(r, 0));
    answer();
    await both;
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('is kept for a retry after a network failure and renewed once an answer came', async () => {
    let down = true;
    const keys = fakeFetch(async () => {
      if (down) throw new TypeError('Failed to fetch');
      return ok();
    });
    const send = (amount = 1000) => call(pay, { params: { id: 5 }, body: { amount } });
    await expect(send()).rejects.toMatchObject({ status: 0 });
    down = false;
    await send();
    await send();
    await send(2000);
    expect(keys[1]).toBe(keys[0]);
    expect(new Set([keys[1], keys[2], keys[3]]).size).toBe(3);
  });

  it('is renewed after an error answer too, and absent where no money changes', async () => {
    const keys = fakeFetch(async () =>
      Promise.resolve(new Response(JSON.stringify({ code: 'conflict', message: 'نه' }), { status: 409 })),
    );
    await expect(call(pay, { params: { id: 6 }, body: { amount: 1 } })).rejects.toMatchObject({ status: 409 });
    await expect(call(pay, { params: { id: 6 }, body: { amount: 1 } })).rejects.toMatchObject({ status: 409 });
    expect(keys[1]).not.toBe(keys[0]);
    await expect(call(rename, { params: { id: 1 }, body: { name: 'x' } })).rejects.toMatchObject({ status: 409 });
    expect(keys[2]).toBeUndefined();
  });
});
