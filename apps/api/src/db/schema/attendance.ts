import { ATTENDANCE_STATES } from '@madreseh/contract/attendance/attendance.contract';
import { sql } from 'drizzle-orm';
import { check, date, index, pgEnum, pgTable, smallint, text, unique, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, instantNow, ref, requiredRef } from './columns';
import { groups, students } from './school';
import { users } from './users';

export const attendanceStateEnum = pgEnum('attendance_state', ATTENDANCE_STATES);

/**
 * One student's mark on one school day, per period where the school uses periods (period null when it
 * does not): one row per (student, date, period), nulls counted as equal.
 */
export const attendance = pgTable(
  'attendance',
  {
    id: id(),
    studentId: requiredRef('student_id', () => students.id, 'cascade'),
    groupId: requiredRef('group_id', () => groups.id, 'cascade'),
    date: date('date', { mode: 'string' }).notNull(),
    period: smallint('period'),
    state: attendanceStateEnum('state').notNull(),
    lateMinutes: smallint('late_minutes'),
    reason: varchar('reason', { length: 200 }),
    recordedBy: ref('recorded_by', () => users.id, 'set null'),
    updatedAt: instantNow('updated_at'),
  },
  (t) => [
    unique('attendance_student_date_period_key').on(t.studentId, t.date, t.period).nullsNotDistinct(),
    index('attendance_group_date_idx').on(t.groupId, t.date),
    index('attendance_date_idx').on(t.date),
    check('attendance_period_check', sql`${t.period} is null or ${t.period} between 1 and 10`),
    check('attendance_late_check', sql`${t.state} <> 'late' or ${t.lateMinutes} between 1 and 240`),
  ],
);

/** Saves of attendance sheets by the key the browser made: a retried save is answered, not applied again. */
export const attendanceSaves = pgTable(
  'attendance_saves',
  {
    clientKey: varchar('client_key', { length: 64 }).primaryKey(),
    userId: requiredRef('user_id', () => users.id, 'cascade'),
    groupId: requiredRef('group_id', () => groups.id, 'cascade'),
    date: date('date', { mode: 'string' }).notNull(),
    period: smallint('period'),
    savedAt: instantNow('saved_at'),
  },
  (t) => [index('attendance_saves_group_date_idx').on(t.groupId, t.date)],
);

/** Days the school is closed (besides Fridays): no attendance is taken on them. */
export const schoolHolidays = pgTable('school_holidays', {
  date: date('date', { mode: 'string' }).primaryKey(),
  title: varchar('title', { length: 100 }).notNull(),
});

/**
 * Notices a student sees in the student area (an absence recorded, …). `ref` keeps one notice per
 * thing noticed (an absence: its date), so a sheet saved again does not notify twice.
 */
export const studentNotices = pgTable(
  'student_notices',
  {
    id: id(),
    studentId: requiredRef('student_id', () => students.id, 'cascade'),
    kind: varchar('kind', { length: 30 }).notNull(),
    ref: varchar('ref', { length: 40 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    body: text('body').notNull(),
    ...createdAt(),
  },
  (t) => [
    unique('student_notices_student_kind_ref_key').on(t.studentId, t.kind, t.ref),
    index('student_notices_student_idx').on(t.studentId, t.createdAt),
  ],
);
