import type { Grid, gridSaveSchema } from '@madreseh/contract/report-cards/report-cards.contract';
import type {
  Assignment,
  MyClass,
  Teacher,
  TeacherCredentials,
  teacherInputSchema,
} from '@madreseh/contract/teachers/teachers.contract';
import type { Term } from '@madreseh/contract/terms';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, randomPassword } from '../../auth/passwords';
import { endUserSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { groupSubjects, groups, students } from '../../db/schema/school';
import { teacherSubjects, teachers } from '../../db/schema/teachers';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { saveGrid } from '../report-cards/grid-saving';
import { grid } from '../report-cards/report-cards.service';
import { selectTeaching, teachingOrder } from './teaching';

type TeacherBody = z.output<typeof teacherInputSchema>;
type GridBody = z.output<typeof gridSaveSchema>;

export const TEACHER_MESSAGES = {
  notFound: 'معلم پیدا نشد.',
  duplicate: 'حساب دیگری با همین شمارهٔ همراه یا کد ملی هست.',
  unknownSubject: 'یکی از درس‌های انتخاب‌شده پیدا نشد.',
  notYourClass: 'این کلاس از کلاس‌های شما نیست.',
  notYourSubject: 'این درس از درس‌های شما نیست؛ فقط نمرهٔ درس‌های خودتان را می‌توانید ثبت کنید.',
  published: 'کارنامه‌های این نوبت منتشر شده‌اند و نمره‌ها فقط خواندنی‌اند؛ برای تغییر با دفتر مدرسه هماهنگ کنید.',
  inactive: 'این حساب معلم غیرفعال است.',
} as const;

async function assignmentsOf(db: Tx, teacherIds: number[]): Promise<Map<number, Assignment[]>> {
  const map = new Map<number, Assignment[]>();
  if (teacherIds.length === 0) return map;
  const rows = await selectTeaching(db, { teacherId: teacherSubjects.teacherId })
    .where(inArray(teacherSubjects.teacherId, teacherIds))
    .orderBy(...teachingOrder);
  for (const { teacherId, ...a } of rows) map.set(teacherId, [...(map.get(teacherId) ?? []), a]);
  return map;
}

async function teacherRows(db: Tx, ids?: number[]) {
  return db
    .select({
      id: teachers.id,
      userId: teachers.userId,
      firstName: teachers.firstName,
      lastName: teachers.lastName,
      mobile: teachers.mobile,
      nationalCode: teachers.nationalCode,
      username: users.username,
      active: users.active,
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(ids ? inArray(teachers.id, ids) : undefined)
    .orderBy(asc(teachers.sortName), asc(teachers.id));
}

export async function listTeachers(db: Tx, ids?: number[]): Promise<Teacher[]> {
  const rows = await teacherRows(db, ids);
  const assignments = await assignmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map(({ userId: _u, ...r }) => ({
    ...r,
    fullName: fullNameOf(r),
    assignments: assignments.get(r.id) ?? [],
  }));
}

export async function getTeacher(db: Tx, id: number): Promise<Teacher> {
  const [teacher] = await listTeachers(db, [id]);
  if (!teacher) throw AppError.notFound(TEACHER_MESSAGES.notFound);
  return teacher;
}

async function findRow(tx: Tx, id: number) {
  const [row] = await teacherRows(tx, [id]);
  if (!row) throw AppError.notFound(TEACHER_MESSAGES.notFound);
  return row;
}

function mapUnique(err: unknown): never {
  if (isUniqueViolation(err))
    throw AppError.conflict(TEACHER_MESSAGES.duplicate, { mobile: TEACHER_MESSAGES.duplicate });
  throw err;
}

const credentialsOf = (
  t: Teacher | { id: number; firstName: string; lastName: string; username: string },
  password: string,
) => ({
  teacherId: t.id,
  fullName: fullNameOf(t),
  username: t.username,
  password,
});

export async function createTeacher(
  db: Db,
  actor: Actor,
  body: TeacherBody,
): Promise<{ teacher: Teacher; credentials: TeacherCredentials }> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ username: body.mobile, passwordHash, role: 'teacher', fullName: fullNameOf(body) })
        .returning({ id: users.id });
      if (!user) throw new Error('insert answered no row');
      const [row] = await tx
        .insert(teachers)
        .values({ ...body, userId: user.id })
        .returning({ id: teachers.id });
      if (!row) throw new Error('insert answered no row');
      await audit(tx, actor, 'create', 'teacher', row.id);
      const teacher = await getTeacher(tx, row.id);
      return { teacher, credentials: credentialsOf(teacher, password) };
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function updateTeacher(db: Db, actor: Actor, id: number, body: TeacherBody): Promise<Teacher> {
  try {
    return await db.transaction(async (tx) => {
      const current = await findRow(tx, id);
      await tx
        .update(teachers)
        .set({ ...body, updatedAt: sql`now()` })
        .where(eq(teachers.id, id));
      // The mobile is the username: a teacher signs in with the number the office knows.
      const usernameChanges = current.username === current.mobile && body.mobile !== current.mobile;
      await tx
        .update(users)
        .set({
          fullName: fullNameOf(body),
          ...(usernameChanges ? { username: body.mobile } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, current.userId));
      await audit(tx, actor, 'update', 'teacher', id, changedFields(current, body));
      return getTeacher(tx, id);
    });
  } catch (err) {
    mapUnique(err);
  }
}

export async function setTeacherActive(db: Db, actor: Actor, id: number, active: boolean): Promise<Teacher> {
  return db.transaction(async (tx) => {
    const row = await findRow(tx, id);
    await tx.update(users).set({ active, updatedAt: sql`now()` }).where(eq(users.id, row.userId));
    if (!active) await endUserSessions(tx, row.userId);
    await audit(tx, actor, active ? 'activate' : 'deactivate', 'teacher', id);
    return getTeacher(tx, id);
  });
}

export async function resetTeacherPassword(db: Db, actor: Actor, id: number): Promise<TeacherCredentials> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await findRow(tx, id);
    if (!row.active) throw AppError.conflict(TEACHER_MESSAGES.inactive);
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, row.userId));
    await endUserSessions(tx, row.userId);
    await audit(tx, actor, 'reset-password', 'teacher', id);
    return credentialsOf(row, password);
  });
}

