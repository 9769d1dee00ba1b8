import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call } from './api-client';
import { type EndpointInput, endpointKey } from './query-key';

export { endpointKey };

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
