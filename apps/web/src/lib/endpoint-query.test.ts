import { endpoint } from '@madreseh/contract/endpoint';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { endpointKey, endpointQuery, invalidateEndpoints } from './endpoint-query';

const list = endpoint({
  method: 'GET',
  path: 'panel/things',
  access: ['admin'],
  summary: 'test',
  query: z.object({ page: z.number().optional() }),
  response: z.object({ items: z.array(z.number()) }),
});
const one = endpoint({
  method: 'GET',
  path: 'panel/things/:id',
  access: ['admin'],
  summary: 'test',
  params: z.object({ id: z.number() }),
  response: z.object({ id: z.number() }),
});

afterEach(() => vi.unstubAllGlobals());

describe('endpoint query keys', () => {
  it('are method, path and input, so the same call always has the same key', () => {
    expect(endpointKey(list)).toEqual(['GET', 'panel/things']);
    expect(endpointKey(list, { query: { page: 2 } })).toEqual([
      'GET',
      'panel/things',
      { params: {}, query: { page: 2 } },
    ]);
    expect(endpointQuery(one, { params: { id: 7 } }).queryKey).toEqual(endpointKey(one, { params: { id: 7 } }));
    expect(endpointQuery(list, { query: { page: 1 } }).queryKey).not.toEqual(
      endpointQuery(list, { query: { page: 2 } }).queryKey,
    );
  });

  it('fetch the endpoint, parse the answer and are invalidated by the endpoint alone', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [1, 2] }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const qc = new QueryClient();
    const q = endpointQuery(list, { query: { page: 3 } });
    expect(await qc.fetchQuery(q)).toEqual({ items: [1, 2] });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe('/api/v1/panel/things?page=3');
    expect(qc.getQueryState(q.queryKey)?.isInvalidated).toBe(false);
    await invalidateEndpoints(qc, list);
    expect(qc.getQueryState(q.queryKey)?.isInvalidated).toBe(true);
    qc.clear();
  });
});
