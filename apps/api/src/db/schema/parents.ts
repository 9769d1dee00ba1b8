import { PARENT_RELATIONS } from '@madreseh/contract/parents/parents.contract';
import { index, integer, pgEnum, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, requiredRef, timestamps } from './columns';
import { students } from './school';
import { users } from './users';

export const parentRelationEnum = pgEnum('parent_relation', PARENT_RELATIONS);

/** A parent: a login (users row, role parent, the mobile as username) and a name. */
export const parents = pgTable('parents', {
  id: id(),
  userId: integer('user_id')
    .notNull()
    .unique('parents_user_key')
    .references(() => users.id, { onDelete: 'restrict' }),
  mobile: varchar('mobile', { length: 11 }).notNull().unique('parents_mobile_key'),
  fullName: varchar('full_name', { length: 200 }).notNull(),
  /** Optional: an imported parent is known by the mobile only until staff complete the record. */
  nationalCode: varchar('national_code', { length: 10 }).unique('parents_national_code_key'),
  ...timestamps(),
});

/** Which children a parent reaches, and how they are related. */
export const parentStudents = pgTable(
  'parent_students',
  {
    parentId: requiredRef('parent_id', () => parents.id, 'cascade'),
    studentId: requiredRef('student_id', () => students.id, 'cascade'),
    relation: parentRelationEnum('relation').notNull(),
    ...createdAt(),
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
    id: id(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    /** `salt:sha256(salt:code)`, hex. */
    codeHash: varchar('code_hash', { length: 120 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    /** Wrong codes tried against this one; at the limit it is spent. */
    attempts: smallint('attempts').notNull().default(0),
    ...createdAt(),
  },
  (t) => [index('otp_codes_mobile_idx').on(t.mobile, t.createdAt)],
);
