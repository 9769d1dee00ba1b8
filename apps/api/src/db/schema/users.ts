import { ROLES } from '@madreseh/contract/roles';
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, instantNow, requiredRef, timestamps } from './columns';
import { persianSortKey } from './sort-key';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    fullName: varchar('full_name', { length: 200 }).notNull(),
    active: boolean('active').notNull().default(true),
    /** The full name in Persian alphabetical order (computed by the database). */
    sortName: persianSortKey('sort_name', 'full_name'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('users_username_key').on(t.username), index('users_role_idx').on(t.role)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    ...createdAt(),
    lastSeenAt: instantNow('last_seen_at'),
    expiresAt: instant('expires_at').notNull(),
    userAgent: varchar('user_agent', { length: 300 }),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * Sign-in slowing (decision 0010): consecutive failed sign-ins to one username, per bucket. The
 * bucket is '' for every device the account has not signed in from before, or the hash of a device
 * cookie the account did sign in from (so a stranger's guessing never slows the owner's own devices).
 * Keyed by the username as typed, whether or not such an account exists, so the answers are the same.
 */
export const loginThrottle = pgTable(
  'login_throttle',
  {
    username: varchar('username', { length: 64 }).notNull(),
    device: varchar('device', { length: 64 }).notNull().default(''),
    failures: integer('failures').notNull(),
    lastFailureAt: instant('last_failure_at').notNull(),
    /** No attempt is checked before this instant (null: none is waiting). */
    waitUntil: instant('wait_until'),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.device] }),
    index('login_throttle_last_failure_idx').on(t.lastFailureAt),
  ],
);

/** Devices (hash of the `device` cookie) an account has signed in from: they sign in past the address limit. */
export const loginDevices = pgTable(
  'login_devices',
  {
    deviceHash: varchar('device_hash', { length: 64 }).notNull(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    lastUsedAt: instantNow('last_used_at'),
  },
  (t) => [primaryKey({ columns: [t.deviceHash, t.userId] }), index('login_devices_last_used_idx').on(t.lastUsedAt)],
);
