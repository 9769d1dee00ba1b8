import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A kept answer's compressed bytes, made once for the answer's life instead of at every request. The
 * compress plugin (app.ts) would compress the same JSON again for every reader; a kept answer carries a
 * map of its bytes per content coding, filled the first time a reader asks for that coding.
 * Same rules as the plugin: answers under 1 KB go as they are; `br` before `gzip` at equal preference.
 */

export const COMPRESS_THRESHOLD_BYTES = 1024;
const CODINGS = ['br', 'gzip'] as const;
type Coding = (typeof CODINGS)[number];

/**
 * Brotli at quality 6: smaller than the plugin's 4 for an answer compressed once and sent many times,
 * still a few milliseconds for the largest kept answer (a student's invoices).
 */
const ENCODE: Record<Coding, (json: string) => Buffer> = {
  br: (json) =>
    brotliCompressSync(json, {
      params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 6 },
    }),
  gzip: (json) => gzipSync(json),
};

/** The coding the client prefers among those we send (by q-value, then br before gzip); null for none. */
export function preferredCoding(header: string | undefined): Coding | null {
  if (!header) return null;
  const q = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim());
    const weight = params.find((p) => p.startsWith('q='));
    q.set(name === 'x-gzip' ? 'gzip' : name, weight ? Number(weight.slice(2)) || 0 : 1);
  }
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of CODINGS) {
    const weight = q.get(coding) ?? q.get('*') ?? 0;
    if (weight > bestQ) [best, bestQ] = [coding, weight];
  }
  return best;
}

/** What to send for an answer with kept bytes: the JSON, or its bytes in the client's coding (headers set). */
export function encodedAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  json: string,
  encoded: Map<string, Buffer>,
): string | Buffer {
  if (Buffer.byteLength(json) < COMPRESS_THRESHOLD_BYTES) return json;
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (!coding) return json;
  let bytes = encoded.get(coding);
  if (!bytes) {
    bytes = ENCODE[coding](json);
    encoded.set(coding, bytes);
  }
  reply.header('vary', 'accept-encoding');
  reply.header('content-encoding', coding);
  return bytes;
}
