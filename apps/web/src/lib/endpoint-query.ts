import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, urlFor } from './api-client';
import { takeOwnAnswer } from './initial-data';
import { type EndpointInput, endpointKey } from './query-key';

export { endpointKey };

/**
 * Query options for one GET endpoint: its key, and a fetch parsed with its response schema. The first
 * query of an address the server drew the page from starts from that answer (ownInitialData).
 */
export function endpointQuery<E extends Endpoint>(
  ep: E,
  ...[input]: keyof EndpointInput<E> extends never ? [] : [EndpointInput<E>] | []
) {
  const i = (input ?? {}) as { params?: Record<string, string | number>; query?: Record<string, unknown> };
  return queryOptions({
    queryKey: endpointKey(ep, input as EndpointInput<E> | undefined),
    queryFn: ({ signal }) =>
      (call as (e: Endpoint, i: object) => Promise<Infer<E['response']>>)(ep, { ...(input ?? {}), signal }),
    ...ownInitialData<Infer<E['response']>>(ep, urlFor(ep, i.params, i.query)),
  });
}

/**
 * Starts a query from the visitor's own answer inlined in the page (lib/initial-data.ts), parsed with
 * the endpoint's response schema as a fetched one is. It counts as stale at once, so the app still asks
 * the network as soon as the page is on screen (the service worker keeps its offline copy, decision
 * 0004); until the answer comes the page shows what the server drew, not a skeleton.
 */
export function ownInitialData<T>(
  ep: Endpoint,
  url: string,
): { initialData: () => T | undefined; initialDataUpdatedAt: 0 } {
  return {
    initialData: () => {
      const body = takeOwnAnswer(url);
      if (body === undefined) return undefined;
      try {
        return (ep.response ? ep.response.parse(body) : body) as T;
      } catch {
        return undefined;
      }
    },
    initialDataUpdatedAt: 0,
  };
}

/** Marks every cached call of these endpoints stale (active ones fetch again). */
export function invalidateEndpoints(qc: QueryClient, ...endpoints: Endpoint[]): Promise<void> {
  return Promise.all(endpoints.map((ep) => qc.invalidateQueries({ queryKey: endpointKey(ep) }))).then(() => {});
}
