import { endpoint } from '@madreseh/contract/endpoint';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clearSession, saveSession } from './cookies';
import { endpointQuery } from './endpoint-query';
import { resetInitialData } from './initial-data';
import { ownQuery, ownRead } from './own-read';

const mine = endpoint({
  method: 'GET',
  path: 'student/things',
  access: ['student'],
  summary: 'test',
  query: z.object({ page: z.number().optional() }),
  response: z.object({ items: z.array(z.number()) }),
  noStore: true,
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  resetInitialData();
});

describe('own reads', () => {
  it('share the key of the parsed query of the same endpoint and input, so the cache is one', () => {
    const read = ownRead<typeof mine>('student/things', { noStore: true });
    expect(ownQuery(read, { query: { page: 2 } }).queryKey).toEqual(
      endpointQuery(mine, { query: { page: 2 } }).queryKey,
    );
    expect(ownQuery(read).queryKey).toEqual(endpointQuery(mine).queryKey);
  });

  it('fetch with the token, keep nothing when the endpoint says so, and give the answer as sent', async () => {
    saveSession('t0k3n', { id: 1, role: 'student', fullName: 'سارا محمدی' });
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ items: [1, 2], extra: 'as sent' })));
    vi.stubGlobal('fetch', fetchMock);
    const qc = new QueryClient();
    const read = ownRead<typeof mine>('student/things', { noStore: true });
    expect(await qc.fetchQuery(ownQuery(read, { query: { page: 3 } }))).toEqual({ items: [1, 2], extra: 'as sent' });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/student/things?page=3');
    expect(init.cache).toBe('no-store');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer t0k3n');
    qc.clear();
    clearSession();
  });

  it('start once from the answer the server drew the page with, stale at once', () => {
    document.body.innerHTML = `<script type="application/json" id="initial-data">${JSON.stringify({
      at: new Date().toISOString(),
      answers: [],
      own: [{ url: '/api/v1/student/things?page=1', body: { items: [7] } }],
    })}</script>`;
    const read = ownRead<typeof mine>('student/things', { noStore: true });
    const first = ownQuery(read, { query: { page: 1 } });
    expect(first.initialDataUpdatedAt).toBe(0);
    expect((first.initialData as () => unknown)()).toEqual({ items: [7] });
    expect((ownQuery(read, { query: { page: 1 } }).initialData as () => unknown)()).toBeUndefined();
  });
});