/**
 * Replaces a teacher's (class, subject) pairs. Every subject must exist; one taught by another
 * teacher is refused (409, naming the subject, class and teacher) and nothing changes.
 */
export async function assignSubjects(db: Db, actor: Actor, id: number, subjectIds: number[]): Promise<Teacher> {
  const wanted = [...new Set(subjectIds)];
  return db.transaction(async (tx) => {
    const before = await getTeacher(tx, id);
    const subjects = wanted.length
      ? await tx
          .select({
            id: groupSubjects.id,
            name: groupSubjects.name,
            groupId: groups.id,
            groupName: groups.name,
            academicYear: groups.academicYear,
          })
          .from(groupSubjects)
          .innerJoin(groups, eq(groups.id, groupSubjects.groupId))
          .where(inArray(groupSubjects.id, wanted))
      : [];
    if (subjects.length !== wanted.length) {
      throw AppError.badRequest(TEACHER_MESSAGES.unknownSubject, { subjectIds: TEACHER_MESSAGES.unknownSubject });
    }
    const taken = wanted.length
      ? await tx
          .select({ subjectId: teacherSubjects.subjectId, firstName: teachers.firstName, lastName: teachers.lastName })
          .from(teacherSubjects)
          .innerJoin(teachers, eq(teachers.id, teacherSubjects.teacherId))
          .where(and(inArray(teacherSubjects.subjectId, wanted), sql`${teacherSubjects.teacherId} <> ${id}`))
      : [];
    if (taken.length) {
      const first = taken[0];
      const subject = subjects.find((s) => s.id === first?.subjectId);
      const message = `درس «${subject?.name}» کلاس «${subject?.groupName}» را ${first ? fullNameOf(first) : 'معلم دیگری'} درس می‌دهد؛ هر درس یک معلم دارد.`;
      throw AppError.conflict(message, { subjectIds: message });
    }
    await tx
      .delete(teacherSubjects)
      .where(
        and(
          eq(teacherSubjects.teacherId, id),
          wanted.length ? notInArray(teacherSubjects.subjectId, wanted) : undefined,
        ),
      );
    if (subjects.length) {
      await tx
        .insert(teacherSubjects)
        .values(
          subjects.map((s) => ({ teacherId: id, subjectId: s.id, groupId: s.groupId, academicYear: s.academicYear })),
        )
        .onConflictDoNothing();
    }
    const after = await getTeacher(tx, id);
    await audit(tx, actor, 'assign', 'teacher', id, {
      subjectIds: { from: before.assignments.map((a) => a.subjectId), to: after.assignments.map((a) => a.subjectId) },
    });
    return after;
  });
}

