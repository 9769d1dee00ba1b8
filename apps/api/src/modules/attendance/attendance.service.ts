import {
  type AttendanceState,
  type attendanceSettingsSchema,
  type ClassMonth,
  type DaySummary,
  type Holiday,
  type holidayInputSchema,
  type MyMonth,
  type Notice,
  type Sheet,
  STATE_RANK,
  type sheetSaveSchema,
  WEEKLY_CLOSED_DAY,
} from '@madreseh/contract/attendance/attendance.contract';
import {
  formatJalaliIso,
  JALALI_MONTHS,
  jalaliMonthLength,
  jalaliToIso,
  jalaliWeekday,
  todayIso,
  toJalali,
} from '@madreseh/contract/jalali';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { attendance, attendanceSaves, schoolHolidays, studentNotices } from '../../db/schema/attendance';
import { groups, students } from '../../db/schema/school';
import { settings } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { enqueue } from '../notifications/outbox';
import { fullNameOf, studentOfUser } from '../students/students.service';
import { subjectsOfTeacherInGroup } from '../teachers/teachers.service';

type SaveBody = z.output<typeof sheetSaveSchema>;
type HolidayBody = z.output<typeof holidayInputSchema>;
type SettingsBody = z.output<typeof attendanceSettingsSchema>;

export const ATTENDANCE_MESSAGES = {
  future: 'حضور و غیاب روزی که هنوز نیامده ثبت نمی‌شود.',
  closed: (why: string) => `این روز مدرسه تعطیل است (${why})؛ حضور و غیاب ثبت نمی‌شود.`,
  notYourClass: 'این کلاس از کلاس‌های شما نیست.',
  groupNotFound: 'کلاس پیدا نشد.',
  periodNeeded: (n: number) => `زنگ را انتخاب کنید (۱ تا ${n.toLocaleString('fa-IR')}).`,
  noPeriods: 'مدرسه حضور و غیاب را روزی یک بار می‌گیرد؛ زنگ را خالی بگذارید.',
  notInClass: 'این دانش‌آموز در این کلاس نیست.',
  twice: 'این دانش‌آموز دو بار آمده است.',
  keyReused: 'این کلید ذخیره پیش‌تر برای برگهٔ دیگری به کار رفته است؛ صفحه را تازه کنید و دوباره ذخیره کنید.',
  holidayPast: 'تاریخ تعطیلی معتبر نیست.',
} as const;

const FRIDAY = 'جمعه';

// ---------------------------------------------------------------- settings and holidays

/** How many periods a school day has for attendance (0: attendance is taken once a day). */
export async function periodsPerDay(db: Tx): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'attendance'));
  const n = (row?.value as { periodsPerDay?: unknown } | undefined)?.periodsPerDay;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
}

async function holidaysBetween(db: Tx, from: string, to: string): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(schoolHolidays)
    .where(and(gte(schoolHolidays.date, from), lte(schoolHolidays.date, to)));
  return new Map(rows.map((r) => [r.date, r.title]));
}

/** Why a day is closed (a holiday's title, or Friday), or null on a school day. */
export async function closedReason(db: Tx, date: string): Promise<string | null> {
  const [holiday] = await db.select().from(schoolHolidays).where(eq(schoolHolidays.date, date));
  if (holiday) return holiday.title;
  return jalaliWeekday(date) === WEEKLY_CLOSED_DAY ? FRIDAY : null;
}

export async function listHolidays(db: Tx): Promise<{ items: Holiday[]; periodsPerDay: number }> {
  const items = await db.select().from(schoolHolidays).orderBy(asc(schoolHolidays.date));
  return { items, periodsPerDay: await periodsPerDay(db) };
}

export async function addHoliday(db: Db, actor: Actor, body: HolidayBody) {
  return db.transaction(async (tx) => {
    await tx
      .insert(schoolHolidays)
      .values(body)
      .onConflictDoUpdate({ target: schoolHolidays.date, set: { title: body.title } });
    await audit(tx, actor, 'create', 'holiday', body.date, { date: body.date, title: body.title });
    return listHolidays(tx);
  });
}

