import { jalaliMonthLength, jalaliToIso } from '@madreseh/contract/jalali';
import {
  DESCRIPTIVE_GRADES,
  type DescriptiveGrade,
  type Grid,
  type gridSaveSchema,
  MAIN_TERMS,
  parseDescriptive,
  parseScore,
  type ReportCard,
  TERM_LABELS,
  TERM_MONTHS,
  TERMS,
  type Term,
} from '@madreseh/contract/report-cards/report-cards.contract';
import { and, asc, eq, inArray, ne, or, type Placeholder, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { attendance } from '../../db/schema/attendance';
import { reportCardGrades, reportCards } from '../../db/schema/report-cards';
import { groupSubjects, groups, students } from '../../db/schema/school';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { getGroup } from '../groups/groups.service';
import { enqueue } from '../notifications/outbox';
import { fullNameOf, studentOfUser } from '../students/student-records';

type GridBody = z.output<typeof gridSaveSchema>;
type GroupInfo = Awaited<ReturnType<typeof getGroup>>;

const termIndex = (t: string) => TERMS.indexOf(t as Term);

function assertTermFits(group: GroupInfo, term: Term) {
  if (!group.usesMonthly && !MAIN_TERMS.includes(term)) {
    const message = 'این کلاس کارنامهٔ ماهانه ندارد.';
    throw AppError.badRequest(message, { term: message });
  }
}

/** The students a class's grid lists: its members who are not archived, and anyone who already has a card there. */
async function gridStudents(tx: Tx, groupId: number, term: Term) {
  const withCard = tx
    .select({ id: reportCards.studentId })
    .from(reportCards)
    .where(and(eq(reportCards.groupId, groupId), eq(reportCards.term, term)));
  return tx
    .select({
      id: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      studentNumber: students.studentNumber,
    })
    .from(students)
    .where(or(and(eq(students.groupId, groupId), ne(students.status, 'archived')), inArray(students.id, withCard)))
    .orderBy(asc(students.sortName), asc(students.id));
}

export async function grid(db: Tx, groupId: number, term: Term): Promise<Grid> {
  const group = await getGroup(db, groupId);
  assertTermFits(group, term);
  const [people, cards] = await Promise.all([
    gridStudents(db, groupId, term),
    db
      .select()
      .from(reportCards)
      .where(and(eq(reportCards.groupId, groupId), eq(reportCards.term, term))),
  ]);
  const grades = cards.length
    ? await db
        .select()
        .from(reportCardGrades)
        .where(
          inArray(
            reportCardGrades.reportCardId,
            cards.map((c) => c.id),
          ),
        )
    : [];
  const cardOf = new Map(cards.map((c) => [c.studentId, c]));
  return {
    group: {
      id: group.id,
      name: group.name,
      academicYear: group.academicYear,
      gradingScale: group.gradingScale,
      passMark: group.passMark,
      usesMonthly: group.usesMonthly,
    },
    term,
    subjects: group.subjects,
    rows: people.map((p) => {
      const card = cardOf.get(p.id);
      const values: Record<string, string> = {};
      if (card) {
        for (const g of grades) {
          if (g.reportCardId !== card.id) continue;
          const v = g.score !== null ? String(g.score) : g.descriptive;
          if (v !== null) values[String(g.subjectId)] = v;
        }
      }
      return {
        studentId: p.id,
        fullName: fullNameOf(p),
        studentNumber: p.studentNumber,
        grades: values,
        remarks: card?.remarks ?? null,
        average: card?.average ?? null,
        published: card?.published ?? false,
      };
    }),
    published: cards.length > 0 && cards.every((c) => c.published),
  };
}

/**
 * Saves the grades and remarks of the rows given (subjects not in a row keep their grades), in one
 * transaction, and recomputes the weighted averages here. Every bad cell is reported at once, keyed
 * `studentId.subjectId`, and nothing is saved then.
 */
export interface SaveGridOptions {
  /** Remarks are not the caller's to change (a teacher): cards keep the ones they have. */
  keepRemarks?: boolean;
  /** A published term is read-only for the caller: refused (409) with this message. */
  refusePublished?: string;
}

export async function saveGrid(db: Db, actor: Actor, body: GridBody, options: SaveGridOptions = {}): Promise<Grid> {
  return db.transaction(async (tx) => {
    const group = await getGroup(tx, body.groupId);
    assertTermFits(group, body.term);
    const inGrid = await gridStudents(tx, group.id, body.term);
    const allowed = new Set(inGrid.map((s) => s.id));
    const subjectById = new Map(group.subjects.map((s) => [s.id, s]));
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    const parsedRows = body.rows.map((row, i) => {
      if (!allowed.has(row.studentId)) fields[`rows.${i}.studentId`] = 'این دانش‌آموز در این کلاس نیست.';
      if (seen.has(row.studentId)) fields[`rows.${i}.studentId`] = 'این دانش‌آموز دو بار آمده است.';
      seen.add(row.studentId);
      const grades = row.grades.map((g) => {
        const key = `${row.studentId}.${g.subjectId}`;
        const subject = subjectById.get(g.subjectId);
        if (!subject) {
          fields[key] = 'این درس در این کلاس نیست.';
          return null;
        }
        const empty = g.value === null || (typeof g.value === 'string' && g.value.trim() === '');
        if (empty) return { subject, score: null, descriptive: null, clear: true };
        if (group.gradingScale === 'numeric') {
          const score = parseScore(g.value as string | number);
          if (score === null) fields[key] = 'نمره باید عددی از ۰ تا ۲۰ باشد (حداکثر دو رقم اعشار).';
          return { subject, score, descriptive: null, clear: false };
        }
        const descriptive = typeof g.value === 'string' ? parseDescriptive(g.value) : null;
        if (descriptive === null)
          fields[key] = 'یکی از «خیلی خوب»، «خوب»، «قابل قبول»، «نیاز به تلاش بیشتر» را بنویسید.';
        return { subject, score: null, descriptive, clear: false };
      });
      return { row, grades };
    });
    if (Object.keys(fields).length) {
      throw AppError.badRequest('بعضی خانه‌ها درست نیستند؛ هیچ نمره‌ای ذخیره نشد.', fields);
    }

    // What the cards held before, for the audit row's before/after.
    const studentIds = parsedRows.map((r) => r.row.studentId);
    const oldCards = studentIds.length
      ? await tx
          .select({ id: reportCards.id, studentId: reportCards.studentId, remarks: reportCards.remarks })
          .from(reportCards)
          .where(
            and(
              eq(reportCards.groupId, group.id),
              eq(reportCards.term, body.term),
              inArray(reportCards.studentId, studentIds),
            ),
          )
      : [];
    const oldGrades = oldCards.length
      ? await tx
          .select({
            reportCardId: reportCardGrades.reportCardId,
            subjectId: reportCardGrades.subjectId,
            score: reportCardGrades.score,
            descriptive: reportCardGrades.descriptive,
          })
          .from(reportCardGrades)
          .where(
            inArray(
              reportCardGrades.reportCardId,
              oldCards.map((c) => c.id),
            ),
          )
      : [];

    const [anyPublished] = await tx
      .select({ id: reportCards.id })
      .from(reportCards)
      .where(and(eq(reportCards.groupId, group.id), eq(reportCards.term, body.term), eq(reportCards.published, true)))
      .limit(1);
    if (anyPublished && options.refusePublished) throw AppError.conflict(options.refusePublished);
    const cards = await tx
      .insert(reportCards)
      .values(
        parsedRows.map(({ row }) => ({
          studentId: row.studentId,
          groupId: group.id,
          academicYear: group.academicYear,
          term: body.term,
          remarks: options.keepRemarks ? null : row.remarks,
          published: Boolean(anyPublished),
          publishedAt: anyPublished ? sql`now()` : null,
        })),
      )
      .onConflictDoUpdate({
        target: [reportCards.studentId, reportCards.groupId, reportCards.term],
        set: {
          remarks: options.keepRemarks ? sql`${reportCards.remarks}` : sql`excluded.remarks`,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: reportCards.id, studentId: reportCards.studentId });
    const cardIdOf = new Map(cards.map((c) => [c.studentId, c.id]));

    const newGrades: (typeof reportCardGrades.$inferInsert)[] = [];
    for (const { row, grades } of parsedRows) {
      const cardId = cardIdOf.get(row.studentId);
      if (cardId === undefined) throw new Error('report card upsert answered no row');
      const touched = grades.flatMap((g) => (g ? [g.subject.id] : []));
      if (touched.length) {
        await tx
          .delete(reportCardGrades)
          .where(and(eq(reportCardGrades.reportCardId, cardId), inArray(reportCardGrades.subjectId, touched)));
      }
      for (const g of grades) {
        if (!g || g.clear) continue;
        newGrades.push({
          reportCardId: cardId,
          subjectId: g.subject.id,
          subjectName: g.subject.name,
          weight: g.subject.weight,
          score: g.score,
          descriptive: g.descriptive,
        });
      }
    }
    if (newGrades.length) await tx.insert(reportCardGrades).values(newGrades);

    const ids = cards.map((c) => c.id);
    await tx
      .update(reportCards)
      .set({
        average: sql`(select round(sum(g.score * g.weight) / nullif(sum(g.weight), 0), 2)
          from ${reportCardGrades} g where g.report_card_id = ${reportCards}.id and g.score is not null)`,
      })
      .where(inArray(reportCards.id, ids));
    // A card left with no grade and no remark is not a report card.
    await tx
      .delete(reportCards)
      .where(
        and(
          inArray(reportCards.id, ids),
          sql`${reportCards.remarks} is null`,
          sql`not exists (select 1 from ${reportCardGrades} g where g.report_card_id = ${reportCards}.id)`,
        ),
      );
    await audit(tx, actor, 'save-grades', 'group', group.id, {
      term: body.term,
      students: studentIds,
      ...gradeChanges(
        inGrid,
        oldCards,
        oldGrades,
        options.keepRemarks
          ? parsedRows.map((p) => ({
              ...p,
              row: { ...p.row, remarks: oldCards.find((c) => c.studentId === p.row.studentId)?.remarks ?? null },
            }))
          : parsedRows,
      ),
    });
    return grid(tx, group.id, body.term);
  });
}

/** A save's changed grades and remarks, `«student — subject»: { from, to }`, at most {@link MAX_AUDITED_GRADES}. */
const MAX_AUDITED_GRADES = 40;
function gradeChanges(
  inGrid: { id: number; firstName: string; lastName: string }[],
  oldCards: { id: number; studentId: number; remarks: string | null }[],
  oldGrades: { reportCardId: number; subjectId: number; score: number | null; descriptive: string | null }[],
  parsedRows: {
    row: { studentId: number; remarks?: string | null | undefined };
    grades: ({ subject: { id: number; name: string }; score: number | null; descriptive: string | null } | null)[];
  }[],
): Record<string, unknown> {
  const nameOf = new Map(inGrid.map((s) => [s.id, `${s.firstName} ${s.lastName}`]));
  const cardOf = new Map(oldCards.map((c) => [c.studentId, c]));
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const { row, grades } of parsedRows) {
    const who = nameOf.get(row.studentId) ?? String(row.studentId);
    const card = cardOf.get(row.studentId);
    was[`${who} — توضیح`] = card?.remarks ?? null;
    now[`${who} — توضیح`] = row.remarks ?? null;
    for (const g of grades) {
      if (!g) continue;
      const old = card ? oldGrades.find((o) => o.reportCardId === card.id && o.subjectId === g.subject.id) : undefined;
      was[`${who} — ${g.subject.name}`] = old ? (old.score ?? old.descriptive) : null;
      now[`${who} — ${g.subject.name}`] = g.score ?? g.descriptive;
    }
  }
  const changes = Object.entries(changedFields(was, now));
  return {
    ...Object.fromEntries(changes.slice(0, MAX_AUDITED_GRADES)),
    ...(changes.length > MAX_AUDITED_GRADES ? { more: changes.length - MAX_AUDITED_GRADES } : {}),
  };
}

export async function publish(
  db: Db,
  actor: Actor,
  body: { groupId: number; term: Term; published: boolean; reason?: string | undefined },
): Promise<{ count: number }> {
  return db.transaction(async (tx) => {
    const group = await getGroup(tx, body.groupId);
    assertTermFits(group, body.term);
    const rows = await tx
      .update(reportCards)
      .set({ published: body.published, publishedAt: body.published ? sql`now()` : null, updatedAt: sql`now()` })
      .where(and(eq(reportCards.groupId, group.id), eq(reportCards.term, body.term)))
      .returning({ id: reportCards.id, studentId: reportCards.studentId, academicYear: reportCards.academicYear });
    if (rows.length === 0 && body.published) {
      throw AppError.conflict('برای این کلاس و نوبت هنوز نمره‌ای ثبت نشده است.');
    }
    await audit(tx, actor, body.published ? 'publish' : 'unpublish', 'group', group.id, {
      term: body.term,
      count: rows.length,
      ...(body.published ? {} : { reason: body.reason }),
    });
    // Told once per card: publishing again after a correction does not send a second message.
    if (body.published) {
      await enqueue(
        tx,
        rows.map((r) => ({
          kind: 'report_card_published' as const,
          studentId: r.studentId,
          groupId: group.id,
          term: TERM_LABELS[body.term],
          round: `${body.term}:${r.academicYear}`,
        })),
      );
    }
    return { count: rows.length };
  });
}

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
