import type { Endpoint, Infer, InferInput } from '@madreseh/contract/endpoint';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from './api-client';

/** What a GET endpoint is called with (no body, no signal): its path parameters and query string. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends object
  ? { params: InferInput<E['params']> }
  : { params?: never }) &
  (E['query'] extends object ? { query?: InferInput<E['query']> } : { query?: never });

/**
 * The query key of an endpoint: `[method, path]`, then the input when there is one. Every query of the
 * app is keyed this way, so one endpoint is never cached under two keys, and `endpointKey(ep)` alone
 * is the prefix that matches every call of it (for invalidation).
 */
export function endpointKey<E extends Endpoint>(ep: E, input?: EndpointInput<E>): readonly unknown[] {
  const key: unknown[] = [ep.method, ep.path];
  if (input && (input.params !== undefined || input.query !== undefined)) {
    key.push({ params: input.params ?? {}, query: input.query ?? {} });
  }
  return key;
}

/** Query options for one GET endpoint: its key, and a fetch parsed with its response schema. */
export function endpointQuery<E extends Endpoint>(
  ep: E,
  ...[input]: keyof EndpointInput<E> extends never ? [] : [EndpointInput<E>] | []
) {
  return queryOptions({
    queryKey: endpointKey(ep, input as EndpointInput<E> | undefined),
    queryFn: ({ signal }) =>
      (call as (e: Endpoint, i: object) => Promise<Infer<E['response']>>)(ep, { ...(input ?? {}), signal }),
  });
}

/** Marks every cached call of these endpoints stale (active ones fetch again). */
export function invalidateEndpoints(qc: QueryClient, ...endpoints: Endpoint[]): Promise<void> {
  return Promise.all(endpoints.map((ep) => qc.invalidateQueries({ queryKey: endpointKey(ep) }))).then(() => {});
}
