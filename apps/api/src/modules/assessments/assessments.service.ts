import {
  type Assessment,
  type assessmentCreateSchema,
  type assessmentFieldsSchema,
  type Markbook,
  type marksSaveSchema,
  parseMark,
} from '@madreseh/contract/assessments/assessments.contract';
import { academicYearRange, formatJalaliIso } from '@madreseh/contract/jalali';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { assessmentMarks, assessments } from '../../db/schema/assessments';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { assignmentOf, classStudents, marksOf, ownAssessment } from './assessment-lookups';
import { ASSESSMENT_MESSAGES } from './assessments.messages';
import { averagingRule } from './averaging-rule';

/**
 * A teacher's mark book of one (class, subject) and its assessments: adding, editing, deleting them and
 * saving their marks. Filling the term grades from them is in term-grade-filling.ts.
 */

type CreateBody = z.output<typeof assessmentCreateSchema>;
type FieldsBody = z.output<typeof assessmentFieldsSchema>;
type MarksBody = z.output<typeof marksSaveSchema>;

function assertInYear(academicYear: number, date: string) {
  const { from, to } = academicYearRange(academicYear);
  if (date < from || date > to) {
    const message = ASSESSMENT_MESSAGES.outsideYear(formatJalaliIso(from), formatJalaliIso(to));
    throw AppError.badRequest(message, { date: message });
  }
}

function toAssessment(
  row: typeof assessments.$inferSelect,
  marks: { assessmentId: number; studentId: number; score: number }[],
): Assessment {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    date: row.date,
    maxScore: row.maxScore,
    marks: Object.fromEntries(
      marks.filter((m) => m.assessmentId === row.id).map((m) => [String(m.studentId), m.score]),
    ),
  };
}

async function assessmentById(db: Tx, id: number): Promise<Assessment> {
  const [row] = await db.select().from(assessments).where(eq(assessments.id, id));
  if (!row) throw AppError.notFound(ASSESSMENT_MESSAGES.notFound);
  return toAssessment(row, await marksOf(db, [id]));
}

/** One (class, subject) of the teacher: students, assessments newest first with their marks, the rule. */
export async function markbook(db: Db, userId: number, groupId: number, subjectId: number): Promise<Markbook> {
  const a = await assignmentOf(db, userId, groupId, subjectId);
  const [people, rows, rule] = await Promise.all([
    classStudents(db, groupId),
    db
      .select()
      .from(assessments)
      .where(and(eq(assessments.groupId, groupId), eq(assessments.subjectId, subjectId)))
      .orderBy(desc(assessments.date), desc(assessments.id)),
    averagingRule(db),
  ]);
  const marks = await marksOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    group: { id: a.groupId, name: a.groupName, academicYear: a.academicYear, usesMonthly: a.usesMonthly },
    subject: { id: a.subjectId, name: a.subjectName },
    students: people,
    assessments: rows.map((r) => toAssessment(r, marks)),
    rule,
  };
}

