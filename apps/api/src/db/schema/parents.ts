import { PARENT_RELATIONS } from '@madreseh/contract/parents/parents.contract';
import { index, integer, pgEnum, pgTable, primaryKey, smallint, timestamp, varchar } from 'drizzle-orm/pg-core';
import { students } from './school';
import { users } from './users';

export const parentRelationEnum = pgEnum('parent_relation', PARENT_RELATIONS);

/** A parent: a login (users row, role parent, the mobile as username) and a name. */
export const parents = pgTable('parents', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  userId: integer('user_id')
    .notNull()
    .unique('parents_user_key')
    .references(() => users.id, { onDelete: 'restrict' }),
  mobile: varchar('mobile', { length: 11 }).notNull().unique('parents_mobile_key'),
  fullName: varchar('full_name', { length: 200 }).notNull(),
  /** Optional: an imported parent is known by the mobile only until staff complete the record. */
  nationalCode: varchar('national_code', { length: 10 }).unique('parents_national_code_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which children a parent reaches, and how they are related. */
export const parentStudents = pgTable(
  'parent_students',
  {
    parentId: integer('parent_id')
      .notNull()
      .references(() => parents.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    relation: parentRelationEnum('relation').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.parentId, t.studentId] }), index('parent_students_student_idx').on(t.studentId)],
);

/**
 * One-time sign-in codes for parents (6 digits, 2 minutes, single use). Only a salted hash of the
 * code is kept; the code itself is never stored or logged.
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** `salt:sha256(salt:code)`, hex. */
    codeHash: varchar('code_hash', { length: 120 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong codes tried against this one; at the limit it is spent. */
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('otp_codes_mobile_idx').on(t.mobile, t.createdAt)],
);
