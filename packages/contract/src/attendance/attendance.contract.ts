import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParamSchema, idSchema } from '../ids';
import { isoDateSchema } from '../jalali';
import { STAFF, STUDENT, TEACHER_OR_STAFF } from '../roles';
import { text, tidyPersian } from '../text';

export const ATTENDANCE_STATES = ['present', 'absent', 'late', 'excused'] as const;
export type AttendanceState = (typeof ATTENDANCE_STATES)[number];
export const ATTENDANCE_LABELS: Record<AttendanceState, string> = {
  present: 'حاضر',
  absent: 'غایب',
  late: 'تأخیر',
  excused: 'غیبت موجه',
};
/** The worse of two marks of one day (a day with several periods shows its worst). */
export const STATE_RANK: Record<AttendanceState, number> = { present: 0, excused: 1, late: 2, absent: 3 };
/** Periods a school day may have (a setting; 0 = the school takes attendance once a day). */
export const MAX_PERIODS = 10;
/** Friday: the weekly closed day of Iranian schools (school-days.ts). */
export { WEEKLY_CLOSED_DAY } from '../school-days';

const periodSchema = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: 'زنگ معتبر نیست.' })
    .int({ error: 'زنگ معتبر نیست.' })
    .min(1, { error: 'زنگ معتبر نیست.' })
    .max(MAX_PERIODS, { error: 'زنگ معتبر نیست.' })
    .nullable(),
);

export const sheetQuerySchema = z.object({
  groupId: idParamSchema,
  date: isoDateSchema,
  period: periodSchema.default(null),
});

export const entrySchema = z
  .object({
    studentId: idSchema,
    state: z.enum(ATTENDANCE_STATES, { error: 'وضعیت حضور را انتخاب کنید.' }),
    lateMinutes: z
      .number({ error: 'دقیقهٔ تأخیر را بنویسید.' })
      .int({ error: 'دقیقهٔ تأخیر را بنویسید.' })
      .min(1, { error: 'دقیقهٔ تأخیر از ۱ تا ۲۴۰ است.' })
      .max(240, { error: 'دقیقهٔ تأخیر از ۱ تا ۲۴۰ است.' })
      .nullable()
      .default(null),
    reason: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      text()
        .transform((v) => tidyPersian(v))
        .refine((v) => v.length <= 200, { error: 'دلیل حداکثر ۲۰۰ نویسه باشد.' })
        .nullable()
        .default(null),
    ),
  })
  .superRefine((e, ctx) => {
    if (e.state === 'late' && e.lateMinutes === null)
      ctx.addIssue({ code: 'custom', path: ['lateMinutes'], message: 'چند دقیقه تأخیر داشته است؟' });
    if (e.state === 'excused' && e.reason === null)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'دلیل غیبت موجه را بنویسید.' });
  });
export type AttendanceEntry = z.input<typeof entrySchema>;

/**
 * One save of a class's sheet. `clientKey` is made by the browser once per save: a retry (a queued
 * save sent again when the network returns) with the same key is answered without a second effect.
 */
export const sheetSaveSchema = z.object({
  clientKey: text().regex(/^[A-Za-z0-9-]{8,64}$/, { message: 'کلید ذخیره معتبر نیست.' }),
  groupId: idSchema,
  date: isoDateSchema,
  period: periodSchema.default(null),
  entries: z.array(entrySchema).min(1, { error: 'چیزی برای ذخیره نیست.' }).max(200),
});
export type SheetSave = z.input<typeof sheetSaveSchema>;

export const sheetSchema = z.object({
  group: z.object({ id: z.number().int(), name: z.string() }),
  date: z.string(),
  period: z.number().int().nullable(),
  periodsPerDay: z.number().int(),
  /** Why the day is closed (a holiday's title, or Friday); null on a school day. */
  closed: z.string().nullable(),
  /** True once the sheet of this day (and period) was saved. */
  taken: z.boolean(),
  savedAt: z.string().nullable(),
  rows: z.array(
    z.object({
      studentId: z.number().int(),
      fullName: z.string(),
      state: z.enum(ATTENDANCE_STATES),
      lateMinutes: z.number().int().nullable(),
      reason: z.string().nullable(),
    }),
  ),
  /** True when this answer is for a save already made with the same key (nothing changed). */
  replayed: z.boolean(),
});
export type Sheet = z.infer<typeof sheetSchema>;

export const holidaySchema = z.object({ date: z.string(), title: z.string() });
export type Holiday = z.infer<typeof holidaySchema>;
export const holidayInputSchema = z.object({
  date: isoDateSchema,
  title: text({ error: 'عنوان تعطیلی را بنویسید.' })
    .transform((v) => tidyPersian(v))
    .refine((v) => v.length > 0, { error: 'عنوان تعطیلی را بنویسید.' })
    .refine((v) => v.length <= 100, { error: 'عنوان حداکثر ۱۰۰ نویسه باشد.' }),
});
export type HolidayInput = z.input<typeof holidayInputSchema>;

export const attendanceSettingsSchema = z.object({
  periodsPerDay: z
    .number({ error: 'تعداد زنگ از ۰ تا ۱۰ است.' })
    .int({ error: 'تعداد زنگ از ۰ تا ۱۰ است.' })
    .min(0, { error: 'تعداد زنگ از ۰ تا ۱۰ است.' })
    .max(MAX_PERIODS, { error: 'تعداد زنگ از ۰ تا ۱۰ است.' }),
});
export type AttendanceSettings = z.infer<typeof attendanceSettingsSchema>;

