import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * Figures the dashboard shows that would otherwise need a scan of a large table, kept current by triggers
 * (migrations 0012 and 0019): `unpaid_invoices` counts invoices not cancelled whose succeeded payments do
 * not cover their amount; `active_students` the students whose status is active; `pending_receipts` the
 * card-to-card receipts waiting for a decision. Reading one is a primary-key lookup whatever the size of
 * the school.
 */
export const figures = pgTable('figures', {
  name: varchar('name', { length: 40 }).primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull(),
});
