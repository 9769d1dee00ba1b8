import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id, instant, requiredRef, timestamps } from './columns';
import { groupSubjects, groups, students } from './school';

/** One student's report card of one class and term; students see it only once published. */
export const reportCards = pgTable(
  'report_cards',
  {
    id: id(),
    studentId: requiredRef('student_id', () => students.id, 'restrict'),
    groupId: requiredRef('group_id', () => groups.id, 'restrict'),
    academicYear: smallint('academic_year').notNull(),
    /** A key of TERMS in the contract: 'first', 'second' or a month. */
    term: varchar('term', { length: 20 }).notNull(),
    remarks: text('remarks'),
    /** Weighted average computed on the server when the grades are saved (numeric scale only). */
    average: numeric('average', { precision: 5, scale: 2, mode: 'number' }),
    published: boolean('published').notNull().default(false),
    publishedAt: instant('published_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('report_cards_student_group_term_key').on(t.studentId, t.groupId, t.term),
    index('report_cards_group_term_idx').on(t.groupId, t.term),
  ],
);

/** One subject's grade on a report card; name and weight are kept as they were when graded. */
export const reportCardGrades = pgTable(
  'report_card_grades',
  {
    id: id(),
    reportCardId: requiredRef('report_card_id', () => reportCards.id, 'cascade'),
    subjectId: requiredRef('subject_id', () => groupSubjects.id, 'restrict'),
    subjectName: varchar('subject_name', { length: 100 }).notNull(),
    weight: smallint('weight').notNull(),
    score: numeric('score', { precision: 4, scale: 2, mode: 'number' }),
    descriptive: varchar('descriptive', { length: 20 }),
  },
  (t) => [
    uniqueIndex('report_card_grades_card_subject_key').on(t.reportCardId, t.subjectId),
    index('report_card_grades_subject_idx').on(t.subjectId),
    check('report_card_grades_score_check', sql`${t.score} is null or ${t.score} between 0 and 20`),
    check('report_card_grades_value_check', sql`${t.score} is not null or ${t.descriptive} is not null`),
  ],
);
