import { jalaliMonthLength, jalaliToIso } from '@madreseh/contract/jalali';
import {
  DESCRIPTIVE_GRADES,
  type DescriptiveGrade,
  type ReportCard,
} from '@madreseh/contract/report-cards/report-cards.contract';
import { TERM_MONTHS, TERMS, type Term } from '@madreseh/contract/terms';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, eq, type Placeholder, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { attendance } from '../../db/schema/attendance';
import { reportCardGrades, reportCards } from '../../db/schema/report-cards';
import { groupSubjects, groups } from '../../db/schema/school';
import { studentOfUser } from '../students/student-records';

/** The published report cards a student or parent reads, with the term's attendance, and the latest average. */

const termIndex = (t: string) => TERMS.indexOf(t as Term);

const cardColumns = {
  id: reportCards.id,
  academicYear: reportCards.academicYear,
  term: reportCards.term,
  average: reportCards.average,
  remarks: reportCards.remarks,
  publishedAt: reportCards.publishedAt,
  groupId: reportCards.groupId,
  groupName: groups.name,
  gradeLevel: groups.gradeLevel,
  gradingScale: groups.gradingScale,
  passMark: groups.passMark,
};
const published = (studentId: number | Placeholder) =>
  and(eq(reportCards.studentId, studentId), eq(reportCards.published, true));
const latestFirst = <C extends { academicYear: number; term: string }>(a: C, b: C) =>
  b.academicYear - a.academicYear || termIndex(b.term) - termIndex(a.term);

/** The published cards of a student, latest first (by school year, then by term within the year). */
async function publishedCards(db: Tx, studentId: number) {
  const rows = await db
    .select(cardColumns)
    .from(reportCards)
    .innerJoin(groups, eq(groups.id, reportCards.groupId))
    .where(published(studentId));
  return rows.sort(latestFirst);
}

export async function latestPublishedAverage(
  db: Tx,
  studentId: number,
): Promise<{ term: string; academicYear: number; average: number | null } | null> {
  const [latest] = await publishedCards(db, studentId);
  return latest ? { term: latest.term, academicYear: latest.academicYear, average: latest.average } : null;
}

/**
 * Every published card of a student with its grades, in one statement (prepared once per database). The
 * grades are a lateral join, read card by card through their index, so the plan cannot become a scan of
 * every grade of the school when the planner lacks statistics.
 */
const cardsWithGrades = perDatabase((db) => {
  const grade = db
    .select({
      name: reportCardGrades.subjectName,
      weight: reportCardGrades.weight,
      score: reportCardGrades.score,
      descriptive: reportCardGrades.descriptive,
      position: groupSubjects.position,
      subjectId: groupSubjects.id,
    })
    .from(reportCardGrades)
    .innerJoin(groupSubjects, eq(groupSubjects.id, reportCardGrades.subjectId))
    .where(eq(reportCardGrades.reportCardId, reportCards.id))
    .as('grade');
  return db
    .select({
      ...cardColumns,
      subject: { name: grade.name, weight: grade.weight, score: grade.score, descriptive: grade.descriptive },
    })
    .from(reportCards)
    .innerJoin(groups, eq(groups.id, reportCards.groupId))
    .leftJoinLateral(grade, sql`true`)
    .where(published(sql.placeholder('studentId')))
    .orderBy(asc(reportCards.id), asc(grade.position), asc(grade.subjectId))
    .prepare('student_report_cards');
});

/** The caller's published report card: the one asked for, or the latest. The student comes from the session. */
export async function myReportCard(
  db: Db,
  auth: Pick<AuthContext, 'userId'>,
  query: { academicYear?: number; term?: Term },
): Promise<{ card: ReportCard | null; terms: { academicYear: number; term: Term }[] }> {
  const student = await studentOfUser(db, auth.userId);
  const rows = await cardsWithGrades(db).execute({ studentId: student.id });
  const byCard = new Map<number, (typeof rows)[number] & { grades: NonNullable<(typeof rows)[number]['subject']>[] }>();
  for (const r of rows) {
    let card = byCard.get(r.id);
    if (!card) {
      card = { ...r, grades: [] };
      byCard.set(r.id, card);
    }
    if (r.subject) card.grades.push(r.subject);
  }
  const cards = [...byCard.values()].sort(latestFirst);
  const terms = cards.map((c) => ({ academicYear: c.academicYear, term: c.term as Term }));
  const chosen =
    query.term || query.academicYear
      ? cards.find(
          (c) =>
            (query.term === undefined || c.term === query.term) &&
            (query.academicYear === undefined || c.academicYear === query.academicYear),
        )
      : cards[0];
  if (!chosen) return { card: null, terms };
  const grades = chosen.grades;
  const passMark = Number(chosen.passMark);
  const numeric = chosen.gradingScale === 'numeric';
  return {
    card: {
      id: chosen.id,
      studentName: fullNameOf(student),
      studentNumber: student.studentNumber,
      fatherName: student.fatherName,
      nationalCode: student.nationalCode,
      groupName: chosen.groupName,
      gradeLevel: chosen.gradeLevel,
      academicYear: chosen.academicYear,
      term: chosen.term as Term,
      gradingScale: chosen.gradingScale,
      passMark,
      subjects: grades.map((g) => ({
        name: g.name,
        weight: g.weight,
        score: g.score,
        descriptive: (DESCRIPTIVE_GRADES as readonly string[]).includes(g.descriptive ?? '')
          ? (g.descriptive as DescriptiveGrade)
          : null,
        passed: numeric && g.score !== null ? g.score >= passMark : null,
      })),
      average: chosen.average,
      passed: numeric && chosen.average !== null ? chosen.average >= passMark : null,
      remarks: chosen.remarks,
      publishedAt: chosen.publishedAt?.toISOString() ?? null,
      attendance: await termAttendance(db, student.id, chosen.academicYear, chosen.term as Term),
    },
    terms,
  };
}

/**
 * A student's attendance over a term's months, for the report card: days with an absence (in any
 * period) and marks of lateness. Read from the attendance table (its own module keeps the rules).
 */
async function termAttendance(db: Tx, studentId: number, academicYear: number, term: Term) {
  const { from, to } = TERM_MONTHS[term];
  const first = jalaliToIso(academicYear + from[0], from[1], 1);
  const last = jalaliToIso(academicYear + to[0], to[1], jalaliMonthLength(academicYear + to[0], to[1]));
  const [row] = await db
    .select({
      absentDays: sql<number>`(count(distinct ${attendance.date}) filter (where ${attendance.state} = 'absent'))::int`,
      lates: sql<number>`(count(*) filter (where ${attendance.state} = 'late'))::int`,
    })
    .from(attendance)
    .where(and(eq(attendance.studentId, studentId), sql`${attendance.date} between ${first} and ${last}`));
  return { absentDays: row?.absentDays ?? 0, lates: row?.lates ?? 0 };
}
