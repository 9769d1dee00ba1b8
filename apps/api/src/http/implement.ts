import type { Endpoint, Infer } from '@madreseh/contract/endpoint';
import { API_PREFIX } from '@madreseh/contract/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { encodedAnswer } from './encoded-answer';

export interface HandlerContext<E extends Endpoint> {
  params: Infer<E['params']>;
  query: Infer<E['query']>;
  body: Infer<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

type Answer<E extends Endpoint> = E['response'] extends object ? Infer<E['response']> : unknown;

/**
 * An answer already checked against the endpoint's response schema and written as JSON (serializerOf), sent
 * as it is: a kept answer (kept-answers.ts) is checked and written once, not at every request.
 */
export class Serialized {
  /** `encoded`: the answer's compressed bytes per content coding, kept with it (encoded-answer.ts). */
  constructor(
    readonly json: string,
    readonly encoded?: Map<string, Buffer>,
  ) {}
}

/** What the route does to an answer: check it against the endpoint's response schema and write its JSON. */
export function serializerOf(ep: Endpoint): (answer: unknown) => string {
  if (!ep.response) return (answer) => JSON.stringify(answer);
  return serializerCompiler({ schema: ep.response, method: ep.method, url: urlOf(ep) } as never) as (
    answer: unknown,
  ) => string;
}

/** The URL Fastify registers for a contract path (`panel/news/:id` → `/api/v1/panel/news/:id`). */
export function urlOf(ep: Endpoint): string {
  return `${API_PREFIX}${ep.path}`;
}

/**
 * Registers the route that implements one contract endpoint: its schemas validate the request
 * and the answer, and the endpoint travels in the route config for the role guard.
 */
export function implement<E extends Endpoint>(
  app: FastifyInstance,
  ep: E,
  handler: (ctx: HandlerContext<E>) => Promise<Answer<E> | Serialized>,
): void {
  const schema: Record<string, unknown> = { summary: ep.summary, tags: [ep.path.split('/')[0]] };
  if (ep.params) schema.params = ep.params;
  if (ep.query) schema.querystring = ep.query;
  if (ep.body && ep.bodyKind !== 'multipart') schema.body = ep.body;
  if (ep.response) schema.response = { 200: ep.response, 201: ep.response };
  if (ep.access !== 'public') schema.security = [{ bearer: [] }];
  app.withTypeProvider<ZodTypeProvider>().route({
    method: ep.method,
    url: urlOf(ep),
    schema,
    config: { endpoint: ep },
    handler: async (request, reply) => {
      if (ep.noStore) reply.header('cache-control', 'no-store');
      const answer = await handler({
        params: request.params as Infer<E['params']>,
        query: request.query as Infer<E['query']>,
        body: request.body as Infer<E['body']>,
        request,
        reply,
      });
      if (!(answer instanceof Serialized)) return answer;
      reply.type('application/json; charset=utf-8');
      return answer.encoded ? encodedAnswer(request, reply, answer.json, answer.encoded) : answer.json;
    },
  });
}
