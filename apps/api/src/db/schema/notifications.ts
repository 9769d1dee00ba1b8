import { NOTIFICATION_CHANNELS, NOTIFICATION_STATES } from '@madreseh/contract/notifications/notifications.contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from './users';

export const notificationChannelEnum = pgEnum('notification_channel', NOTIFICATION_CHANNELS);
export const notificationStateEnum = pgEnum('notification_state', NOTIFICATION_STATES);

/**
 * The outbox: one row per message to one recipient on one channel, written in the transaction of
 * the event it tells about. In-app rows are readable at once; SMS rows wait for the sender job,
 * which claims them (claimed_until), sends outside any transaction and settles them.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: notificationChannelEnum('channel').notNull(),
    /** In-app: the user who sees it. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SMS: the number it goes to (09xxxxxxxxx). */
    mobile: varchar('mobile', { length: 11 }),
    template: varchar('template', { length: 40 }).notNull(),
    body: text('body').notNull(),
    essential: boolean('essential').notNull().default(false),
    /** Event, recipient and channel: the same event never makes a second row for the same person. */
    idempotencyKey: varchar('idempotency_key', { length: 200 }).notNull(),
    state: notificationStateEnum('state').notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    parts: smallint('parts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    provider: varchar('provider', { length: 20 }),
    providerMessageId: varchar('provider_message_id', { length: 100 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_idempotency_key').on(t.idempotencyKey),
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'queued'`),
    index('notifications_sent_at_idx').on(t.sentAt),
    check(
      'notifications_recipient_check',
      sql`(${t.channel} = 'in_app' and ${t.userId} is not null) or (${t.channel} = 'sms' and ${t.mobile} is not null)`,
    ),
  ],
);

/** Numbers that turned non-essential SMS off; payment and security messages still go. */
export const smsOptOuts = pgTable('sms_opt_outs', {
  mobile: varchar('mobile', { length: 11 }).primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
