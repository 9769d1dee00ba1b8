import type { Endpoint, Infer, InferInput } from '@madreseh/contract/endpoint';
import { send, urlFor } from './http';
import { actionAnswered, actionKey } from './idempotency';

export { ApiError, urlFor } from './http';

type Params<E extends Endpoint> = E['params'] extends object ? { params: InferInput<E['params']> } : { params?: never };
type Query<E extends Endpoint> = E['query'] extends object ? { query?: InferInput<E['query']> } : { query?: never };
type Body<E extends Endpoint> = E['body'] extends object ? { body: InferInput<E['body']> } : { body?: never };
export type CallInput<E extends Endpoint> = Params<E> & Query<E> & Body<E> & { signal?: AbortSignal };

/**
 * Calls one contract endpoint with the bearer token from the `token` cookie and parses the answer
 * with the endpoint's own response schema.
 */
export async function call<E extends Endpoint>(
  ep: E,
  ...[input]: keyof CallInput<E> extends never ? [] : [CallInput<E>] | []
): Promise<Infer<E['response']>> {
  const i = (input ?? {}) as {
    params?: Record<string, string | number>;
    query?: Record<string, unknown>;
    body?: unknown;
    signal?: AbortSignal;
  };
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (ep.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(i.body ?? {});
  }
  const url = urlFor(ep, i.params, i.query);
  // Money endpoints: the same action sent again before an answer carries the same key (lib/idempotency).
  const action = ep.idempotent ? `${ep.method} ${url} ${String(body ?? '')}` : null;
  if (action) headers['idempotency-key'] = actionKey(action);
  const json = await send({
    method: ep.method,
    url,
    body,
    headers,
    signal: i.signal,
    noStore: ep.noStore,
    onAnswered: action ? () => actionAnswered(action) : undefined,
  });
  return (ep.response ? ep.response.parse(json) : json) as Infer<E['response']>;
}
