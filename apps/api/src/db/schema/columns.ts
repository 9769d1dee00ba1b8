import { type AnyPgColumn, integer, timestamp, type UpdateDeleteAction } from 'drizzle-orm/pg-core';

/**
 * Column shapes the tables share, declared once. Each call returns fresh builders: a builder belongs
 * to the one table it is placed in.
 */

/** `id integer generated always as identity primary key`. */
export function id() {
  return integer('id').primaryKey().generatedAlwaysAsIdentity();
}

/** A `timestamptz`, null allowed: an instant that may not have happened yet. */
export function instant(name: string) {
  return timestamp(name, { withTimezone: true });
}

/** A `timestamptz not null default now()`. */
export function instantNow(name: string) {
  return instant(name).notNull().defaultNow();
}

/** `created_at`, set when the row is written. */
export function createdAt() {
  return { createdAt: instantNow('created_at') };
}

/** `created_at` and `updated_at`, both set when the row is written. */
export function timestamps() {
  return { ...createdAt(), updatedAt: instantNow('updated_at') };
}

/** An integer column referring to another row (`target`, usually its id), null allowed. */
export function ref(name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) {
  return integer(name).references(target, { onDelete });
}

/** An integer column referring to another row that every row has. */
export function requiredRef(name: string, target: () => AnyPgColumn, onDelete: UpdateDeleteAction) {
  return ref(name, target, onDelete).notNull();
}
