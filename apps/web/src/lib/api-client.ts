import { API_PREFIX, type Endpoint, type Infer, type InferInput, pathWith } from '@madreseh/contract/endpoint';
import { ERROR_CODES, ERROR_MESSAGES, errorBodySchema } from '@madreseh/contract/errors';
import { readToken } from './cookies';
import { actionAnswered, actionKey } from './idempotency';
import { noteOffline } from './offline';

/** An error answer of the API, or a network failure (status 0). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

type Params<E extends Endpoint> = E['params'] extends object ? { params: InferInput<E['params']> } : { params?: never };
type Query<E extends Endpoint> = E['query'] extends object ? { query?: InferInput<E['query']> } : { query?: never };
type Body<E extends Endpoint> = E['body'] extends object ? { body: InferInput<E['body']> } : { body?: never };
export type CallInput<E extends Endpoint> = Params<E> & Query<E> & Body<E> & { signal?: AbortSignal };

export function urlFor(
  ep: Endpoint,
  params?: Record<string, string | number>,
  query?: Record<string, unknown>,
): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    search.set(k, String(v));
  }
  const qs = search.toString();
  return `${API_PREFIX}${pathWith(ep.path, params)}${qs ? `?${qs}` : ''}`;
}

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
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (ep.method !== 'GET') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(i.body ?? {});
  }
  const url = urlFor(ep, i.params, i.query);
  // Money endpoints: the same action sent again before an answer carries the same key (lib/idempotency).
  const action = ep.idempotent ? `${ep.method} ${url} ${String(body ?? '')}` : null;
  if (action) headers['idempotency-key'] = actionKey(action);
  let res: Response;
  try {
    res = await fetch(url, {
      method: ep.method,
      headers,
      body,
      signal: i.signal,
      cache: ep.noStore ? 'no-store' : 'default',
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, 'network_error', ERROR_MESSAGES.network);
  }
  if (action) actionAnswered(action);
  noteOffline(url, res.headers);
  const text = await res.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = null;
    }
  }
  if (!res.ok) {
    const parsed = errorBodySchema.safeParse(json);
    if (parsed.success) throw new ApiError(res.status, parsed.data.code, parsed.data.message, parsed.data.fields);
    throw new ApiError(res.status, ERROR_CODES.internal, ERROR_MESSAGES.unexpected);
  }
  return (ep.response ? ep.response.parse(json) : json) as Infer<E['response']>;
}