export async function createAssessment(db: Db, actor: Actor, userId: number, body: CreateBody): Promise<Assessment> {
  return db.transaction(async (tx) => {
    const a = await assignmentOf(tx, userId, body.groupId, body.subjectId);
    assertInYear(a.academicYear, body.date);
    const [row] = await tx
      .insert(assessments)
      .values({
        groupId: a.groupId,
        subjectId: a.subjectId,
        academicYear: a.academicYear,
        kind: body.kind,
        title: body.title,
        date: body.date,
        maxScore: body.maxScore,
        createdBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('insert answered no row');
    await audit(tx, actor, 'create', 'assessment', row.id, {
      group: a.groupName,
      subject: a.subjectName,
      kind: body.kind,
      title: body.title,
      date: body.date,
      maxScore: body.maxScore,
    });
    return toAssessment(row, []);
  });
}

export async function updateAssessment(
  db: Db,
  actor: Actor,
  userId: number,
  id: number,
  body: FieldsBody,
): Promise<Assessment> {
  return db.transaction(async (tx) => {
    const { row, assignment } = await ownAssessment(tx, userId, id);
    assertInYear(assignment.academicYear, body.date);
    const [top] = await tx
      .select({ max: sql<number | null>`max(${assessmentMarks.score})::float8` })
      .from(assessmentMarks)
      .where(eq(assessmentMarks.assessmentId, id));
    if (top?.max != null && top.max > body.maxScore) {
      throw AppError.badRequest(ASSESSMENT_MESSAGES.maxBelowMarks, { maxScore: ASSESSMENT_MESSAGES.maxBelowMarks });
    }
    await tx
      .update(assessments)
      .set({ ...body, updatedAt: sql`now()` })
      .where(eq(assessments.id, id));
    await audit(tx, actor, 'update', 'assessment', id, changedFields(row, body, ['kind', 'title', 'date', 'maxScore']));
    return assessmentById(tx, id);
  });
}

export async function deleteAssessment(db: Db, actor: Actor, userId: number, id: number): Promise<{ ok: true }> {
  return db.transaction(async (tx) => {
    const { row, assignment } = await ownAssessment(tx, userId, id);
    const marks = await marksOf(tx, [id]);
    await tx.delete(assessments).where(eq(assessments.id, id));
    await audit(tx, actor, 'delete', 'assessment', id, {
      group: assignment.groupName,
      subject: assignment.subjectName,
      kind: row.kind,
      title: row.title,
      date: row.date,
      marks: marks.length,
    });
    return { ok: true as const };
  });
}

const MAX_AUDITED_MARKS = 40;

/**
 * Saves the marks given, all or nothing: each from 0 to the assessment's max (Persian digits and any
 * decimal mark welcome), blank for not taken. Students not in the list keep their marks.
 */
export async function saveMarks(
  db: Db,
  actor: Actor,
  userId: number,
  id: number,
  body: MarksBody,
): Promise<Assessment> {
  return db.transaction(async (tx) => {
    const { row } = await ownAssessment(tx, userId, id);
    const people = await classStudents(tx, row.groupId);
    const nameOf = new Map(people.map((p) => [p.id, p.fullName]));
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    const parsed = body.marks.map((m, i) => {
      if (!nameOf.has(m.studentId)) fields[`marks.${i}.studentId`] = ASSESSMENT_MESSAGES.notInClass;
      else if (seen.has(m.studentId)) fields[`marks.${i}.studentId`] = ASSESSMENT_MESSAGES.twice;
      seen.add(m.studentId);
      const blank = m.score === null || (typeof m.score === 'string' && m.score.trim() === '');
      if (blank) return { studentId: m.studentId, score: null };
      const score = parseMark(m.score as string | number, row.maxScore);
      if (score === null) fields[`marks.${i}.score`] = ASSESSMENT_MESSAGES.badMark(row.maxScore);
      return { studentId: m.studentId, score };
    });
    if (Object.keys(fields).length) throw AppError.badRequest(ASSESSMENT_MESSAGES.badMarks, fields);

    const before = new Map((await marksOf(tx, [id])).map((m) => [m.studentId, m.score]));
    const cleared = parsed.filter((p) => p.score === null).map((p) => p.studentId);
    if (cleared.length) {
      await tx
        .delete(assessmentMarks)
        .where(and(eq(assessmentMarks.assessmentId, id), inArray(assessmentMarks.studentId, cleared)));
    }
    const given = parsed.flatMap((p) => (p.score === null ? [] : [{ studentId: p.studentId, score: p.score }]));
    if (given.length) {
      await tx
        .insert(assessmentMarks)
        .values(given.map((g) => ({ assessmentId: id, studentId: g.studentId, score: g.score })))
        .onConflictDoUpdate({
          target: [assessmentMarks.assessmentId, assessmentMarks.studentId],
          set: { score: sql`excluded.score`, updatedAt: sql`now()` },
        });
    }
    const was: Record<string, unknown> = {};
    const now: Record<string, unknown> = {};
    for (const p of parsed) {
      const who = nameOf.get(p.studentId) ?? String(p.studentId);
      was[who] = before.get(p.studentId) ?? null;
      now[who] = p.score;
    }
    const changes = Object.entries(changedFields(was, now));
    await audit(tx, actor, 'save-marks', 'assessment', id, {
      title: row.title,
      ...Object.fromEntries(changes.slice(0, MAX_AUDITED_MARKS)),
      ...(changes.length > MAX_AUDITED_MARKS ? { more: changes.length - MAX_AUDITED_MARKS } : {}),
    });
    return assessmentById(tx, id);
  });
}