/** The teacher record of a signed-in user with the teacher role (403 when there is none). */
export async function teacherOfUser(db: Tx, userId: number): Promise<{ id: number; fullName: string }> {
  const [row] = await db
    .select({ id: teachers.id, firstName: teachers.firstName, lastName: teachers.lastName })
    .from(teachers)
    .where(eq(teachers.userId, userId));
  if (!row) throw AppError.forbidden();
  return { id: row.id, fullName: fullNameOf(row) };
}

/** The subject ids a signed-in teacher teaches in one class (empty when none). */
export async function subjectsOfTeacherInGroup(db: Tx, userId: number, groupId: number): Promise<Set<number>> {
  const rows = await db
    .select({ subjectId: teacherSubjects.subjectId })
    .from(teacherSubjects)
    .innerJoin(teachers, eq(teachers.id, teacherSubjects.teacherId))
    .where(and(eq(teachers.userId, userId), eq(teacherSubjects.groupId, groupId)));
  return new Set(rows.map((r) => r.subjectId));
}

export async function myClasses(db: Db, userId: number): Promise<{ fullName: string; items: MyClass[] }> {
  const me = await teacherOfUser(db, userId);
  const rows = await selectTeaching(db, {
    gradeLevel: groups.gradeLevel,
    usesMonthly: groups.usesMonthly,
    studentCount: sql<number>`(select count(*)::int from ${students} s where s.group_id = ${groups}.id and s.status <> 'archived')`,
  })
    .where(eq(teacherSubjects.teacherId, me.id))
    .orderBy(...teachingOrder);
  const items: MyClass[] = [];
  for (const r of rows) {
    let item = items.find((i) => i.groupId === r.groupId);
    if (!item) {
      const { subjectId: _s, subjectName: _n, ...g } = r;
      item = { ...g, subjects: [] };
      items.push(item);
    }
    item.subjects.push({ id: r.subjectId, name: r.subjectName });
  }
  return { fullName: me.fullName, items };
}

/** A grid cut to the subjects given: their columns and their grades only; remarks and averages stay as they are. */
export function limitGrid(g: Grid, allowed: Set<number>): Grid {
  return {
    ...g,
    subjects: g.subjects.filter((s) => allowed.has(s.id)),
    rows: g.rows.map((r) => ({
      ...r,
      grades: Object.fromEntries(Object.entries(r.grades).filter(([k]) => allowed.has(Number(k)))),
    })),
  };
}

/** A class's grid for a teacher: 404 when none of its subjects is theirs, else their columns only. */
export async function teacherGrid(db: Db, userId: number, groupId: number, term: Term): Promise<Grid> {
  const allowed = await subjectsOfTeacherInGroup(db, userId, groupId);
  if (allowed.size === 0) throw AppError.notFound(TEACHER_MESSAGES.notYourClass);
  return limitGrid(await grid(db, groupId, term), allowed);
}

/**
 * A teacher saves grades of their own subjects: another class answers 404, another subject of their
 * class 403, and a published term 409 (staff publish; a published grade is read-only for teachers).
 * Remarks are the office's and are kept as they were.
 */
export async function teacherSaveGrid(db: Db, actor: Actor, userId: number, body: GridBody): Promise<Grid> {
  const allowed = await subjectsOfTeacherInGroup(db, userId, body.groupId);
  if (allowed.size === 0) throw AppError.notFound(TEACHER_MESSAGES.notYourClass);
  for (const row of body.rows) {
    for (const g of row.grades)
      if (!allowed.has(g.subjectId)) throw AppError.forbidden(TEACHER_MESSAGES.notYourSubject);
  }
  const saved = await saveGrid(db, actor, body, { keepRemarks: true, refusePublished: TEACHER_MESSAGES.published });
  return limitGrid(saved, allowed);
}
