import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { queryOptions } from '@tanstack/react-query';
import { send, urlFor } from './http';
import { takeOwnAnswer } from './initial-data';
import { type EndpointInput, endpointKey } from './query-key';

/**
 * The signed-in user's own reads that an area's first screen needs (the access check, the student's
 * home, the bell), without zod on the client (docs/decisions/0032), as the public pages read
 * (public-api.ts, docs/decisions/0014): the address, the answer's type and whether it may be kept come
 * from the contract endpoint through a type-only import, so no schema is built while the area starts,
 * and the answer is used as the server sent it. The server checks every answer against the same
 * contract schema before it sends it (its serializer), and no GET answer of the contract carries a
 * transform (packages/contract/src/answers.test.ts), so a parsed answer and this one are the same data: the other
 * pages' queries of the same endpoint, parsed, share the cache under the same key.
 */
type Get = Endpoint & { method: 'GET' };

export interface OwnRead<E extends Get> {
  method: 'GET';
  path: E['path'];
  noStore: boolean;
}

/** `noStore` as the endpoint declares it: the compiler refuses a read that would keep what must not be kept. */
type StoreOf<E extends Get> = E extends { noStore: true } ? { noStore: true } : { noStore?: false };

/** Names one GET endpoint by its path; the type parameter is the contract endpoint it must match. */
export function ownRead<E extends Get>(
  path: E['path'],
  ...[store]: E extends { noStore: true } ? [StoreOf<E>] : [StoreOf<E>] | []
): OwnRead<E> {
  return { method: 'GET', path, noStore: (store as { noStore?: boolean } | undefined)?.noStore === true };
}

/** The address of an own read, as the server's page data and the offline copies name it. */
export function urlOf(read: OwnRead<Get>, input?: { params?: unknown; query?: unknown }): string {
  return urlFor(
    read,
    input?.params as Record<string, string | number> | undefined,
    input?.query as Record<string, unknown> | undefined,
  );
}

/** Reads one endpoint with the session's token; errors and offline copies as for every call (http.ts). */
export async function getOwn<E extends Get>(
  read: OwnRead<E>,
  input?: EndpointInput<E> & { signal?: AbortSignal },
): Promise<Infer<E['response']>> {
  const answer = await send({ method: 'GET', url: urlOf(read, input), signal: input?.signal, noStore: read.noStore });
  return answer as Infer<E['response']>;
}

/**
 * Query options of one own read, keyed by its endpoint and input like every query of the app
 * (query-key.ts). The first query of an address the server drew the page from starts from that answer
 * and counts as stale at once, so the app still asks the network as the page opens (as ownInitialData
 * in endpoint-query.ts does for parsed queries).
 */
export function ownQuery<E extends Get>(
  read: OwnRead<E>,
  ...[input]: keyof EndpointInput<E> extends never ? [] : [EndpointInput<E>] | []
) {
  return queryOptions({
    queryKey: endpointKey(read, input),
    queryFn: ({ signal }) => getOwn(read, { ...(input as EndpointInput<E>), signal }),
    initialData: ownAnswer(read, input),
    initialDataUpdatedAt: 0,
  });
}

/** The answer the server drew the page from for this read, once (initial-data.ts), as `initialData`. */
export function ownAnswer<E extends Get>(
  read: OwnRead<E>,
  input?: EndpointInput<E>,
): () => Infer<E['response']> | undefined {
  const url = urlOf(read, input);
  return () => takeOwnAnswer(url) as Infer<E['response']> | undefined;
}
