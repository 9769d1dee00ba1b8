import type { Group, groupInputSchema } from '@madreseh/contract/groups/groups.contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { reportCardGrades, reportCards } from '../../db/schema/report-cards';
import { groupSubjects, groups, students } from '../../db/schema/school';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';

type GroupBody = z.output<typeof groupInputSchema>;

const DUPLICATE_NAME = 'کلاسی با همین نام در این سال تحصیلی هست.';

/** Every class (or the ones asked for) with subjects in their order and the number of students not archived. */
export async function listGroups(db: Tx, ids?: number[]): Promise<Group[]> {
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      gradeLevel: groups.gradeLevel,
      academicYear: groups.academicYear,
      gradingScale: groups.gradingScale,
      passMark: groups.passMark,
      usesMonthly: groups.usesMonthly,
      studentCount: sql<number>`(select count(*)::int from ${students} s where s.group_id = ${groups}.id and s.status <> 'archived')`,
    })
    .from(groups)
    .where(ids ? inArray(groups.id, ids) : undefined)
    .orderBy(desc(groups.academicYear), asc(groups.gradeLevel), asc(groups.sortName));
  if (rows.length === 0) return [];
  const subjects = await db
    .select()
    .from(groupSubjects)
    .where(
      inArray(
        groupSubjects.groupId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(groupSubjects.position), asc(groupSubjects.id));
  return rows.map((r) => ({
    ...r,
    passMark: Number(r.passMark),
    subjects: subjects.filter((s) => s.groupId === r.id).map((s) => ({ id: s.id, name: s.name, weight: s.weight })),
  }));
}

export async function getGroup(db: Tx, id: number): Promise<Group> {
  const [group] = await listGroups(db, [id]);
  if (!group) throw AppError.notFound('کلاس پیدا نشد.');
  return group;
}

async function assertNameFree(tx: Tx, body: GroupBody, exceptId?: number) {
  const [other] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.name, body.name), eq(groups.academicYear, body.academicYear)));
  if (other && other.id !== exceptId) throw AppError.conflict(DUPLICATE_NAME, { name: DUPLICATE_NAME });
}

export async function createGroup(db: Db, actor: Actor, body: GroupBody): Promise<Group> {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, body);
    const [row] = await tx
      .insert(groups)
      .values({
        name: body.name,
        gradeLevel: body.gradeLevel,
        academicYear: body.academicYear,
        gradingScale: body.gradingScale,
        usesMonthly: body.usesMonthly,
      })
      .returning({ id: groups.id });
    if (!row) throw new Error('insert answered no row');
    if (body.subjects.length) {
      await tx
        .insert(groupSubjects)
        .values(body.subjects.map((s, i) => ({ groupId: row.id, name: s.name, weight: s.weight, position: i })));
    }
    await audit(tx, actor, 'create', 'group', row.id, { name: body.name });
    return getGroup(tx, row.id);
  });
}

export async function updateGroup(db: Db, actor: Actor, id: number, body: GroupBody): Promise<Group> {
  return db.transaction(async (tx) => {
    const current = await getGroup(tx, id);
    await assertNameFree(tx, body, id);
    const currentIds = new Set(current.subjects.map((s) => s.id));
    for (const [i, s] of body.subjects.entries()) {
      if (s.id !== undefined && !currentIds.has(s.id)) {
        throw AppError.badRequest(undefined, { [`subjects.${i}.name`]: 'این درس از این کلاس نیست.' });
      }
    }
    const keptIds = body.subjects.flatMap((s) => (s.id === undefined ? [] : [s.id]));
    const removed = current.subjects.filter((s) => !keptIds.includes(s.id));
    if (removed.length) {
      const graded = await tx
        .selectDistinct({ subjectId: reportCardGrades.subjectId })
        .from(reportCardGrades)
        .where(
          inArray(
            reportCardGrades.subjectId,
            removed.map((s) => s.id),
          ),
        );
      if (graded.length) {
        const names = removed.filter((s) => graded.some((g) => g.subjectId === s.id)).map((s) => `«${s.name}»`);
        throw AppError.conflict(`درس ${names.join('، ')} نمره دارد و حذف نمی‌شود.`);
      }
      await tx.delete(groupSubjects).where(
        and(
          eq(groupSubjects.groupId, id),
          inArray(
            groupSubjects.id,
            removed.map((s) => s.id),
          ),
        ),
      );
    }
    if (current.gradingScale !== body.gradingScale) {
      const [card] = await tx
        .select({ id: reportCards.id })
        .from(reportCards)
        .where(eq(reportCards.groupId, id))
        .limit(1);
      if (card) throw AppError.conflict('این کلاس کارنامه دارد و نوع نمره‌دهی آن تغییر نمی‌کند.');
    }
    await tx
      .update(groups)
      .set({
        name: body.name,
        gradeLevel: body.gradeLevel,
        academicYear: body.academicYear,
        gradingScale: body.gradingScale,
        usesMonthly: body.usesMonthly,
        updatedAt: sql`now()`,
      })
      .where(eq(groups.id, id));
    // Renames go through a temporary name first so swapping two names cannot hit the unique index.
    if (keptIds.length) {
      await tx
        .update(groupSubjects)
        .set({ name: sql`'~' || ${groupSubjects.id}::text` })
        .where(and(eq(groupSubjects.groupId, id), inArray(groupSubjects.id, keptIds)));
    }
    for (const [i, s] of body.subjects.entries()) {
      if (s.id === undefined) {
        await tx.insert(groupSubjects).values({ groupId: id, name: s.name, weight: s.weight, position: i });
      } else {
        await tx
          .update(groupSubjects)
          .set({ name: s.name, weight: s.weight, position: i })
          .where(eq(groupSubjects.id, s.id));
      }
    }
    const subjectsOf = (list: { name: string; weight: number }[]) => list.map((s) => `${s.name} (${s.weight})`);
    await audit(
      tx,
      actor,
      'update',
      'group',
      id,
      changedFields(
        { ...current, subjects: subjectsOf(current.subjects) },
        {
          name: body.name,
          gradeLevel: body.gradeLevel,
          academicYear: body.academicYear,
          gradingScale: body.gradingScale,
          usesMonthly: body.usesMonthly,
          subjects: subjectsOf(body.subjects),
        },
      ),
    );
    return getGroup(tx, id);
  });
}

export async function deleteGroup(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await getGroup(tx, id);
    const [student] = await tx.select({ id: students.id }).from(students).where(eq(students.groupId, id)).limit(1);
    if (student) throw AppError.conflict('این کلاس دانش‌آموز دارد؛ اول دانش‌آموزان را به کلاس دیگری ببرید.');
    const [card] = await tx
      .select({ id: reportCards.id })
      .from(reportCards)
      .where(eq(reportCards.groupId, id))
      .limit(1);
    if (card) throw AppError.conflict('این کلاس کارنامه دارد و حذف نمی‌شود.');
    await tx.delete(groups).where(eq(groups.id, id));
    await audit(tx, actor, 'delete', 'group', id);
  });
}
