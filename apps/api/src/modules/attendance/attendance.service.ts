import type { Sheet, sheetSaveSchema } from '@madreseh/contract/attendance/attendance.contract';
import { academicYearRange, formatJalaliIso, todayIso } from '@madreseh/contract/jalali';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, desc, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { attendance, attendanceSaves, studentNotices } from '../../db/schema/attendance';
import { groups, students } from '../../db/schema/school';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import { studentNameColumns } from '../students/student-records';
import { subjectsOfTeacherInGroup } from '../teachers/teachers.service';

import { closedReason, periodsPerDay } from './attendance.calendar';
import { ATTENDANCE_MESSAGES } from './attendance.messages';

type SaveBody = z.output<typeof sheetSaveSchema>;

// ---------------------------------------------------------------- sheets

export async function groupOf(db: Tx, groupId: number) {
  const [group] = await db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, groupId));
  if (!group) throw AppError.notFound(ATTENDANCE_MESSAGES.groupNotFound);
  return group;
}

/**
 * Attendance is taken for a day of the class's school year (Mehr to Shahrivar of its academic year) that
 * has come: a sheet dated years back (a mistyped year) would be saved and would tell families of absences
 * that never were.
 */
async function assertDayOfClassYear(db: Tx, groupId: number, date: string) {
  if (date > todayIso()) throw AppError.badRequest(ATTENDANCE_MESSAGES.future, { date: ATTENDANCE_MESSAGES.future });
  const [row] = await db.select({ year: groups.academicYear }).from(groups).where(eq(groups.id, groupId));
  if (!row) return;
  const { from, to } = academicYearRange(row.year);
  if (date < from || date > to) {
    const message = ATTENDANCE_MESSAGES.outsideYear(row.year);
    throw AppError.badRequest(message, { date: message });
  }
}

/** Staff take any class's attendance; a teacher only of a class she teaches a subject in (else 404). */
async function assertMayTake(db: Tx, auth: Pick<AuthContext, 'userId' | 'role'>, groupId: number) {
  if (auth.role === 'teacher') {
    const mine = await subjectsOfTeacherInGroup(db, auth.userId, groupId);
    if (mine.size === 0) throw AppError.notFound(ATTENDANCE_MESSAGES.notYourClass);
  }
  return groupOf(db, groupId);
}

function assertPeriod(period: number | null, periods: number) {
  if (periods === 0 && period !== null)
    throw AppError.badRequest(ATTENDANCE_MESSAGES.noPeriods, { period: ATTENDANCE_MESSAGES.noPeriods });
  if (periods > 0 && (period === null || period > periods)) {
    const message = ATTENDANCE_MESSAGES.periodNeeded(periods);
    throw AppError.badRequest(message, { period: message });
  }
}

const periodIs = (period: number | null): SQL =>
  period === null ? isNull(attendance.period) : eq(attendance.period, period);

/** Members of a class (not archived), and anyone already marked in it on that day and period. */
async function sheetStudents(db: Tx, groupId: number, date: string, period: number | null) {
  const marked = db
    .select({ id: attendance.studentId })
    .from(attendance)
    .where(and(eq(attendance.groupId, groupId), eq(attendance.date, date), periodIs(period)));
  return db
    .select({ id: students.id, ...studentNameColumns })
    .from(students)
    .where(or(and(eq(students.groupId, groupId), ne(students.status, 'archived')), inArray(students.id, marked)))
    .orderBy(asc(students.sortName), asc(students.id));
}

async function buildSheet(
  db: Tx,
  group: { id: number; name: string },
  date: string,
  period: number | null,
  replayed: boolean,
): Promise<Sheet> {
  const [people, marks, periods, closed, [last]] = await Promise.all([
    sheetStudents(db, group.id, date, period),
    db
      .select()
      .from(attendance)
      .where(and(eq(attendance.groupId, group.id), eq(attendance.date, date), periodIs(period))),
    periodsPerDay(db),
    closedReason(db, date),
    db
      .select({ savedAt: attendanceSaves.savedAt })
      .from(attendanceSaves)
      .where(
        and(
          eq(attendanceSaves.groupId, group.id),
          eq(attendanceSaves.date, date),
          period === null ? isNull(attendanceSaves.period) : eq(attendanceSaves.period, period),
        ),
      )
      .orderBy(desc(attendanceSaves.savedAt))
      .limit(1),
  ]);
  const markOf = new Map(marks.map((m) => [m.studentId, m]));
  return {
    group,
    date,
    period,
    periodsPerDay: periods,
    closed,
    taken: marks.length > 0,
    savedAt: last?.savedAt.toISOString() ?? null,
    rows: people.map((p) => {
      const m = markOf.get(p.id);
      return {
        studentId: p.id,
        fullName: fullNameOf(p),
        state: m?.state ?? 'present',
        lateMinutes: m?.lateMinutes ?? null,
        reason: m?.reason ?? null,
      };
    }),
    replayed,
  };
}

export async function getSheet(
  db: Db,
  auth: Pick<AuthContext, 'userId' | 'role'>,
  q: { groupId: number; date: string; period: number | null },
): Promise<Sheet> {
  const group = await assertMayTake(db, auth, q.groupId);
  return buildSheet(db, group, q.date, q.period, false);
}

