import { GENDERS } from '@madreseh/contract/genders';
import { GRADING_SCALES } from '@madreseh/contract/groups/groups.contract';
import { STUDENT_STATUSES } from '@madreseh/contract/students/students.contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { id, ref, requiredRef, timestamps } from './columns';
import { persianSortKey } from './sort-key';
import { users } from './users';

export const gradingScaleEnum = pgEnum('grading_scale', GRADING_SCALES);
export const studentStatusEnum = pgEnum('student_status', STUDENT_STATUSES);
export const genderEnum = pgEnum('gender', GENDERS);

/** A class (the spec's "group"), e.g. «هفتم الف» of academic year 1405 (Mehr 1405 – Khordad 1406). */
export const groups = pgTable(
  'groups',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    gradeLevel: smallint('grade_level').notNull(),
    /** The Jalali year the school year starts in (Mehr): 1405 means 1405–1406. */
    academicYear: smallint('academic_year').notNull(),
    gradingScale: gradingScaleEnum('grading_scale').notNull().default('numeric'),
    passMark: numeric('pass_mark', { precision: 4, scale: 2 }).notNull().default('10'),
    usesMonthly: boolean('uses_monthly').notNull().default(false),
    /** The name in Persian alphabetical order (computed by the database). */
    sortName: persianSortKey('sort_name', 'name'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('groups_name_year_key').on(t.name, t.academicYear),
    check('groups_grade_level_check', sql`${t.gradeLevel} between 1 and 12`),
  ],
);

/** A subject taught in a class, with its weight (ضریب) in the weighted average. */
export const groupSubjects = pgTable(
  'group_subjects',
  {
    id: id(),
    groupId: requiredRef('group_id', () => groups.id, 'cascade'),
    name: varchar('name', { length: 100 }).notNull(),
    weight: smallint('weight').notNull().default(1),
    position: smallint('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('group_subjects_group_name_key').on(t.groupId, t.name),
    check('group_subjects_weight_check', sql`${t.weight} between 1 and 20`),
  ],
);

/** A student: a person with a login (users row, role student) and a school record. */
export const students = pgTable(
  'students',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    nationalCode: varchar('national_code', { length: 10 }).notNull(),
    studentNumber: varchar('student_number', { length: 30 }),
    groupId: ref('group_id', () => groups.id, 'set null'),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: genderEnum('gender'),
    fatherName: varchar('father_name', { length: 100 }),
    parentMobile: varchar('parent_mobile', { length: 11 }),
    mobile: varchar('mobile', { length: 11 }),
    address: text('address'),
    /** Storage key of the profile photo (through the image pipeline), if any. */
    photoKey: varchar('photo_key', { length: 200 }),
    status: studentStatusEnum('status').notNull().default('active'),
    /** Names, national code and student number normalised (ی/ک, Latin digits) for search. */
    searchText: text('search_text').notNull().default(''),
    /** Surname then name in Persian alphabetical order (computed by the database). */
    sortName: persianSortKey('sort_name', 'last_name', 'first_name'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('students_user_key').on(t.userId),
    uniqueIndex('students_national_code_key').on(t.nationalCode),
    uniqueIndex('students_student_number_key').on(t.studentNumber),
    index('students_group_idx').on(t.groupId),
    index('students_status_idx').on(t.status),
    // The list's default order (surname, name in Persian order), so a page is read in order instead of sorting the school.
    index('students_sort_name_idx').on(t.sortName, t.id),
  ],
);
