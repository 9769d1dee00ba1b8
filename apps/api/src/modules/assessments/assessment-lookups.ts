import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { assessmentMarks, assessments } from '../../db/schema/assessments';
import { groups, students } from '../../db/schema/school';
import { teacherSubjects, teachers } from '../../db/schema/teachers';
import { AppError } from '../../lib/errors';
import { studentNameColumns } from '../students/student-records';
import { selectTeaching } from '../teachers/teaching';
import { ASSESSMENT_MESSAGES } from './assessments.messages';

/**
 * What the assessment actions look up first: whose (class, subject) it is, the teacher's own assessment,
 * the class's students and the marks given.
 */

/** A (class, subject) the signed-in teacher teaches; anything else is not found (404). */
export async function assignmentOf(db: Tx, userId: number, groupId: number, subjectId: number) {
  const [row] = await selectTeaching(db, { usesMonthly: groups.usesMonthly })
    .innerJoin(teachers, eq(teachers.id, teacherSubjects.teacherId))
    .where(
      and(eq(teachers.userId, userId), eq(teacherSubjects.groupId, groupId), eq(teacherSubjects.subjectId, subjectId)),
    );
  if (!row) throw AppError.notFound(ASSESSMENT_MESSAGES.notYours);
  return row;
}

/** An assessment of a (class, subject) the teacher teaches; another teacher's is not found (404). */
export async function ownAssessment(db: Tx, userId: number, id: number) {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  if (!row) throw AppError.notFound(ASSESSMENT_MESSAGES.notFound);
  try {
    const assignment = await assignmentOf(db, userId, row.groupId, row.subjectId);
    return { row, assignment };
  } catch (err) {
    if (err instanceof AppError && err.status === 404) throw AppError.notFound(ASSESSMENT_MESSAGES.notFound);
    throw err;
  }
}

/** The class's students who are not archived, in Persian alphabetical order. */
export async function classStudents(db: Tx, groupId: number) {
  const rows = await db
    .select({ id: students.id, ...studentNameColumns })
    .from(students)
    .where(and(eq(students.groupId, groupId), ne(students.status, 'archived')))
    .orderBy(asc(students.sortName), asc(students.id));
  return rows.map((r) => ({ id: r.id, fullName: fullNameOf(r) }));
}

export async function marksOf(db: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      assessmentId: assessmentMarks.assessmentId,
      studentId: assessmentMarks.studentId,
      score: assessmentMarks.score,
    })
    .from(assessmentMarks)
    .where(inArray(assessmentMarks.assessmentId, ids));
}
