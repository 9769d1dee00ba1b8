import { index, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, requiredRef, timestamps } from './columns';
import { groupSubjects, groups } from './school';
import { persianSortKey } from './sort-key';
import { users } from './users';

/** A teacher: a person with a login (users row, role teacher, the mobile as username) and a school record. */
export const teachers = pgTable(
  'teachers',
  {
    id: id(),
    userId: requiredRef('user_id', () => users.id, 'restrict'),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    nationalCode: varchar('national_code', { length: 10 }).notNull(),
    /** Surname then name in Persian alphabetical order (computed by the database). */
    sortName: persianSortKey('sort_name', 'last_name', 'first_name'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('teachers_user_key').on(t.userId),
    uniqueIndex('teachers_mobile_key').on(t.mobile),
    uniqueIndex('teachers_national_code_key').on(t.nationalCode),
  ],
);

/**
 * A teacher's (class, subject) pair for the class's academic year. A subject of a class has one
 * teacher; a teacher has any number of subjects, in any classes.
 */
export const teacherSubjects = pgTable(
  'teacher_subjects',
  {
    id: id(),
    teacherId: requiredRef('teacher_id', () => teachers.id, 'cascade'),
    groupId: requiredRef('group_id', () => groups.id, 'cascade'),
    subjectId: requiredRef('subject_id', () => groupSubjects.id, 'cascade'),
    academicYear: smallint('academic_year').notNull(),
    ...createdAt(),
  },
  (t) => [
    uniqueIndex('teacher_subjects_subject_key').on(t.subjectId),
    index('teacher_subjects_teacher_idx').on(t.teacherId),
    index('teacher_subjects_group_idx').on(t.groupId),
  ],
);
