import type { Endpoint, Infer, InferInput } from '@madreseh/contract/endpoint';
import { send, urlFor } from './http';

/**
 * The public site's reads (`general/*`), without zod on the client (docs/decisions/0014): the address
 * and the answer's type come from the contract endpoint (a type-only import, so no schema is built in
 * the browser), and the answer is used as the server sent it. The server checks every answer against
 * the same contract schema before it sends it (its serializer), and the public answers carry no
 * transforms, so parsing them again in the browser would change nothing but the size of the code.
 */
type PublicGet = Endpoint & { method: 'GET'; access: 'public' };

export interface PublicRead<E extends PublicGet> {
  path: E['path'];
}

/** Names one public GET endpoint by its path; the type parameter is the contract endpoint it must match. */
export function publicRead<E extends PublicGet>(path: E['path']): PublicRead<E> {
  return { path };
}

export interface PublicInput<E extends PublicGet> {
  params?: E['params'] extends object ? InferInput<E['params']> : never;
  query?: E['query'] extends object ? InferInput<E['query']> : never;
}

/** The address of a public read, as the server's page data names it (initial-data.ts). */
export function publicUrl<E extends PublicGet>(read: PublicRead<E>, input: PublicInput<E> = {}): string {
  return urlFor(
    read,
    input.params as Record<string, string | number> | undefined,
    input.query as Record<string, unknown> | undefined,
  );
}

/** Reads one public endpoint; errors and offline copies as for every call (http.ts). */
export async function getPublic<E extends PublicGet>(
  read: PublicRead<E>,
  input: PublicInput<E> & { signal?: AbortSignal } = {},
): Promise<Infer<E['response']>> {
  return (await send({ method: 'GET', url: publicUrl(read, input), signal: input.signal })) as Infer<E['response']>;
}
