import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { students } from '../../db/schema/school';
import type { NotificationEvent } from './events';

export interface Recipients {
  /** Users who see it in their bell. */
  inApp: number[];
  /** Numbers it goes to by SMS (each once). */
  sms: string[];
  /** Values for the template's placeholders that come from the recipient side ({student}). */
  vars: Record<string, string>;
}

/**
 * Who hears about each event (answers in the order of `events`). One query for all the students
 * the events name, however many there are (a class's invoices are issued in one go).
 *
 * Today a student event reaches the student's account (in-app) and the parents' mobile held on the
 * student record (SMS). When parent accounts arrive, their linked users are added here: read the
 * links of `studentIds` in the same query, push each linked parent's user id into `inApp` and their
 * mobile into `sms` (deduplicated against the record's mobile), and every event reaches them.
 */
export async function recipientsOf(tx: Tx, events: readonly NotificationEvent[]): Promise<Recipients[]> {
  const studentIds = [...new Set(events.flatMap((e) => ('studentId' in e ? [e.studentId] : [])))];
  const rows = studentIds.length
    ? await tx
        .select({
          id: students.id,
          userId: students.userId,
          firstName: students.firstName,
          lastName: students.lastName,
          parentMobile: students.parentMobile,
        })
        .from(students)
        .where(inArray(students.id, studentIds))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return events.map((e): Recipients => {
    if (e.kind === 'pre_register_status') return { inApp: [], sms: e.mobile ? [e.mobile] : [], vars: {} };
    const s = byId.get(e.studentId);
    if (!s) return { inApp: [], sms: [], vars: {} };
    const sms = new Set<string>();
    if (s.parentMobile) sms.add(s.parentMobile);
    // Linked parent users (role parent) join here: inApp.push(parent.userId); sms.add(parent.mobile).
    return { inApp: [s.userId], sms: [...sms], vars: { student: `${s.firstName} ${s.lastName}` } };
  });
}
