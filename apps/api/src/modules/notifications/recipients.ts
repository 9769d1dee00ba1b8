import { fullNameOf } from '@madreseh/contract/text';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { parentStudents, parents } from '../../db/schema/parents';
import { students } from '../../db/schema/school';
import { studentNameColumns } from '../students/student-records';
import type { NotificationEvent } from './events';

export interface Recipients {
  /** Users who see it in their bell. */
  inApp: number[];
  /** Numbers it goes to by SMS (each once). */
  sms: string[];
  /** Values for the template's placeholders that come from the recipient side ({student}). */
  vars: Record<string, string>;
}

interface StudentAudience {
  userId: number;
  name: string;
  parentUserIds: Set<number>;
  mobiles: Set<string>;
}

/**
 * Who hears about each event (answers in the order of `events`). One query for all the students
 * the events name, however many there are (a class's invoices are issued in one go).
 *
 * A student event reaches the student's account (in-app), each linked parent's account (in-app),
 * and by SMS the parents' mobile held on the student record and each linked parent's mobile (a
 * number once, however it is known). The links are read in the same query (a left join: a student
 * without linked parents is one row, one with two is two).
 */
export async function recipientsOf(tx: Tx, events: readonly NotificationEvent[]): Promise<Recipients[]> {
  const studentIds = [...new Set(events.flatMap((e) => ('studentId' in e ? [e.studentId] : [])))];
  const rows = studentIds.length
    ? await tx
        .select({
          id: students.id,
          userId: students.userId,
          ...studentNameColumns,
          parentMobile: students.parentMobile,
          parentUserId: parents.userId,
          linkedMobile: parents.mobile,
        })
        .from(students)
        .leftJoin(parentStudents, eq(parentStudents.studentId, students.id))
        .leftJoin(parents, eq(parents.id, parentStudents.parentId))
        .where(inArray(students.id, studentIds))
    : [];
  const byId = new Map<number, StudentAudience>();
  for (const r of rows) {
    let s = byId.get(r.id);
    if (!s) {
      s = {
        userId: r.userId,
        name: fullNameOf(r),
        parentUserIds: new Set(),
        mobiles: new Set(r.parentMobile ? [r.parentMobile] : []),
      };
      byId.set(r.id, s);
    }
    if (r.parentUserId != null) s.parentUserIds.add(r.parentUserId);
    if (r.linkedMobile) s.mobiles.add(r.linkedMobile);
  }
  return events.map((e): Recipients => {
    if (e.kind === 'pre_register_status') return { inApp: [], sms: e.mobile ? [e.mobile] : [], vars: {} };
    const s = byId.get(e.studentId);
    if (!s) return { inApp: [], sms: [], vars: {} };
    return {
      inApp: [s.userId, ...[...s.parentUserIds].filter((id) => id !== s.userId)],
      sms: [...s.mobiles],
      vars: { student: s.name },
    };
  });
}
