import { randomUUID } from 'node:crypto';
import { contract } from '@madreseh/contract/endpoints';
import {
  academicYearOf,
  academicYearRange,
  jalaliToIso,
  jalaliWeekday,
  todayIso,
  toJalali,
} from '@madreseh/contract/jalali';
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { attendance, studentNotices } from '../../db/schema/attendance';
import { notifications, smsOptOuts } from '../../db/schema/notifications';
import { students } from '../../db/schema/school';
import { settings } from '../../db/schema/site';
import { seventhGrades } from '../../test/demo-classes';
import { workbookOf } from '../../test/sheets';
import { useTestApp } from '../../test/test-app';
import { DEMO_PARENT_MOBILE } from '../parents/parents.seed';

/*
 * Sheets are saved only for days of the class's school year (from 1 Mehr), and these tests date theirs up
 * to about 65 days back, on days the demo's month of attendance (the 30 days before the real today) does
 * not hold. Early in the school year the day they take for today is therefore 70 days ahead, still in the
 * year of the demo's classes, so they run the same on every day of the year.
 */
vi.mock('@madreseh/contract/jalali', async (importOriginal) => {
  const real = await importOriginal<typeof import('@madreseh/contract/jalali')>();
  const now = real.todayIso();
  const { from } = real.academicYearRange(real.academicYearOf(now).start);
  const ahead = (iso: string, days: number) =>
    new Date(Date.parse(`${iso}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const today = now < ahead(from, 70) ? ahead(now, 70) : now;
  return { ...real, todayIso: () => today };
});

const ac = contract.attendance;
const t = useTestApp();
let admin: string;
let teacher: string;
let seventhA: { id: number };
let seventhB: { id: number };

/** A past school day (not a Friday) `back` days before today, Gregorian ISO. */
function schoolDay(back: number): string {
  let d = new Date(`${todayIso()}T12:00:00Z`);
  d = new Date(d.getTime() - back * 86_400_000);
  while (jalaliWeekday(d.toISOString().slice(0, 10)) === 6) d = new Date(d.getTime() - 86_400_000);
  return d.toISOString().slice(0, 10);
}

beforeAll(async () => {
  ({ admin, seventhA, seventhB } = await seventhGrades(t));
  teacher = await t.sessionFor('teacher1');
});

async function sheet(token: string, groupId: number, date: string, period?: number) {
  return t.call(ac.sheet, { headers: t.as(token), query: { groupId, date, period } });
}

function save(token: string, body: object) {
  return t.call(ac.save, { headers: t.as(token), body: { clientKey: randomUUID(), ...body } });
}

describe('attendance sheets', () => {
  it('list the class with everyone present until saved', async () => {
    const date = schoolDay(40);
    const res = await sheet(teacher, seventhA.id, date);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json();
    expect(s.taken).toBe(false);
    expect(s.rows.length).toBeGreaterThan(2);
    expect(s.rows.every((r: { state: string }) => r.state === 'present')).toBe(true);
  });

  it('are refused to a teacher for a class she does not teach', async () => {
    const res = await sheet(teacher, seventhB.id, schoolDay(40));
    expect(res.statusCode).toBe(404);
    const saved = await save(teacher, {
      groupId: seventhB.id,
      date: schoolDay(40),
      entries: [{ studentId: 1, state: 'present' }],
    });
    expect(saved.statusCode).toBe(404);
  });

  it('save at once, one row per (student, day, period), and a second save updates', async () => {
    const date = schoolDay(41);
    const rows = (await sheet(teacher, seventhA.id, date)).json().rows as { studentId: number }[];
    const [a, b, c] = rows.map((r) => r.studentId);
    const first = await save(teacher, {
      groupId: seventhA.id,
      date,
      entries: rows.map((r) => ({ studentId: r.studentId, state: r.studentId === a ? 'absent' : 'present' })),
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().taken).toBe(true);
    const second = await save(admin, {
      groupId: seventhA.id,
      date,
      entries: [
        { studentId: a, state: 'excused', reason: 'بیماری' },
        { studentId: b, state: 'late', lateMinutes: 10 },
        { studentId: c, state: 'absent' },
      ],
    });
    expect(second.statusCode, second.body).toBe(200);
    const byId = new Map(second.json().rows.map((r: { studentId: number }) => [r.studentId, r]));
    expect(byId.get(a)).toMatchObject({ state: 'excused', reason: 'بیماری' });
    expect(byId.get(b)).toMatchObject({ state: 'late', lateMinutes: 10 });
    const stored = await t.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.studentId, a as number), eq(attendance.date, date)));
    expect(stored).toHaveLength(1);
    // The database itself refuses a second row for the same (student, day, no period).
    await expect(
      t.db
        .insert(attendance)
        .values({ studentId: a as number, groupId: seventhA.id, date, period: null, state: 'present' }),
    ).rejects.toThrow();
  });

  it('ask why for a late or excused mark', async () => {
    const date = schoolDay(42);
    const rows = (await sheet(teacher, seventhA.id, date)).json().rows as { studentId: number }[];
    const res = await save(teacher, {
      groupId: seventhA.id,
      date,
      entries: [{ studentId: rows[0]?.studentId, state: 'late' }],
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().fields)).toMatch(/دقیقه/);
  });

  it('answer a retried save (same client key) without a second effect', async () => {
    const date = schoolDay(43);
    const rows = (await sheet(teacher, seventhA.id, date)).json().rows as { studentId: number }[];
    const target = rows[1]?.studentId as number;
    const body = {
      clientKey: randomUUID(),
      groupId: seventhA.id,
      date,
      entries: rows.map((r) => ({ studentId: r.studentId, state: r.studentId === target ? 'absent' : 'present' })),
    };
    const first = await t.call(ac.save, { headers: t.as(teacher), body });
    expect(first.statusCode).toBe(200);
    expect(first.json().replayed).toBe(false);
    // Staff correct the mark meanwhile; the queued save arrives again from the phone.
    await save(admin, {
      groupId: seventhA.id,
      date,
      entries: [{ studentId: target, state: 'excused', reason: 'نامهٔ پزشک' }],
    });
    const [again, twice] = await Promise.all([
      t.call(ac.save, { headers: t.as(teacher), body }),
      t.call(ac.save, { headers: t.as(teacher), body }),
    ]);
    for (const r of [again, twice]) {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().replayed).toBe(true);
      expect(r.json().rows.find((x: { studentId: number }) => x.studentId === target).state).toBe('excused');
    }
    const stored = await t.db
      .select()
      .from(attendance)
      .where(and(eq(attendance.groupId, seventhA.id), eq(attendance.date, date)));
    expect(stored).toHaveLength(rows.length);
    const notices = await t.db
      .select()
      .from(studentNotices)
      .where(and(eq(studentNotices.studentId, target), eq(studentNotices.ref, date)));
    expect(notices).toHaveLength(1);
    // The same key for another sheet is a mistake, not a retry.
    const reused = await t.call(ac.save, { headers: t.as(teacher), body: { ...body, date: schoolDay(44) } });
    expect(reused.statusCode).toBe(409);
  });

  it('are refused for a day not yet come', async () => {
    const tomorrow = new Date(Date.parse(`${todayIso()}T12:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await save(admin, {
      groupId: seventhA.id,
      date: tomorrow,
      entries: [{ studentId: 1, state: 'present' }],
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('the day of a sheet', () => {
  it('is a day of the class’s school year: years back or before Mehr are refused, nothing saved, nobody told', async () => {
    const { from } = academicYearRange(academicYearOf().start);
    const dayBefore = new Date(Date.parse(`${from}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const rows = (await sheet(teacher, seventhA.id, schoolDay(3))).json().rows as { studentId: number }[];
    const entries = rows.map((r) => ({ studentId: r.studentId, state: 'absent' }));
    for (const token of [teacher, admin]) {
      for (const date of ['2000-01-02', '1990-05-06', dayBefore]) {
        const res = await save(token, { groupId: seventhA.id, date, entries });
        expect(res.statusCode, `${date}: ${res.body}`).toBe(400);
        expect(res.json().fields.date).toMatch(/سال تحصیلی این کلاس/);
        const stored = await t.db.select().from(attendance).where(eq(attendance.date, date));
        expect(stored).toHaveLength(0);
        const told = await t.db
          .select()
          .from(notifications)
          .where(like(notifications.idempotencyKey, `absence:%:${date}:%`));
        expect(told).toHaveLength(0);
      }
    }
  });
});

describe('periods', () => {
  it('are one sheet each when the school uses them', async () => {
    const date = schoolDay(45);
    const set = await t.call(ac.setSettings, { headers: t.as(admin), body: { periodsPerDay: 4 } });
    expect(set.statusCode).toBe(200);
    try {
      const rows = (await sheet(teacher, seventhA.id, date, 1)).json().rows as { studentId: number }[];
      const id = rows[0]?.studentId;
      const noPeriod = await save(teacher, {
        groupId: seventhA.id,
        date,
        entries: [{ studentId: id, state: 'absent' }],
      });
      expect(noPeriod.statusCode).toBe(400);
      for (const period of [1, 2]) {
        const r = await save(teacher, {
          groupId: seventhA.id,
          date,
          period,
          entries: [{ studentId: id, state: period === 1 ? 'absent' : 'present' }],
        });
        expect(r.statusCode, r.body).toBe(200);
      }
      const five = await save(teacher, {
        groupId: seventhA.id,
        date,
        period: 5,
        entries: [{ studentId: id, state: 'present' }],
      });
      expect(five.statusCode).toBe(400);
      const stored = await t.db
        .select()
        .from(attendance)
        .where(and(eq(attendance.studentId, id as number), eq(attendance.date, date)));
      expect(stored.map((s) => s.period).sort()).toEqual([1, 2]);
    } finally {
      await t.call(ac.setSettings, { headers: t.as(admin), body: { periodsPerDay: 0 } });
    }
  });
});

describe('holidays', () => {
  it('are closed days: attendance is refused on them and on Fridays', async () => {
    const date = schoolDay(50);
    const added = await t.call(ac.addHoliday, { headers: t.as(admin), body: { date, title: 'تعطیلی رسمی' } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items.map((h: { date: string }) => h.date)).toContain(date);
    const s = (await sheet(teacher, seventhA.id, date)).json();
    expect(s.closed).toBe('تعطیلی رسمی');
    const refused = await save(teacher, {
      groupId: seventhA.id,
      date,
      entries: [{ studentId: s.rows[0].studentId, state: 'present' }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/تعطیل/);

    let friday = new Date(Date.parse(`${todayIso()}T12:00:00Z`) - 7 * 86_400_000);
    while (jalaliWeekday(friday.toISOString().slice(0, 10)) !== 6) friday = new Date(friday.getTime() - 86_400_000);
    const onFriday = await save(teacher, {
      groupId: seventhA.id,
      date: friday.toISOString().slice(0, 10),
      entries: [{ studentId: s.rows[0].studentId, state: 'present' }],
    });
    expect(onFriday.statusCode).toBe(409);

    const removed = await t.call(ac.removeHoliday, { headers: t.as(admin), params: { date } });
    expect(removed.statusCode).toBe(200);
    const open = await save(teacher, {
      groupId: seventhA.id,
      date,
      entries: [{ studentId: s.rows[0].studentId, state: 'present' }],
    });
    expect(open.statusCode).toBe(200);
  });

  it('are staff’s to edit', async () => {
    const res = await t.call(ac.addHoliday, { headers: t.as(teacher), body: { date: schoolDay(3), title: 'x' } });
    expect(res.statusCode).toBe(403);
  });
});

describe('what staff and students see', () => {
  it('a class month, the day summary, the XLSX, the student’s month and notice, and the report card count', async () => {
    const date = schoolDay(2);
    const rows = (await sheet(admin, seventhA.id, date)).json().rows as { studentId: number; fullName: string }[];
    const sara = rows.find((r) => r.fullName === 'سارا محمدی');
    expect(sara).toBeDefined();
    const res = await save(teacher, {
      groupId: seventhA.id,
      date,
      entries: rows.map((r) => ({ studentId: r.studentId, state: r === sara ? 'absent' : 'present' })),
    });
    expect(res.statusCode).toBe(200);

    const { year, month } = (await import('@madreseh/contract/jalali')).toJalali(date);
    const m = await t.call(ac.classMonth, { headers: t.as(admin), query: { groupId: seventhA.id, year, month } });
    expect(m.statusCode).toBe(200);
    const row = m.json().rows.find((r: { fullName: string }) => r.fullName === 'سارا محمدی');
    expect(row.marks[date]).toBe('absent');

    const day = await t.call(ac.day, { headers: t.as(admin), query: { date } });
    expect(day.json().missing.map((x: { fullName: string }) => x.fullName)).toContain('سارا محمدی');
    expect(day.json().classes.find((c: { groupId: number }) => c.groupId === seventhA.id).taken).toBe(true);

    const file = await t.call(ac.exportMonth, { headers: t.as(admin), query: { groupId: seventhA.id, year, month } });
    expect(file.statusCode).toBe(200);
    const book = await workbookOf(file.rawPayload);
    const sheetRows = book.worksheets[0]?.getSheetValues() ?? [];
    expect(JSON.stringify(sheetRows)).toContain('غایب');

    const student = await t.sessionFor('student1');
    const mine = await t.call(ac.mine, { headers: t.as(student), query: { year, month } });
    expect(mine.statusCode).toBe(200);
    const d = mine.json().days.find((x: { date: string }) => x.date === date);
    expect(d.marks[0].state).toBe('absent');
    expect(mine.json().counts.absent).toBeGreaterThanOrEqual(1);
    const notices = await t.call(ac.notices, { headers: t.as(student) });
    expect(notices.json().items.some((n: { kind: string; title: string }) => n.kind === 'absence')).toBe(true);

    // Students see no sheet; teachers no month grid.
    expect((await sheet(student, seventhA.id, date)).statusCode).toBe(403);
    expect(
      (await t.call(ac.classMonth, { headers: t.as(teacher), query: { groupId: seventhA.id, year, month } }))
        .statusCode,
    ).toBe(403);
  });

  it('counts absences on the report card of the term', async () => {
    const student = await t.sessionFor('student1');
    const card = await t.call(contract.reportCard.mine, { headers: t.as(student) });
    expect(card.statusCode).toBe(200);
    expect(card.json().card.attendance).toEqual({ absentDays: expect.any(Number), lates: expect.any(Number) });
    expect(jalaliToIso(1405, 7, 1)).toBe('2026-09-23');
  });
});

describe('the month XLSX of a class with any name', () => {
  it('is made for a name holding every character a sheet name may not, and for a long one', async () => {
    const { year, month } = toJalali(todayIso());
    const names = ['هفتم/۳', 'هفتم\\۳', 'هفتم?', 'هفتم*', 'هفتم:۳', 'هفتم[۳]', "'هفتم'", 'کلاس '.repeat(10).trim()];
    for (const name of names) {
      const created = await t.call(contract.group.create, {
        headers: t.as(admin),
        body: { name, gradeLevel: 7, academicYear: academicYearOf().start, gradingScale: 'numeric', subjects: [] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const groupId = created.json().id as number;
      const file = await t.call(ac.exportMonth, { headers: t.as(admin), query: { groupId, year, month } });
      expect(file.statusCode, `${name}: ${file.body}`).toBe(200);
      const [ws] = (await workbookOf(file.rawPayload)).worksheets;
      expect(ws?.name.length).toBeLessThanOrEqual(31);
      expect(ws?.name).not.toMatch(/[\\/?*:[\]]|^'|'$/);
      expect(ws?.getRow(1).getCell(1).value).toBe('دانش‌آموز');
    }
  });
});

describe('absences reach the family', () => {
  it('queue one absence per student and day to the student, the linked parents and their mobile', async () => {
    const studentUser = await t.userId('student1');
    const parentUser = await t.userId('parent1');
    const [s1] = await t.db.select().from(students).where(eq(students.userId, studentUser));
    if (!s1) throw new Error('no student1');
    await t.db
      .insert(settings)
      .values({ key: 'notifications', value: { templates: { absence: 'غیبت {student} در {date} ({class})' } } })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: { templates: { absence: 'غیبت {student} در {date} ({class})' } } },
      });
    const mark = async (date: string, absent: boolean) => {
      const rows = (await sheet(teacher, seventhA.id, date)).json().rows as { studentId: number }[];
      const res = await save(teacher, {
        groupId: seventhA.id,
        date,
        entries: rows.map((r) => ({
          studentId: r.studentId,
          state: absent && r.studentId === s1.id ? 'absent' : 'present',
        })),
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const told = (date: string) =>
      t.db
        .select()
        .from(notifications)
        .where(like(notifications.idempotencyKey, `absence:${s1.id}:${date}:%`));

    const day = schoolDay(60);
    await mark(day, true);
    // Saved again, present and then absent again: still told once.
    await mark(day, false);
    await mark(day, true);
    const rows = await told(day);
    expect(rows.map((r) => `${r.channel}:${r.userId ?? r.mobile}`).sort()).toEqual(
      [`in_app:${studentUser}`, `in_app:${parentUser}`, `sms:${DEMO_PARENT_MOBILE}`].sort(),
    );
    expect(rows.every((r) => r.template === 'absence' && !r.essential)).toBe(true);
    expect(rows[0]?.body).toContain(`غیبت ${s1.firstName} ${s1.lastName} در `);
    expect(rows[0]?.body).toContain('(هفتم الف)');

    // A parent who turned non-essential SMS off still sees it in the bell, and gets no SMS.
    await t.db.insert(smsOptOuts).values({ mobile: DEMO_PARENT_MOBILE }).onConflictDoNothing();
    try {
      const other = schoolDay(63);
      await mark(other, true);
      const quiet = await told(other);
      expect(quiet.map((r) => r.channel).sort()).toEqual(['in_app', 'in_app']);
    } finally {
      await t.db.delete(smsOptOuts).where(eq(smsOptOuts.mobile, DEMO_PARENT_MOBILE));
      await t.db.delete(settings).where(eq(settings.key, 'notifications'));
    }
  });
});
