import type { Grid } from '@madreseh/contract/report-cards/report-cards.contract';
import { MAIN_TERMS, TERM_LABELS, type Term } from '@madreseh/contract/terms';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { reportCardGrades, reportCards } from '../../db/schema/report-cards';
import { students } from '../../db/schema/school';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { getGroup } from '../groups/groups.service';
import { enqueue } from '../notifications/outbox';
import { studentNameColumns } from '../students/student-records';

/**
 * A class's grade grid for a term, as staff and teachers read it, and publishing a term's cards. Saving
 * the grid is in grid-saving.ts; what a student or parent reads, in published-cards.ts.
 */

type GroupInfo = Awaited<ReturnType<typeof getGroup>>;

export function assertTermFits(group: GroupInfo, term: Term) {
  if (!group.usesMonthly && !MAIN_TERMS.includes(term)) {
    const message = 'این کلاس کارنامهٔ ماهانه ندارد.';
    throw AppError.badRequest(message, { term: message });
  }
}

/** The students a class's grid lists: its members who are not archived, and anyone who already has a card there. */
export async function gridStudents(tx: Tx, groupId: number, term: Term) {
  const withCard = tx
    .select({ id: reportCards.studentId })
    .from(reportCards)
    .where(and(eq(reportCards.groupId, groupId), eq(reportCards.term, term)));
  return tx
    .select({
      id: students.id,
      ...studentNameColumns,
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
