import type { ContinuousKind } from '@madreseh/contract/assessments/assessments.contract';
import { academicYearRange, todayIso } from '@madreseh/contract/jalali';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { assessmentMarks, assessments } from '../../db/schema/assessments';
import { groupSubjects, groups, students } from '../../db/schema/school';
import { DEMO_TEACHER } from '../teachers/teachers.seed';

const DAY = 86_400_000;
const isoDaysBefore = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) - n * DAY).toISOString().slice(0, 10);

/** A few assessments of each kind, days before today, per subject of teacher1. */
const DEMO_ASSESSMENTS: Record<string, { kind: ContinuousKind; title: string; daysAgo: number; maxScore: number }[]> = {
  ریاضی: [
    { kind: 'quiz', title: 'آزمونک عددهای صحیح', daysAgo: 40, maxScore: 20 },
    { kind: 'homework', title: 'تمرین‌های فصل ۲', daysAgo: 26, maxScore: 10 },
    { kind: 'oral', title: 'پرسش از جبر', daysAgo: 12, maxScore: 20 },
  ],
  'علوم تجربی': [
    { kind: 'activity', title: 'گزارش آزمایش مخلوط‌ها', daysAgo: 33, maxScore: 20 },
    { kind: 'quiz', title: 'آزمونک اتم‌ها', daysAgo: 9, maxScore: 20 },
  ],
};

/** Demo marks of teacher1's subjects in her class: everyone marked, one student missing one quiz. */
export async function seedAssessmentsDemo(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const teacherUser = userIds.get(DEMO_TEACHER.username);
  const [group] = await tx
    .select({ id: groups.id, academicYear: groups.academicYear })
    .from(groups)
    .where(eq(groups.name, DEMO_TEACHER.groupName));
  if (!teacherUser || !group) return;
  const subjects = await tx
    .select({ id: groupSubjects.id, name: groupSubjects.name })
    .from(groupSubjects)
    .where(and(eq(groupSubjects.groupId, group.id), inArray(groupSubjects.name, Object.keys(DEMO_ASSESSMENTS))));
  const members = await tx
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.groupId, group.id), ne(students.status, 'archived')))
    .orderBy(asc(students.sortName), asc(students.id));
  const { from } = academicYearRange(group.academicYear);
  const today = todayIso();
  const scores = [18, 19.5, 16, 20, 14.5, 17.25, 12, 19];
  for (const subject of subjects) {
    for (const [ai, demo] of (DEMO_ASSESSMENTS[subject.name] ?? []).entries()) {
      const date = isoDaysBefore(today, demo.daysAgo);
      const [row] = await tx
        .insert(assessments)
        .values({
          groupId: group.id,
          subjectId: subject.id,
          academicYear: group.academicYear,
          kind: demo.kind,
          title: demo.title,
          date: date < from ? from : date,
          maxScore: demo.maxScore,
          createdBy: teacherUser,
        })
        .returning({ id: assessments.id });
      if (!row || members.length === 0) continue;
      const marks = members.flatMap((m, mi) => {
        // The last student was away for the first assessment of each subject.
        if (ai === 0 && mi === members.length - 1) return [];
        const score = Math.round(((scores[(mi * 3 + ai + subject.id) % scores.length] ?? 15) * demo.maxScore) / 5) / 4;
        return [{ assessmentId: row.id, studentId: m.id, score }];
      });
      if (marks.length) await tx.insert(assessmentMarks).values(marks);
    }
  }
}
