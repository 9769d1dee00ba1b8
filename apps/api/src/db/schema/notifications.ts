import { NOTIFICATION_CHANNELS, NOTIFICATION_STATES } from '@madreseh/contract/notifications/notifications.contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, pgEnum, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, instantNow, ref } from './columns';
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
    id: id(),
    channel: notificationChannelEnum('channel').notNull(),
    /** In-app: the user who sees it. */
    userId: ref('user_id', () => users.id, 'cascade'),
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
    nextAttemptAt: instantNow('next_attempt_at'),
    claimedUntil: instant('claimed_until'),
    lastError: text('last_error'),
    provider: varchar('provider', { length: 20 }),
    providerMessageId: varchar('provider_message_id', { length: 100 }),
    readAt: instant('read_at'),
    ...createdAt(),
    sentAt: instant('sent_at'),
    deliveredAt: instant('delivered_at'),
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
  ...createdAt(),
});
