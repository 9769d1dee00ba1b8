import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { contract } from './endpoints';

/**
 * The web app reads some answers without zod (the public pages, docs/decisions/0014; an area's first
 * screen and its access check, 0032) and the rest parsed, under the same query keys. That is only the
 * same data when parsing an answer the server sent gives it back unchanged: no transform, pipe, coercion
 * or catch in any endpoint's answer schema. A default is allowed: the server's serializer parses the answer with the same schema
 * before sending it, so the JSON always carries the value.
 */

const PLAIN = new Set([
  'object',
  'array',
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'nullable',
  'optional',
  'default',
  'enum',
  'literal',
  'union',
  'record',
  'unknown',
]);

interface Def {
  type: string;
  coerce?: boolean;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
}

/** Every place in `schema` that changes an answer while parsing it, as `path: kind`. */
function changesWhileParsing(schema: z.ZodType, at: string, seen = new Set<z.ZodType>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  const found = PLAIN.has(def.type) && !def.coerce ? [] : [`${at}: ${def.type}${def.coerce ? ' (coerced)' : ''}`];
  const inner: [string, z.ZodType | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([k, v]): [string, z.ZodType] => [`${at}.${k}`, v]),
    [`${at}[]`, def.element],
    [at, def.innerType],
    ...(def.options ?? []).map((o, i): [string, z.ZodType] => [`${at}|${i}`, o]),
    [`${at}{}`, def.valueType],
  ];
  for (const [p, s] of inner) if (s) found.push(...changesWhileParsing(s, p, seen));
  return found;
}

const answers = Object.entries(contract).flatMap(([domain, endpoints]) =>
  Object.entries(endpoints as Record<string, Endpoint>)
    .filter(([, ep]) => ep.response)
    .map(([name, ep]) => ({ name: `${domain}.${name} (${ep.path})`, response: ep.response as z.ZodType })),
);

describe('the answers of the endpoints', () => {
  it('come back unchanged from parsing: plain JSON the browser may use as sent', () => {
    expect(answers.length).toBeGreaterThan(100);
    expect(answers.flatMap((r) => changesWhileParsing(r.response, r.name))).toEqual([]);
  });

  it('the check finds a transform, a coercion and a pipe where there is one', () => {
    const schema = z.object({
      a: z.string().transform((s) => s.length),
      b: z.array(z.object({ c: z.coerce.number() })),
      d: z.string().pipe(z.email()).nullable(),
    });
    expect(changesWhileParsing(schema, 'x')).toEqual(['x.a: pipe', 'x.b[].c: number (coerced)', 'x.d: pipe']);
  });
});