/**
 * Where an absence becomes news for the family: called inside the save's transaction with the students
 * newly marked absent. It writes the in-app notice of the attendance page and queues an `absence`
 * notification (the student's and the linked parents' bells, and SMS to the parents' mobiles unless
 * they turned non-essential SMS off), in this same transaction: the sender job sends after commit.
 * Both are one per student and day, so saving the sheet again tells nobody twice. `sms: false`
 * (the demo seed) keeps it to the bells.
 */
export async function onAbsenceRecorded(
  tx: Tx,
  absence: { date: string; period: number | null; group: { id: number; name: string }; studentIds: number[] },
  options: { sms?: boolean } = {},
): Promise<void> {
  if (absence.studentIds.length === 0) return;
  const day = formatJalaliIso(absence.date);
  const when = absence.period === null ? '' : ` در زنگ ${absence.period}`;
  await tx
    .insert(studentNotices)
    .values(
      absence.studentIds.map((studentId) => ({
        studentId,
        kind: 'absence',
        ref: absence.date,
        title: `غیبت — ${day}`,
        body: `در حضور و غیاب کلاس ${absence.group.name}${when} روز ${day} غایب ثبت شده‌اید. اگر اشتباهی هست، با دفتر مدرسه تماس بگیرید.`,
      })),
    )
    .onConflictDoNothing();
  await enqueue(
    tx,
    absence.studentIds.map((studentId) => ({
      kind: 'absence' as const,
      studentId,
      date: absence.date,
      groupName: absence.group.name,
    })),
    options,
  );
}

/**
 * Saves a sheet at once, in one transaction. The browser's `clientKey` is claimed first: a save sent
 * again with the same key (a queued save retried after the network returned, a double tap) changes
 * nothing and is answered with the sheet as it is (`replayed`). Marks are one row per (student, date,
 * period), so two different saves of one sheet update, never duplicate.
 */
export async function saveSheet(
  db: Db,
  actor: Actor,
  auth: Pick<AuthContext, 'userId' | 'role'>,
  body: SaveBody,
): Promise<Sheet> {
  return db.transaction(async (tx) => {
    const group = await assertMayTake(tx, auth, body.groupId);
    await assertDayOfClassYear(tx, group.id, body.date);
    assertPeriod(body.period, await periodsPerDay(tx));
    const closed = await closedReason(tx, body.date);
    if (closed) {
      const message = ATTENDANCE_MESSAGES.closed(closed);
      throw AppError.conflict(message, { date: message });
    }
    const [claimed] = await tx
      .insert(attendanceSaves)
      .values({
        clientKey: body.clientKey,
        userId: auth.userId,
        groupId: group.id,
        date: body.date,
        period: body.period,
      })
      .onConflictDoNothing()
      .returning({ key: attendanceSaves.clientKey });
    if (!claimed) {
      const [first] = await tx.select().from(attendanceSaves).where(eq(attendanceSaves.clientKey, body.clientKey));
      if (
        !first ||
        first.userId !== auth.userId ||
        first.groupId !== group.id ||
        first.date !== body.date ||
        first.period !== body.period
      ) {
        throw AppError.conflict(ATTENDANCE_MESSAGES.keyReused);
      }
      return buildSheet(tx, group, body.date, body.period, true);
    }

    const people = await sheetStudents(tx, group.id, body.date, body.period);
    const allowed = new Set(people.map((p) => p.id));
    const fields: Record<string, string> = {};
    const seen = new Set<number>();
    body.entries.forEach((e, i) => {
      if (!allowed.has(e.studentId)) fields[`entries.${i}.studentId`] = ATTENDANCE_MESSAGES.notInClass;
      if (seen.has(e.studentId)) fields[`entries.${i}.studentId`] = ATTENDANCE_MESSAGES.twice;
      seen.add(e.studentId);
    });
    if (Object.keys(fields).length) throw AppError.badRequest(ATTENDANCE_MESSAGES.notInClass, fields);

    const before = await tx
      .select({ studentId: attendance.studentId, state: attendance.state })
      .from(attendance)
      .where(and(eq(attendance.date, body.date), periodIs(body.period), inArray(attendance.studentId, [...seen])));
    const wasAbsent = new Set(before.filter((b) => b.state === 'absent').map((b) => b.studentId));

    await tx
      .insert(attendance)
      .values(
        body.entries.map((e) => ({
          studentId: e.studentId,
          groupId: group.id,
          date: body.date,
          period: body.period,
          state: e.state,
          lateMinutes: e.state === 'late' ? e.lateMinutes : null,
          reason: e.state === 'present' ? null : e.reason,
          recordedBy: auth.userId,
        })),
      )
      .onConflictDoUpdate({
        target: [attendance.studentId, attendance.date, attendance.period],
        set: {
          groupId: sql`excluded.group_id`,
          state: sql`excluded.state`,
          lateMinutes: sql`excluded.late_minutes`,
          reason: sql`excluded.reason`,
          recordedBy: sql`excluded.recorded_by`,
          updatedAt: sql`now()`,
        },
      });

    const absent = body.entries.filter((e) => e.state === 'absent').map((e) => e.studentId);
    await onAbsenceRecorded(tx, {
      date: body.date,
      period: body.period,
      group,
      studentIds: absent.filter((id) => !wasAbsent.has(id)),
    });
    await audit(tx, actor, 'take-attendance', 'attendance', group.id, {
      date: body.date,
      period: body.period,
      students: body.entries.length,
      absent: absent.length,
    });
    return buildSheet(tx, group, body.date, body.period, false);
  });
}
