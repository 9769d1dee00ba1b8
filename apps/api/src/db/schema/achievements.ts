import { date, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/** An achievement of the school or its students, shown on the public site in `position` order. */
export const achievements = pgTable(
  'achievements',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    /** Calendar date (ISO), shown Jalali. */
    date: date('date', { mode: 'string' }).notNull(),
    imageKey: varchar('image_key', { length: 200 }),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('achievements_order_idx').on(t.position, t.id)],
);
