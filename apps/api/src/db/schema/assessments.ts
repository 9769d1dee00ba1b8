import { ASSESSMENT_KINDS } from '@madreseh/contract/assessments/assessments.contract';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { groupSubjects, groups, students } from './school';
import { users } from './users';

export const assessmentKindEnum = pgEnum('assessment_kind', ASSESSMENT_KINDS);

/**
 * One continuous assessment (a quiz, homework, an oral question, …) or term exam of a (class,
 * subject): it belongs to the subject, not to the teacher, so a new teacher of the subject keeps it.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => groupSubjects.id, { onDelete: 'cascade' }),
    academicYear: smallint('academic_year').notNull(),
    kind: assessmentKindEnum('kind').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    maxScore: numeric('max_score', { precision: 5, scale: 2, mode: 'number' }).notNull().default(20),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assessments_subject_date_idx').on(t.subjectId, t.date),
    check('assessments_max_score_check', sql`${t.maxScore} > 0 and ${t.maxScore} <= 100`),
  ],
);

/** A student's mark on an assessment; no row means not taken. */
export const assessmentMarks = pgTable(
  'assessment_marks',
  {
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.studentId] }),
    index('assessment_marks_student_idx').on(t.studentId),
    check('assessment_marks_score_check', sql`${t.score} >= 0`),
  ],
);
