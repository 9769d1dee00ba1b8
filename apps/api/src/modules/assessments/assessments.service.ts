import {
  type Assessment,
  type AveragingRule,
  type assessmentCreateSchema,
  type assessmentFieldsSchema,
  averagingRuleSchema,
  DEFAULT_AVERAGING_RULE,
  type FillBody,
  type Markbook,
  type marksSaveSchema,
  parseMark,
  type TakenMark,
  termGradeOf,
  termRange,
} from '@madreseh/contract/assessments/assessments.contract';
import { academicYearRange, formatJalaliIso } from '@madreseh/contract/jalali';
import type { Grid, Term } from '@madreseh/contract/report-cards/report-cards.contract';
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { assessmentMarks, assessments } from '../../db/schema/assessments';
import { reportCards } from '../../db/schema/report-cards';
import { groupSubjects, groups, students } from '../../db/schema/school';
import { settings } from '../../db/schema/site';
import { teacherSubjects, teachers } from '../../db/schema/teachers';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { saveGrid } from '../report-cards/grid-saving';
import { fullNameOf } from '../students/student-records';
import { limitGrid, subjectsOfTeacherInGroup, TEACHER_MESSAGES } from '../teachers/teachers.service';

type CreateBody = z.output<typeof assessmentCreateSchema>;
type FieldsBody = z.output<typeof assessmentFieldsSchema>;
type MarksBody = z.output<typeof marksSaveSchema>;

export const ASSESSMENT_MESSAGES = {
  notYours: 'این درسِ این کلاس از درس‌های شما نیست.',
  notFound: 'ارزشیابی پیدا نشد.',
  outsideYear: (from: string, to: string) => `تاریخ باید در سال تحصیلی این کلاس باشد (${from} تا ${to}).`,
  maxBelowMarks: 'نمرهٔ بعضی دانش‌آموزان از این بیشتر است؛ اول آن نمره‌ها را درست کنید.',
  badMark: (max: number) =>
    `نمره باید عددی از ۰ تا ${max.toLocaleString('fa-IR')} باشد (حداکثر دو رقم اعشار)؛ خالی یعنی غایب در ارزشیابی.`,
  badMarks: 'بعضی نمره‌ها درست نیستند؛ هیچ نمره‌ای ذخیره نشد.',
  notInClass: 'این دانش‌آموز در این کلاس نیست.',
  twice: 'این دانش‌آموز دو بار آمده است.',
  nothingToFill: 'هیچ دانش‌آموزی در این نوبت نمرهٔ ارزشیابی ندارد؛ نمره‌ای پر نشد.',
} as const;

const RULE_KEY = 'assessments';

// ---------------------------------------------------------------- the rule

/** The school's averaging rule (the default until staff set one). */
export async function averagingRule(db: Tx): Promise<AveragingRule> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, RULE_KEY));
  const parsed = averagingRuleSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_AVERAGING_RULE;
}

export async function setAveragingRule(db: Db, actor: Actor, rule: AveragingRule): Promise<AveragingRule> {
  return db.transaction(async (tx) => {
    const before = await averagingRule(tx);
    await tx
      .insert(settings)
      .values({ key: RULE_KEY, value: rule, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: rule, updatedBy: actor.userId, updatedAt: new Date() },
      });
    await audit(tx, actor, 'update', 'assessment-rule', null, {
      ...changedFields(
        { method: before.method, continuousShare: before.continuousShare, ...before.kindWeights },
        { method: rule.method, continuousShare: rule.continuousShare, ...rule.kindWeights },
      ),
    });
    return averagingRule(tx);
  });
}

// ---------------------------------------------------------------- whose (class, subject)

/** A (class, subject) the signed-in teacher teaches; anything else is not found (404). */
async function assignmentOf(db: Tx, userId: number, groupId: number, subjectId: number) {
  const [row] = await db
    .select({
      groupId: groups.id,
      groupName: groups.name,
      academicYear: groups.academicYear,
      usesMonthly: groups.usesMonthly,
      subjectId: groupSubjects.id,
      subjectName: groupSubjects.name,
    })
    .from(teacherSubjects)
    .innerJoin(teachers, eq(teachers.id, teacherSubjects.teacherId))
    .innerJoin(groups, eq(groups.id, teacherSubjects.groupId))
    .innerJoin(groupSubjects, eq(groupSubjects.id, teacherSubjects.subjectId))
    .where(
      and(eq(teachers.userId, userId), eq(teacherSubjects.groupId, groupId), eq(teacherSubjects.subjectId, subjectId)),
    );
  if (!row) throw AppError.notFound(ASSESSMENT_MESSAGES.notYours);
  return row;
}

/** An assessment of a (class, subject) the teacher teaches; another teacher's is not found (404). */
async function ownAssessment(db: Tx, userId: number, id: number) {
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
async function classStudents(db: Tx, groupId: number) {
  const rows = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(and(eq(students.groupId, groupId), ne(students.status, 'archived')))
    .orderBy(asc(students.sortName), asc(students.id));
  return rows.map((r) => ({ id: r.id, fullName: fullNameOf(r) }));
}

function assertInYear(academicYear: number, date: string) {
  const { from, to } = academicYearRange(academicYear);
  if (date < from || date > to) {
    const message = ASSESSMENT_MESSAGES.outsideYear(formatJalaliIso(from), formatJalaliIso(to));
    throw AppError.badRequest(message, { date: message });
  }
}

async function marksOf(db: Tx, ids: number[]) {
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

// ---------------------------------------------------------------- the teacher's mark book

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

// ---------------------------------------------------------------- filling the grade grid

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
