import { academicYearOf } from '@madreseh/contract/jalali';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { groupSubjects, groups } from '../../db/schema/school';
import { teacherSubjects, teachers } from '../../db/schema/teachers';

/** The demo teacher: teacher1 teaches mathematics and science in «هفتم الف», student1's class. */
export const DEMO_TEACHER = {
  username: 'teacher1',
  firstName: 'زینب',
  lastName: 'موسوی',
  mobile: '09121234567',
  nationalCode: '0012345679',
  subjects: ['ریاضی', 'علوم تجربی'],
  groupName: 'هفتم الف',
} as const;

export async function seedTeacherDemo(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const userId = userIds.get(DEMO_TEACHER.username);
  if (!userId) return;
  const { subjects, groupName, username: _u, ...record } = DEMO_TEACHER;
  const [teacher] = await tx
    .insert(teachers)
    .values({ ...record, userId })
    .returning({ id: teachers.id });
  if (!teacher) throw new Error('insert answered no row');
  const year = academicYearOf().start;
  const rows = await tx
    .select({ id: groupSubjects.id, groupId: groups.id })
    .from(groupSubjects)
    .innerJoin(groups, eq(groups.id, groupSubjects.groupId))
    .where(and(eq(groups.name, groupName), eq(groups.academicYear, year), inArray(groupSubjects.name, [...subjects])));
  if (rows.length) {
    await tx
      .insert(teacherSubjects)
      .values(rows.map((r) => ({ teacherId: teacher.id, subjectId: r.id, groupId: r.groupId, academicYear: year })));
  }
}
