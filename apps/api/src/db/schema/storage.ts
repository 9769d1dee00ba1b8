import { customType, integer, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** Binary data: a Buffer in the code, whichever driver (node-postgres answers Buffers, PGlite Uint8Arrays). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * Uploaded files kept in the database (UPLOADS_STORE=database, the default with DATABASE_URL), so
 * that every instance of the server reads what any of them stored, and a database backup holds them
 * (decision 0013). Names are the storage names the server makes (storage/storage.ts).
 */
export const storedFiles = pgTable('stored_files', {
  name: varchar('name', { length: 220 }).primaryKey(),
  size: integer('size').notNull(),
  data: bytea('data').notNull(),
  ...createdAt(),
});
