import { asc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { groupSubjects, groups } from '../../db/schema/school';
import { teacherSubjects } from '../../db/schema/teachers';

/** What a (class, subject) a teacher teaches is shown with, wherever it is read. */
const teachingColumns = {
  groupId: teacherSubjects.groupId,
  groupName: groups.name,
  academicYear: teacherSubjects.academicYear,
  subjectId: teacherSubjects.subjectId,
  subjectName: groupSubjects.name,
};

/** School order: year, grade, class name, then the subject's place in the class. */
export const teachingOrder = [
  asc(groups.academicYear),
  asc(groups.gradeLevel),
  asc(groups.sortName),
  asc(groupSubjects.position),
];

/**
 * The (class, subject) pairs teachers teach, with the class and subject names and any `extra`
 * columns; the caller adds its own filter (and join to `teachers` when it filters by user).
 */
export function selectTeaching<T extends Record<string, AnyPgColumn | SQL | SQL.Aliased>>(db: Tx, extra: T) {
  return db
    .select({ ...teachingColumns, ...extra })
    .from(teacherSubjects)
    .innerJoin(groups, eq(groups.id, teacherSubjects.groupId))
    .innerJoin(groupSubjects, eq(groupSubjects.id, teacherSubjects.subjectId));
}
