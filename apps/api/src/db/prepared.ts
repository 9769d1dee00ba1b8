import type { Db } from './client';

/**
 * One value per database, made on first use: prepared statements (Drizzle builds their SQL text once, and
 * node-postgres prepares them once per connection) and per-database caches. Only for the database itself,
 * never a transaction: a statement prepared here runs outside any transaction.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let v = made.get(db);
    if (v === undefined) {
      v = make(db);
      made.set(db, v);
    }
    return v;
  };
}
