import type { Endpoint } from '@madreseh/contract/endpoint';
import { keptRows } from '../db/invalidation';
import { Serialized, serializerOf } from './implement';

/**
 * Whole answers kept in memory, already checked against the endpoint's response schema and written as JSON
 * (and compressed once for each content coding asked for, encoded-answer.ts):
 * a student's own pages (student/me, student/report-card, student/invoices, student/news), kept per account,
 * and the dashboard's figures. An answer is dropped, on every instance, when anything it read changes
 * (db/invalidation.ts; the triggers are in migrations 0011 and 0026):
 * - `keys`: the exact tags that concern this answer alone, e.g. `users:<account>` (the account or its student
 *   record) and `student:<id>` (a row of the student's invoices, payments, report cards or attendance);
 * - `tables` (the endpoint's): tables any change of which drops every answer of the endpoint (they send
 *   their name once per statement, or a row tag `<table>:<id>` like groups).
 * A time in the answer that makes it stale by itself (a due date passing, a scheduled news item coming out)
 * bounds how long it is kept (`expiresAt`); otherwise at most ttlMs. Until this process listens to the
 * notifications, nothing is kept.
 */
export interface KeptAnswer {
  json: string;
  /** Its compressed bytes per content coding, made when first asked for (encoded-answer.ts). */
  encoded: Map<string, Buffer>;
  keys: readonly string[];
  /** The instant (ms) the answer stops being true whatever changes; Infinity when no time is in it. */
  expiresAt: number;
}

export interface AnswerSource<T> {
  /** The answer as the handler would return it. */
  answer: T;
  keys: readonly string[];
  /** When sooner than the ttl: the instant the answer becomes stale by the clock alone. */
  expiresAt?: number;
}

/**
 * The kept answers of one endpoint. `ttlMs` bounds a missed change's life even though none should be missed;
 * `max` bounds the memory (the oldest answer goes first).
 */
export function keptAnswers<T>(ep: Endpoint, options: { tables: readonly string[]; ttlMs: number; max: number }) {
  const serialize = serializerOf(ep);
  const tables = new Set(options.tables);
  // Every answer of an endpoint reads the same tables: a change to one drops them all. A row's tag drops the
  // answers that name it, found through an index (a bulk change sends thousands of tags).
  const kept = keptRows<string, KeptAnswer>({
    ttlMs: options.ttlMs,
    max: options.max,
    tags: {
      of: (answer) => answer.keys,
      all: (tag) => {
        const colon = tag.indexOf(':');
        return tables.has(colon < 0 ? tag : tag.slice(0, colon));
      },
    },
    expiresAt: (answer) => answer.expiresAt,
  });
  /** The answer for `key` (the account and whatever else selects it), kept or loaded now. */
  return async (db: object, key: string, load: () => Promise<AnswerSource<T>>): Promise<Serialized> => {
    const answer = await kept(db, key, async () => {
      const source = await load();
      return {
        json: serialize(source.answer),
        encoded: new Map(),
        keys: source.keys,
        expiresAt: source.expiresAt ?? Number.POSITIVE_INFINITY,
      };
    });
    return new Serialized(answer.json, answer.encoded);
  };
}
