import { PRE_REGISTER_STATUSES } from '@madreseh/contract/pre-register/pre-register.contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  numeric,
  pgEnum,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, id, instant, ref } from './columns';
import { genderEnum } from './school';
import { persianSortKey } from './sort-key';
import { users } from './users';

export const preRegisterStatusEnum = pgEnum('pre_register_status', PRE_REGISTER_STATUSES);

/** A pre-registration request sent from the public site for one academic year. */
export const preRegistrations = pgTable(
  'pre_registrations',
  {
    id: id(),
    /** Eight random digits the family keeps to look the request up (with the national code); older rows have ten. */
    trackingCode: varchar('tracking_code', { length: 10 }).notNull(),
    academicYear: smallint('academic_year').notNull(),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    nationalCode: varchar('national_code', { length: 10 }).notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: genderEnum('gender').notNull(),
    grade: smallint('grade').notNull(),
    previousSchool: varchar('previous_school', { length: 150 }).notNull().default(''),
    lastAverage: numeric('last_average', { precision: 4, scale: 2 }),
    fatherName: varchar('father_name', { length: 100 }).notNull(),
    fatherMobile: varchar('father_mobile', { length: 11 }).notNull(),
    fatherJob: varchar('father_job', { length: 100 }).notNull().default(''),
    motherName: varchar('mother_name', { length: 100 }).notNull(),
    motherMobile: varchar('mother_mobile', { length: 11 }).notNull().default(''),
    motherJob: varchar('mother_job', { length: 100 }).notNull().default(''),
    phone: varchar('phone', { length: 12 }).notNull().default(''),
    address: varchar('address', { length: 500 }).notNull(),
    notes: text('notes').notNull().default(''),
    status: preRegisterStatusEnum('status').notNull().default('new'),
    adminNote: text('admin_note').notNull().default(''),
    statusChangedAt: instant('status_changed_at'),
    statusChangedBy: ref('status_changed_by', () => users.id, 'set null'),
    /** Names, national code and tracking code normalised for search. */
    searchText: text('search_text').notNull().default(''),
    /** Surname then name in Persian alphabetical order (computed by the database). */
    sortName: persianSortKey('sort_name', 'last_name', 'first_name'),
    ...createdAt(),
  },
  (t) => [
    uniqueIndex('pre_registrations_tracking_key').on(t.trackingCode),
    // Not unique: a second form for the same national code is kept as its own record with its own
    // tracking code, so the answer never tells a stranger whether a national code has registered.
    index('pre_registrations_national_year_idx').on(t.nationalCode, t.academicYear),
    index('pre_registrations_created_idx').on(t.createdAt),
    index('pre_registrations_sort_name_idx').on(t.sortName, t.id),
    index('pre_registrations_status_idx').on(t.status, t.grade),
    check('pre_registrations_grade_check', sql`${t.grade} between 1 and 12`),
    check('pre_registrations_average_check', sql`${t.lastAverage} is null or ${t.lastAverage} between 0 and 20`),
  ],
);
