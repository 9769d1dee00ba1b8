import {
  type Grid,
  type gridSaveSchema,
  parseDescriptive,
  parseScore,
} from '@madreseh/contract/report-cards/report-cards.contract';
import { fullNameOf } from '@madreseh/contract/text';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { reportCardGrades, reportCards } from '../../db/schema/report-cards';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { getGroup } from '../groups/groups.service';
import { assertTermFits, grid, gridStudents } from './report-cards.service';

type GridBody = z.output<typeof gridSaveSchema>;

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
  const nameOf = new Map(inGrid.map((s) => [s.id, fullNameOf(s)]));
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
