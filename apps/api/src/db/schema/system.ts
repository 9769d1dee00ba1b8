import { index, integer, jsonb, pgTable, primaryKey, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, instant } from './columns';

/** Fixed-window counters for rate limits, kept in the database so every instance shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 200 }).primaryKey(),
  windowStart: instant('window_start').notNull(),
  count: integer('count').notNull(),
});

/**
 * Who did what to which record, when and from where. Rows are only ever added: a
 * trigger refuses UPDATE, DELETE and TRUNCATE. `user_id` has no foreign key on purpose: the row
 * keeps naming who acted after that account is gone.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    userId: integer('user_id'),
    action: varchar('action', { length: 80 }).notNull(),
    entity: varchar('entity', { length: 80 }).notNull(),
    entityId: varchar('entity_id', { length: 80 }),
    details: jsonb('details'),
    ip: varchar('ip', { length: 64 }),
    ...createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId), index('audit_log_created_idx').on(t.createdAt)],
);

/**
 * The first answer to a money-changing request sent with an `Idempotency-Key` header, so a retry
 * with the same key gets that answer again instead of a second effect (http/idempotency.ts).
 * `status` is null while the first request is still running. Purged after a day.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** `<user id>:<method> <route>`: keys of different callers and endpoints never meet. */
    scope: varchar('scope', { length: 200 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    /** SHA-256 of the request (address and body): the same key with another request is refused. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    status: smallint('status'),
    contentType: varchar('content_type', { length: 100 }),
    body: text('body'),
    ...createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
