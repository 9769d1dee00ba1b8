import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { queryOptions } from '@tanstack/react-query';
import { getPublic, type PublicInput, type PublicRead, publicUrl } from './public-api';
import { endpointKey } from './query-key';

/**
 * The public answers the server put into the page (`<script type="application/json"
 * id="initial-data">`, apps/api/src/web/pages.ts): the first screen's queries start from them
 * instead of asking the network again. Data, not code, so the strict CSP holds. They are the
 * server's own answers to the same addresses, used as they are, like every public read
 * (public-api.ts, docs/decisions/0014).
 */
interface InitialData {
  at: string;
  answers: { url: string; body: unknown }[];
  /** The signed-in visitor's own answers (the student's home, apps/api/src/web/student-screen.ts). */
  own?: { url: string; body: unknown }[];
}

let read: { at: number; byUrl: Map<string, unknown>; own: Map<string, unknown> } | null = null;

function initialData() {
  if (read) return read;
  read = { at: 0, byUrl: new Map(), own: new Map() };
  const el = typeof document === 'undefined' ? null : document.getElementById('initial-data');
  if (!el?.textContent) return read;
  try {
    const data = JSON.parse(el.textContent) as InitialData;
    read.at = Date.parse(data.at) || Date.now();
    for (const a of data.answers) read.byUrl.set(a.url, a.body);
    for (const a of data.own ?? []) read.own.set(a.url, a.body);
  } catch {
    // A page without usable data asks the network, as before.
  }
  return read;
}

/**
 * Query options that start a public query from the server's answer when the page carried one:
 * spread into `queryOptions({ ... })`. The answer is as old as the page (`initialDataUpdatedAt`),
 * so the usual stale time decides when it is asked for again.
 */
export function initialAnswer<E extends Endpoint & { method: 'GET'; access: 'public' }>(
  endpoint: PublicRead<E>,
  input: PublicInput<E> = {},
): { initialData: () => Infer<E['response']> | undefined; initialDataUpdatedAt: () => number | undefined } {
  const url = publicUrl(endpoint, input);
  return {
    initialData: () => {
      const body = initialData().byUrl.get(url);
      return body === undefined || body === null ? undefined : (body as Infer<E['response']>);
    },
    initialDataUpdatedAt: () => initialData().at || undefined,
  };
}

/**
 * Query options of one public read: keyed by its endpoint and input like every query of the app
 * (query-key.ts), fetched without zod, and started from the page's inlined answer when there is one.
 */
export function publicQuery<E extends Endpoint & { method: 'GET'; access: 'public' }>(
  endpoint: PublicRead<E>,
  input: PublicInput<E> = {},
) {
  return queryOptions({
    queryKey: endpointKey({ method: 'GET', path: endpoint.path }, input),
    queryFn: ({ signal }) => getPublic(endpoint, { ...input, signal }),
    ...initialAnswer(endpoint, input),
  });
}

/**
 * The visitor's own answer to `url` that the server drew the first screen from, once: the first query
 * of that address starts from it, and nothing later (another account signed in on the same tab, a
 * later visit to the page) ever sees it again. Undefined when the page carried none.
 */
export function takeOwnAnswer(url: string): unknown {
  const own = initialData().own;
  const body = own.get(url);
  own.delete(url);
  return body ?? undefined;
}

/** Forgets what was read (tests). */
export function resetInitialData(): void {
  read = null;
}
