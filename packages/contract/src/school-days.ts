import { jalaliWeekday } from './jalali-calendar';

/**
 * Which days the school is open, from its calendar of holidays, without zod: the attendance pages and
 * the dashboard's day open on the last school day, and the server says the same (attendance.calendar.ts).
 */

/** Friday: the weekly closed day of Iranian schools. */
export const WEEKLY_CLOSED_DAY = 6;

/** A school's closed days: its holidays (ISO days), Fridays besides. */
export type Holidays = ReadonlySet<string> | readonly { date: string }[];

function holidaySet(holidays: Holidays): ReadonlySet<string> {
  return holidays instanceof Set ? holidays : new Set((holidays as readonly { date: string }[]).map((h) => h.date));
}

/** True on a Friday or a holiday of the school. */
export function isClosedDay(iso: string, holidays: Holidays): boolean {
  return jalaliWeekday(iso) === WEEKLY_CLOSED_DAY || holidaySet(holidays).has(iso);
}

/**
 * The last day the school was open, `today` included: today on a school day; on a Friday or a holiday
 * the school day before it (Thursday before a Friday, the day before a run of holidays). A year of closed
 * days in a row (no such calendar) answers `today`.
 */
export function lastSchoolDay(today: string, holidays: Holidays): string {
  const closed = holidaySet(holidays);
  let day = today;
  for (let back = 0; back < 366; back++) {
    if (!isClosedDay(day, closed)) return day;
    day = new Date(Date.parse(`${day}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  }
  return today;
}
