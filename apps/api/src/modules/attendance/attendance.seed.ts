import { todayIso } from '@madreseh/contract/jalali';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { attendance, attendanceSaves, schoolHolidays } from '../../db/schema/attendance';
import { groups, students } from '../../db/schema/school';
import { DEMO_TEACHER } from '../teachers/teachers.seed';
import { closedReason } from './attendance.calendar';
import { onAbsenceRecorded } from './attendance.service';

const DAY = 86_400_000;
const isoDaysBefore = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) - n * DAY).toISOString().slice(0, 10);

/**
 * A month of attendance in teacher1's class (student1's): the last 30 days up to yesterday, taken by
 * teacher1 on every school day, with a closed day among them, a few absences, lates and an excused day.
 */
export async function seedAttendanceDemo(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const teacherUser = userIds.get(DEMO_TEACHER.username);
  const [group] = await tx
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(eq(groups.name, DEMO_TEACHER.groupName));
  if (!teacherUser || !group) return;
  const today = todayIso();
  await tx
    .insert(schoolHolidays)
    .values({ date: isoDaysBefore(today, 12), title: 'تعطیلی رسمی' })
    .onConflictDoNothing();
  const members = await tx
    .select({ id: students.id, userId: students.userId })
    .from(students)
    .where(and(eq(students.groupId, group.id), ne(students.status, 'archived')))
    .orderBy(asc(students.sortName), asc(students.id));
  const student1 = userIds.get('student1');
  for (let back = 30; back >= 1; back--) {
    const date = isoDaysBefore(today, back);
    if (await closedReason(tx, date)) continue;
    const rows = members.map((m, i) => {
      // student1 misses two days and is late once; the others now and then.
      const own = m.userId === student1;
      const absent = own ? back === 9 || back === 23 : (back + i * 7) % 17 === 0;
      const late = own ? back === 4 : (back + i * 5) % 19 === 0;
      const excused = !own && (back + i * 3) % 29 === 0;
      const state = absent ? 'absent' : late ? 'late' : excused ? 'excused' : 'present';
      return {
        studentId: m.id,
        groupId: group.id,
        date,
        period: null,
        state: state as 'absent' | 'late' | 'excused' | 'present',
        lateMinutes: state === 'late' ? 10 : null,
        reason: state === 'excused' ? 'بیماری (نامهٔ ولی)' : null,
        recordedBy: teacherUser,
      };
    });
    await tx.insert(attendance).values(rows);
    await tx
      .insert(attendanceSaves)
      .values({ clientKey: `demo-${date}`, userId: teacherUser, groupId: group.id, date, period: null });
    await onAbsenceRecorded(
      tx,
      {
        date,
        period: null,
        group,
        studentIds: rows.filter((r) => r.state === 'absent').map((r) => r.studentId),
      },
      // A month of demo absences in the bells, none in the SMS log.
      { sms: false },
    );
  }
}
