import {
  type FillBody,
  type TakenMark,
  termGradeOf,
  termRange,
} from '@madreseh/contract/assessments/assessments.contract';
import type { Grid } from '@madreseh/contract/report-cards/report-cards.contract';
import type { Term } from '@madreseh/contract/terms';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assessments } from '../../db/schema/assessments';
import { reportCards } from '../../db/schema/report-cards';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { saveGrid } from '../report-cards/grid-saving';
import { limitGrid, subjectsOfTeacherInGroup, TEACHER_MESSAGES } from '../teachers/teachers.service';
import { assignmentOf, classStudents, marksOf } from './assessment-lookups';
import { ASSESSMENT_MESSAGES } from './assessments.messages';
import { averagingRule } from './averaging-rule';

/**
 * Fills one subject's term grades from the assessments dated in the term, by the school's rule:
 * each student with a grade to give gets it (replacing what the cell held), the others keep theirs.
 * A published term is refused (409) like any teacher save; the grades stay editable afterwards.
 */
export async function fillFromAssessments(
  db: Db,
  actor: Actor,
  userId: number,
  body: FillBody & { term: Term },
): Promise<{ grid: Grid; filled: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const a = await assignmentOf(tx, userId, body.groupId, body.subjectId);
    const [published] = await tx
      .select({ id: reportCards.id })
      .from(reportCards)
      .where(and(eq(reportCards.groupId, a.groupId), eq(reportCards.term, body.term), eq(reportCards.published, true)))
      .limit(1);
    if (published) throw AppError.conflict(TEACHER_MESSAGES.published);
    const { from, to } = termRange(a.academicYear, body.term);
    const [people, rule, inTerm] = await Promise.all([
      classStudents(tx, a.groupId),
      averagingRule(tx),
      tx
        .select({ id: assessments.id, kind: assessments.kind, maxScore: assessments.maxScore })
        .from(assessments)
        .where(
          and(
            eq(assessments.groupId, a.groupId),
            eq(assessments.subjectId, a.subjectId),
            sql`${assessments.date} between ${from} and ${to}`,
          ),
        ),
    ]);
    const byId = new Map(inTerm.map((x) => [x.id, x]));
    const marks = await marksOf(tx, [...byId.keys()]);
    const examHeld = inTerm.some((x) => x.kind === 'exam');
    const rows = people.flatMap((p) => {
      const taken: TakenMark[] = marks.flatMap((m) => {
        const x = byId.get(m.assessmentId);
        return m.studentId === p.id && x ? [{ kind: x.kind, score: m.score, maxScore: x.maxScore }] : [];
      });
      const grade = termGradeOf(taken, rule, body.term, examHeld);
      return grade === null
        ? []
        : [{ studentId: p.id, grades: [{ subjectId: a.subjectId, value: grade }], remarks: null }];
    });
    if (rows.length === 0) throw AppError.conflict(ASSESSMENT_MESSAGES.nothingToFill);
    const saved = await saveGrid(
      tx as Db,
      actor,
      { groupId: a.groupId, term: body.term, rows },
      { keepRemarks: true, refusePublished: TEACHER_MESSAGES.published },
    );
    await audit(tx, actor, 'fill-grades', 'group', a.groupId, {
      subject: a.subjectName,
      term: body.term,
      rule,
      filled: rows.length,
      skipped: people.length - rows.length,
    });
    return {
      grid: limitGrid(saved, await subjectsOfTeacherInGroup(tx, userId, a.groupId)),
      filled: rows.length,
      skipped: people.length - rows.length,
    };
  });
}
