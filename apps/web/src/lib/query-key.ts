import type { Endpoint, InferInput } from '@madreseh/contract/endpoint';

/** What a GET endpoint is called with (no body, no signal): its path parameters and query string. */
export type EndpointInput<E extends Endpoint> = (E['params'] extends object
  ? { params: InferInput<E['params']> }
  : { params?: never }) &
  (E['query'] extends object ? { query?: InferInput<E['query']> } : { query?: never });

/**
 * The query key of an endpoint: `[method, path]`, then the input when there is one. Every query of the
 * app is keyed this way, so one endpoint is never cached under two keys, and `endpointKey(ep)` alone
 * is the prefix that matches every call of it (for invalidation). Type-only contract import: the
 * public pages use it without zod (decision 0014).
 */
export function endpointKey<E extends Endpoint>(
  ep: Pick<E, 'method' | 'path'>,
  input?: { params?: unknown; query?: unknown },
): readonly unknown[] {
  const key: unknown[] = [ep.method, ep.path];
  if (input && (input.params !== undefined || input.query !== undefined)) {
    key.push({ params: input.params ?? {}, query: input.query ?? {} });
  }
  return key;
}