export async function removeHoliday(db: Db, actor: Actor, date: string) {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(schoolHolidays).where(eq(schoolHolidays.date, date)).returning();
    if (gone.length === 0) throw AppError.notFound('این روز در فهرست تعطیلی‌ها نیست.');
    await audit(tx, actor, 'delete', 'holiday', date, { date, title: gone[0]?.title });
    return listHolidays(tx);
  });
}

export async function setAttendanceSettings(db: Db, actor: Actor, body: SettingsBody) {
  return db.transaction(async (tx) => {
    const before = await periodsPerDay(tx);
    await tx
      .insert(settings)
      .values({ key: 'attendance', value: body, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: body, updatedBy: actor.userId, updatedAt: new Date() },
      });
    await audit(tx, actor, 'update', 'attendance', null, { periodsPerDay: { from: before, to: body.periodsPerDay } });
    return listHolidays(tx);
  });
}

// ---------------------------------------------------------------- sheets

async function groupOf(db: Tx, groupId: number) {
  const [group] = await db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, groupId));
  if (!group) throw AppError.notFound(ATTENDANCE_MESSAGES.groupNotFound);
  return group;
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
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
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
  if (body.date > todayIso())
    throw AppError.badRequest(ATTENDANCE_MESSAGES.future, { date: ATTENDANCE_MESSAGES.future });
  return db.transaction(async (tx) => {
    const group = await assertMayTake(tx, auth, body.groupId);
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

// ---------------------------------------------------------------- months and days

function monthDays(year: number, month: number, holidays: Map<string, string>) {
  const days = [];
  for (let day = 1; day <= jalaliMonthLength(year, month); day++) {
    const date = jalaliToIso(year, month, day);
    const weekday = jalaliWeekday(date);
    days.push({ date, day, weekday, closed: holidays.get(date) ?? (weekday === WEEKLY_CLOSED_DAY ? FRIDAY : null) });
  }
  return days;
}

const worse = (a: AttendanceState | undefined, b: AttendanceState): AttendanceState =>
  a === undefined || STATE_RANK[b] > STATE_RANK[a] ? b : a;

function countsOf(marks: Iterable<AttendanceState>, lates: number) {
  let absent = 0;
  let excused = 0;
  for (const m of marks) {
    if (m === 'absent') absent++;
    if (m === 'excused') excused++;
  }
  return { absent, late: lates, excused };
}

export async function classMonth(db: Tx, groupId: number, year: number, month: number): Promise<ClassMonth> {
  const group = await groupOf(db, groupId);
  const from = jalaliToIso(year, month, 1);
  const to = jalaliToIso(year, month, jalaliMonthLength(year, month));
  const [holidays, marks] = await Promise.all([
    holidaysBetween(db, from, to),
    db
      .select({ studentId: attendance.studentId, date: attendance.date, state: attendance.state })
      .from(attendance)
      .where(and(eq(attendance.groupId, groupId), gte(attendance.date, from), lte(attendance.date, to))),
  ]);
  const markedIds = [...new Set(marks.map((m) => m.studentId))];
  const people = await db
    .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
    .from(students)
    .where(
      or(
        and(eq(students.groupId, groupId), ne(students.status, 'archived')),
        markedIds.length ? inArray(students.id, markedIds) : undefined,
      ),
    )
    .orderBy(asc(students.sortName), asc(students.id));
  const byStudent = new Map<number, { marks: Record<string, AttendanceState>; lates: number }>();
  for (const m of marks) {
    const entry = byStudent.get(m.studentId) ?? { marks: {}, lates: 0 };
    entry.marks[m.date] = worse(entry.marks[m.date], m.state);
    if (m.state === 'late') entry.lates++;
    byStudent.set(m.studentId, entry);
  }
  return {
    group,
    year,
    month,
    days: monthDays(year, month, holidays),
    rows: people.map((p) => {
      const e = byStudent.get(p.id) ?? { marks: {}, lates: 0 };
      return {
        studentId: p.id,
        fullName: fullNameOf(p),
        marks: e.marks,
        counts: countsOf(Object.values(e.marks), e.lates),
      };
    }),
  };
}

export function monthTitle(year: number, month: number): string {
  return `${JALALI_MONTHS[month - 1]} ${year}`;
}

export async function daySummary(db: Tx, date: string): Promise<DaySummary> {
  const [closed, classes, marks] = await Promise.all([
    closedReason(db, date),
    db
      .select({
        groupId: groups.id,
        groupName: groups.name,
        students: sql<number>`(select count(*)::int from ${students} s where s.group_id = ${groups}.id and s.status <> 'archived')`,
      })
      .from(groups)
      .where(eq(groups.academicYear, academicYearStart(date)))
      .orderBy(asc(groups.gradeLevel), asc(groups.sortName)),
    db
      .select({
        studentId: attendance.studentId,
        groupId: attendance.groupId,
        groupName: groups.name,
        firstName: students.firstName,
        lastName: students.lastName,
        period: attendance.period,
        state: attendance.state,
        lateMinutes: attendance.lateMinutes,
        reason: attendance.reason,
      })
      .from(attendance)
      .innerJoin(students, eq(students.id, attendance.studentId))
      .innerJoin(groups, eq(groups.id, attendance.groupId))
      .where(eq(attendance.date, date))
      .orderBy(asc(groups.gradeLevel), asc(groups.sortName), asc(students.sortName), asc(attendance.period)),
  ]);
  const taken = new Set(marks.map((m) => m.groupId));
  const dayMark = new Map<string, AttendanceState>();
  for (const m of marks)
    dayMark.set(`${m.groupId}:${m.studentId}`, worse(dayMark.get(`${m.groupId}:${m.studentId}`), m.state));
  return {
    date,
    closed,
    classes: classes.map((c) => {
      const states = [...dayMark.entries()].filter(([k]) => k.startsWith(`${c.groupId}:`)).map(([, s]) => s);
      return {
        ...c,
        taken: taken.has(c.groupId),
        absent: states.filter((s) => s === 'absent').length,
        late: states.filter((s) => s === 'late').length,
        excused: states.filter((s) => s === 'excused').length,
      };
    }),
    missing: marks
      .filter((m) => m.state !== 'present')
      .map((m) => ({
        studentId: m.studentId,
        fullName: fullNameOf(m),
        groupName: m.groupName,
        period: m.period,
        state: m.state,
        lateMinutes: m.lateMinutes,
        reason: m.reason,
      })),
  };
}

function academicYearStart(date: string): number {
  const { year, month } = toJalali(date);
  return month >= 7 ? year : year - 1;
}

export async function myMonth(
  db: Db,
  auth: Pick<AuthContext, 'userId'>,
  q: { year?: number; month?: number },
): Promise<MyMonth> {
  const student = await studentOfUser(db, auth.userId);
  const now = toJalali(todayIso());
  const year = q.year ?? now.year;
  const month = q.month ?? now.month;
  const from = jalaliToIso(year, month, 1);
  const to = jalaliToIso(year, month, jalaliMonthLength(year, month));
  const [holidays, marks] = await Promise.all([
    holidaysBetween(db, from, to),
    db
      .select()
      .from(attendance)
      .where(and(eq(attendance.studentId, student.id), gte(attendance.date, from), lte(attendance.date, to)))
      .orderBy(asc(attendance.date), asc(attendance.period)),
  ]);
  const dayMarks = new Map<string, AttendanceState>();
  for (const m of marks) dayMarks.set(m.date, worse(dayMarks.get(m.date), m.state));
  return {
    year,
    month,
    days: monthDays(year, month, holidays).map((d) => ({
      ...d,
      marks: marks
        .filter((m) => m.date === d.date)
        .map((m) => ({ period: m.period, state: m.state, lateMinutes: m.lateMinutes, reason: m.reason })),
    })),
    counts: countsOf(dayMarks.values(), marks.filter((m) => m.state === 'late').length),
  };
}

export async function myNotices(db: Db, auth: AuthContext): Promise<{ items: Notice[] }> {
  const student = await studentOfUser(db, auth.userId);
  const rows = await db
    .select()
    .from(studentNotices)
    .where(eq(studentNotices.studentId, student.id))
    .orderBy(desc(studentNotices.createdAt), desc(studentNotices.id))
    .limit(50);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      title: r.title,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
