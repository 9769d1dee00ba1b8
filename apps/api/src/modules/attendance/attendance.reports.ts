import {
  type AttendanceState,
  type ClassMonth,
  type DaySummary,
  type MyMonth,
  type Notice,
  STATE_RANK,
  WEEKLY_CLOSED_DAY,
} from '@madreseh/contract/attendance/attendance.contract';
import {
  JALALI_MONTHS,
  jalaliMonthLength,
  jalaliToIso,
  jalaliWeekday,
  todayIso,
  toJalali,
} from '@madreseh/contract/jalali';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type { AuthContext } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { attendance, studentNotices } from '../../db/schema/attendance';
import { groups, students } from '../../db/schema/school';
import { studentNameColumns, studentOfUser } from '../students/student-records';
import { closedReason, holidaysBetween } from './attendance.calendar';
import { FRIDAY } from './attendance.messages';
import { groupOf } from './attendance.service';

/** What attendance adds up to: a class's month, the school's day, a student's month and notices. */

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
    .select({ id: students.id, ...studentNameColumns })
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
        ...studentNameColumns,
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
