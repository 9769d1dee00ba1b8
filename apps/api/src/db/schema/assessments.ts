import { ASSESSMENT_KINDS } from '@madreseh/contract/assessments/assessments.contract';
import { sql } from 'drizzle-orm';
import { check, date, index, numeric, pgEnum, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';
import { id, instantNow, ref, requiredRef, timestamps } from './columns';
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
    id: id(),
    groupId: requiredRef('group_id', () => groups.id, 'cascade'),
    subjectId: requiredRef('subject_id', () => groupSubjects.id, 'cascade'),
    academicYear: smallint('academic_year').notNull(),
    kind: assessmentKindEnum('kind').notNull(),
    title: varchar('title', { length: 100 }).notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    maxScore: numeric('max_score', { precision: 5, scale: 2, mode: 'number' }).notNull().default(20),
    createdBy: ref('created_by', () => users.id, 'set null'),
    ...timestamps(),
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
    assessmentId: requiredRef('assessment_id', () => assessments.id, 'cascade'),
    studentId: requiredRef('student_id', () => students.id, 'cascade'),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    updatedAt: instantNow('updated_at'),
  },
  (t) => [
    primaryKey({ columns: [t.assessmentId, t.studentId] }),
    index('assessment_marks_student_idx').on(t.studentId),
    check('assessment_marks_score_check', sql`${t.score} >= 0`),
  ],
);