/** A Jalali month of one class or one student. */
export const monthQuerySchema = z.object({
  year: z.coerce.number({ error: 'سال معتبر نیست.' }).int().min(1380).max(1479),
  month: z.coerce.number({ error: 'ماه معتبر نیست.' }).int().min(1).max(12),
});
const daySchema = z.object({
  date: z.string(),
  day: z.number().int(),
  weekday: z.number().int(),
  /** A holiday's title or «جمعه»; null on a school day. */
  closed: z.string().nullable(),
});
const countsSchema = z.object({
  absent: z.number().int(),
  late: z.number().int(),
  excused: z.number().int(),
});
export const classMonthSchema = z.object({
  group: z.object({ id: z.number().int(), name: z.string() }),
  year: z.number().int(),
  month: z.number().int(),
  days: z.array(daySchema),
  rows: z.array(
    z.object({
      studentId: z.number().int(),
      fullName: z.string(),
      /** ISO date → the day's worst mark (with periods), only for days with a saved sheet. */
      marks: z.record(z.string(), z.enum(ATTENDANCE_STATES)),
      counts: countsSchema,
    }),
  ),
});
export type ClassMonth = z.infer<typeof classMonthSchema>;

export const myMonthSchema = z.object({
  year: z.number().int(),
  month: z.number().int(),
  days: z.array(
    daySchema.extend({
      marks: z.array(
        z.object({
          period: z.number().int().nullable(),
          state: z.enum(ATTENDANCE_STATES),
          lateMinutes: z.number().int().nullable(),
          reason: z.string().nullable(),
        }),
      ),
    }),
  ),
  counts: countsSchema,
});
export type MyMonth = z.infer<typeof myMonthSchema>;

export const daySummarySchema = z.object({
  date: z.string(),
  closed: z.string().nullable(),
  classes: z.array(
    z.object({
      groupId: z.number().int(),
      groupName: z.string(),
      students: z.number().int(),
      taken: z.boolean(),
      absent: z.number().int(),
      late: z.number().int(),
      excused: z.number().int(),
    }),
  ),
  /** Everyone marked other than present that day, by class and name. */
  missing: z.array(
    z.object({
      studentId: z.number().int(),
      fullName: z.string(),
      groupName: z.string(),
      period: z.number().int().nullable(),
      state: z.enum(ATTENDANCE_STATES),
      lateMinutes: z.number().int().nullable(),
      reason: z.string().nullable(),
    }),
  ),
});
export type DaySummary = z.infer<typeof daySummarySchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const attendanceContract = {
  sheet: endpoint({
    method: 'GET',
    path: 'attendance/sheet',
    access: TEACHER_OR_STAFF,
    summary: "A class's attendance of one day (and period): everyone present unless marked otherwise",
    query: sheetQuerySchema,
    response: sheetSchema,
    noStore: true,
  }),
  save: endpoint({
    method: 'PUT',
    path: 'attendance/sheet',
    access: TEACHER_OR_STAFF,
    summary:
      "Saves a class's attendance of one day (and period) at once; a retry with the same clientKey changes nothing",
    body: sheetSaveSchema,
    response: sheetSchema,
  }),
  holidays: endpoint({
    method: 'GET',
    path: 'attendance/holidays',
    access: TEACHER_OR_STAFF,
    summary: 'The closed days of the school (Jalali calendar of holidays), and the number of periods a day',
    response: z.object({ items: z.array(holidaySchema), periodsPerDay: z.number().int() }),
    noStore: true,
  }),
  addHoliday: endpoint({
    method: 'POST',
    path: 'panel/attendance/holidays',
    access: STAFF,
    summary: 'Adds (or renames) a closed day; attendance is refused on it',
    body: holidayInputSchema,
    response: z.object({ items: z.array(holidaySchema), periodsPerDay: z.number().int() }),
  }),
  removeHoliday: endpoint({
    method: 'DELETE',
    path: 'panel/attendance/holidays/:date',
    access: STAFF,
    summary: 'Removes a closed day',
    params: z.object({ date: isoDateSchema }),
    response: z.object({ items: z.array(holidaySchema), periodsPerDay: z.number().int() }),
  }),
  setSettings: endpoint({
    method: 'PUT',
    path: 'panel/attendance/settings',
    access: STAFF,
    summary: 'How many periods a school day has for attendance (0: once a day)',
    body: attendanceSettingsSchema,
    response: z.object({ items: z.array(holidaySchema), periodsPerDay: z.number().int() }),
  }),
  classMonth: endpoint({
    method: 'GET',
    path: 'panel/attendance/month',
    access: STAFF,
    summary: "A class's attendance of one Jalali month: a row per student, a column per day",
    query: monthQuerySchema.extend({ groupId: idParamSchema }),
    response: classMonthSchema,
    noStore: true,
  }),
  exportMonth: endpoint({
    method: 'GET',
    path: 'panel/attendance/month/export',
    access: STAFF,
    summary: "A class's attendance of one Jalali month as an XLSX file",
    query: monthQuerySchema.extend({ groupId: idParamSchema }),
    file: true,
    noStore: true,
  }),
  day: endpoint({
    method: 'GET',
    path: 'panel/attendance/day',
    access: STAFF,
    summary: 'The school on one day: each class taken or not, and who is absent, late or excused',
    query: z.object({ date: isoDateSchema }),
    response: daySummarySchema,
    noStore: true,
  }),
  mine: endpoint({
    method: 'GET',
    path: 'student/attendance',
    access: STUDENT,
    summary: "The caller's attendance of one Jalali month (this month unless asked)",
    query: monthQuerySchema.partial(),
    response: myMonthSchema,
    noStore: true,
  }),
  notices: endpoint({
    method: 'GET',
    path: 'student/notices',
    access: STUDENT,
    summary: "The caller's notices (absences recorded), newest first",
    response: z.object({ items: z.array(noticeSchema) }),
    noStore: true,
  }),
} as const;
