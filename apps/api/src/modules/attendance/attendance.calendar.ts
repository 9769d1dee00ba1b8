import {
  type attendanceSettingsSchema,
  type Holiday,
  type holidayInputSchema,
  WEEKLY_CLOSED_DAY,
} from '@madreseh/contract/attendance/attendance.contract';
import { jalaliWeekday } from '@madreseh/contract/jalali';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { schoolHolidays } from '../../db/schema/attendance';
import { settings } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { FRIDAY } from './attendance.messages';

/** The school's attendance calendar: periods per day, holidays and closed days. */
type HolidayBody = z.output<typeof holidayInputSchema>;
type SettingsBody = z.output<typeof attendanceSettingsSchema>;

/** How many periods a school day has for attendance (0: attendance is taken once a day). */
export async function periodsPerDay(db: Tx): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'attendance'));
  const n = (row?.value as { periodsPerDay?: unknown } | undefined)?.periodsPerDay;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 0;
}

export async function holidaysBetween(db: Tx, from: string, to: string): Promise<Map<string, string>> {
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
