import { contract } from '@madreseh/contract/endpoints';
import type { Group } from '@madreseh/contract/groups/groups.contract';
import { jalaliToIso } from '@madreseh/contract/jalali';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system';
import { seventhGrades, subjectOf } from '../../test/demo-classes';
import { expectInvalid } from '../../test/expect-invalid';
import { useTestApp } from '../../test/test-app';

const ac = contract.assessments;
const t = useTestApp();
let admin: string;
let teacher: string;
let other: string;

let seventhA: Group;
let seventhB: Group;
let math: number;
let science: number;
/** A day of Bahman (second term) of the demo classes' school year. */
let bahman: (day: number) => string;

beforeAll(async () => {
  ({ admin, seventhA, seventhB } = await seventhGrades(t));
  teacher = await t.sessionFor('teacher1');
  math = subjectOf(seventhA, 'ریاضی');
  science = subjectOf(seventhA, 'علوم تجربی');
  bahman = (day) => jalaliToIso(seventhA.academicYear, 11, day);
  // Another teacher, with mathematics of هفتم ب only.
  const made = await t.call(contract.teacher.create, {
    headers: t.as(admin),
    body: { firstName: 'مینا', lastName: 'صفری', mobile: '09361234567', nationalCode: '0080000002' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { teacher: them, credentials } = made.json();
  await t.call(contract.teacher.assign, {
    headers: t.as(admin),
    params: { id: them.id },
    body: { subjectIds: [subjectOf(seventhB, 'ریاضی')] },
  });
  other = await t.login(credentials.username, credentials.password);
});

async function create(body: Record<string, unknown>, token = teacher) {
  return t.call(ac.create, { headers: t.as(token), body: { groupId: seventhA.id, subjectId: math, ...body } });
}

async function markbook(subjectId = math) {
  const res = await t.call(ac.markbook, { headers: t.as(teacher), query: { groupId: seventhA.id, subjectId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    students: { id: number; fullName: string }[];
    assessments: { id: number; title: string; maxScore: number; marks: Record<string, number> }[];
    rule: { method: string; continuousShare: number };
  };
}

describe('the mark book', () => {
  it('holds the demo assessments of teacher1’s subjects, with the students of her class and the rule', async () => {
    const book = await markbook();
    expect(book.students.length).toBeGreaterThan(2);
    expect(book.assessments.map((a) => a.title)).toContain('آزمونک عددهای صحیح');
    expect(Object.keys(book.assessments[0]?.marks ?? {}).length).toBeGreaterThan(0);
    expect(book.rule).toMatchObject({ method: 'simple', continuousShare: 50 });
    expect((await markbook(science)).assessments.length).toBeGreaterThan(0);
  });

  it('is another teacher’s class or another subject: not found', async () => {
    const theirs = await t.call(ac.markbook, {
      headers: t.as(other),
      query: { groupId: seventhA.id, subjectId: math },
    });
    expect(theirs.statusCode).toBe(404);
    const persian = await t.call(ac.markbook, {
      headers: t.as(teacher),
      query: { groupId: seventhA.id, subjectId: subjectOf(seventhA, 'فارسی') },
    });
    expect(persian.statusCode).toBe(404);
  });
});

describe('assessments', () => {
  it('are created with 20 as the max score unless given, Persian digits welcome, and audited', async () => {
    const quiz = await create({ kind: 'quiz', title: 'آزمونک کسرها', date: bahman(5) });
    expect(quiz.statusCode, quiz.body).toBe(201);
    expect(quiz.json()).toMatchObject({ kind: 'quiz', title: 'آزمونک کسرها', maxScore: 20, marks: {} });
    const homework = await create({ kind: 'homework', title: 'تمرین', date: bahman(6), maxScore: '۱۲٫۵' });
    expect(homework.json().maxScore).toBe(12.5);
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'assessment'), eq(auditLog.entityId, String(quiz.json().id))));
    expect(rows.map((r) => r.action)).toEqual(['create']);
  });

  it('refuse a bad kind, an empty title, a max score out of range and a date outside the school year', async () => {
    expectInvalid(await create({ kind: 'essay', title: 'x', date: bahman(5) }), ['kind']);
    expectInvalid(await create({ kind: 'quiz', title: '  ', date: bahman(5) }), ['title']);
    expectInvalid(await create({ kind: 'quiz', title: 'x', date: bahman(5), maxScore: 0 }), ['maxScore']);
    expectInvalid(await create({ kind: 'quiz', title: 'x', date: bahman(5), maxScore: 101 }), ['maxScore']);
    const lastYear = jalaliToIso(seventhA.academicYear, 6, 20);
    expectInvalid(await create({ kind: 'quiz', title: 'x', date: lastYear }), ['date']);
  });

  it('are refused in another teacher’s class and in another subject of her class (404)', async () => {
    expect((await create({ kind: 'quiz', title: 'x', date: bahman(5) }, other)).statusCode).toBe(404);
    const persian = await create({
      kind: 'quiz',
      title: 'x',
      date: bahman(5),
      subjectId: subjectOf(seventhA, 'فارسی'),
    });
    expect(persian.statusCode).toBe(404);
  });

  it('are edited, not below a mark already given, and deleted with their marks', async () => {
    const made = (await create({ kind: 'oral', title: 'پرسش', date: bahman(7) })).json();
    const [s1] = (await markbook()).students;
    if (!s1) throw new Error('no student');
    const marked = await t.call(ac.saveMarks, {
      headers: t.as(teacher),
      params: { id: made.id },
      body: { marks: [{ studentId: s1.id, score: '۱۵' }] },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const edit = (body: Record<string, unknown>, token = teacher) =>
      t.call(ac.update, {
        headers: t.as(token),
        params: { id: made.id },
        body: { kind: 'oral', title: 'پرسش از معادله', date: bahman(8), ...body },
      });
    const ok = await edit({ maxScore: 15 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ title: 'پرسش از معادله', date: bahman(8), maxScore: 15 });
    expectInvalid(await edit({ maxScore: 10 }), ['maxScore']);
    expect((await edit({ maxScore: 20 }, other)).statusCode).toBe(404);

    expect((await t.call(ac.remove, { headers: t.as(other), params: { id: made.id } })).statusCode).toBe(404);
    const gone = await t.call(ac.remove, { headers: t.as(teacher), params: { id: made.id } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await markbook()).assessments.map((a) => a.id)).not.toContain(made.id);
    expect((await t.call(ac.remove, { headers: t.as(teacher), params: { id: made.id } })).statusCode).toBe(404);
    const actions = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'assessment'), eq(auditLog.entityId, String(made.id))));
    expect(actions.map((a) => a.action)).toEqual(['create', 'save-marks', 'update', 'delete']);
  });
});

describe('marks', () => {
  it('are saved from 0 to the max, blank for not taken, Persian digits welcome; a bad one saves nothing', async () => {
    const made = (await create({ kind: 'quiz', title: 'آزمونک ده‌نمره‌ای', date: bahman(9), maxScore: 10 })).json();
    const [a, b, c] = (await markbook()).students;
    if (!a || !b || !c) throw new Error('students missing');
    const save = (marks: { studentId: number; score: string | number | null }[], token = teacher) =>
      t.call(ac.saveMarks, { headers: t.as(token), params: { id: made.id }, body: { marks } });
    const ok = await save([
      { studentId: a.id, score: '۹٫۵' },
      { studentId: b.id, score: 0 },
      { studentId: c.id, score: '' },
    ]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().marks).toEqual({ [a.id]: 9.5, [b.id]: 0 });

    // 11 of 10, a negative mark and three decimals: 400, each named, and nothing saved.
    const bad = await save([
      { studentId: a.id, score: '۱۱' },
      { studentId: b.id, score: -1 },
      { studentId: c.id, score: '7.125' },
    ]);
    expectInvalid(bad, ['marks.0.score', 'marks.1.score', 'marks.2.score']);
    expect(bad.json().fields['marks.0.score']).toContain('۱۰');
    const again = (await markbook()).assessments.find((x) => x.id === made.id);
    expect(again?.marks).toEqual({ [a.id]: 9.5, [b.id]: 0 });

    // A student of another class, or twice: refused.
    const stranger = await save([{ studentId: 999999, score: 5 }]);
    expectInvalid(stranger, ['marks.0.studentId']);
    expectInvalid(
      await save([
        { studentId: a.id, score: 5 },
        { studentId: a.id, score: 6 },
      ]),
      ['marks.1.studentId'],
    );
    // Blank clears a mark; students left out keep theirs.
    const cleared = await save([{ studentId: a.id, score: null }]);
    expect(cleared.json().marks).toEqual({ [b.id]: 0 });
    // Another teacher: not found.
    expect((await save([{ studentId: a.id, score: 5 }], other)).statusCode).toBe(404);
  });
});

describe('the averaging rule and the term grade', () => {
  it('is staff’s to set; bad values are refused', async () => {
    const got = await t.call(ac.rule, { headers: t.as(admin) });
    expect(got.json()).toMatchObject({ method: 'simple', continuousShare: 50 });
    const bad = await t.call(ac.setRule, {
      headers: t.as(admin),
      body: { ...(got.json() as object), continuousShare: 120 },
    });
    expectInvalid(bad, ['continuousShare']);
    const none = await t.call(ac.setRule, {
      headers: t.as(admin),
      body: {
        method: 'by-kind',
        continuousShare: 50,
        kindWeights: { quiz: 0, homework: 0, oral: 0, activity: 0, project: 0 },
      },
    });
    expectInvalid(none, ['kindWeights']);
  });

  it('fills a subject’s term grades from the marks, by the rule, and the grade stays editable', async () => {
    const book = await markbook(science);
    const [a, b, c] = book.students;
    if (!a || !b || !c) throw new Error('students missing');
    const mark = async (kind: string, title: string, day: number, maxScore: number, marks: [number, number][]) => {
      const made = await t.call(ac.create, {
        headers: t.as(teacher),
        body: { groupId: seventhA.id, subjectId: science, kind, title, date: bahman(day), maxScore },
      });
      expect(made.statusCode, made.body).toBe(201);
      const saved = await t.call(ac.saveMarks, {
        headers: t.as(teacher),
        params: { id: made.json().id },
        body: { marks: marks.map(([studentId, score]) => ({ studentId, score })) },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    };
    // a: quizzes 20/20 and 5/10 (→ 10), homework 18/20; b: homework 12/20 only; c: nothing.
    await mark('quiz', 'آزمونک ۱', 10, 20, [[a.id, 20]]);
    await mark('quiz', 'آزمونک ۲', 11, 10, [[a.id, 5]]);
    await mark('homework', 'تکلیف ۱', 12, 20, [
      [a.id, 18],
      [b.id, 12],
    ]);
    const fill = (token = teacher, term = 'second') =>
      t.call(ac.fill, { headers: t.as(token), body: { groupId: seventhA.id, subjectId: science, term } });
    const gradeOf = (
      res: { json(): { grid: { rows: { studentId: number; grades: Record<string, string> }[] } } },
      id: number,
    ) => res.json().grid.rows.find((r) => r.studentId === id)?.grades[String(science)];

    // Simple average (no exam yet): a (20 + 10 + 18) / 3 = 16, b 12; c keeps nothing.
    const simple = await fill();
    expect(simple.statusCode, simple.body).toBe(200);
    expect(simple.json()).toMatchObject({ filled: 2 });
    expect(gradeOf(simple, a.id)).toBe('16');
    expect(gradeOf(simple, b.id)).toBe('12');
    expect(gradeOf(simple, c.id)).toBeUndefined();
    // Only her columns come back.
    expect(simple.json().grid.subjects.map((s: { name: string }) => s.name)).toEqual(['ریاضی', 'علوم تجربی']);

    // Weighted by kind, quizzes twice homework: a (2 × 15 + 1 × 18) / 3 = 16, b 12.
    const rule = {
      method: 'by-kind',
      continuousShare: 40,
      kindWeights: { quiz: 2, homework: 1, oral: 1, activity: 1, project: 1 },
    };
    expect((await t.call(ac.setRule, { headers: t.as(admin), body: rule })).statusCode).toBe(200);
    await mark('quiz', 'آزمونک ۳', 13, 20, [[a.id, 11]]);
    // a's quizzes now (20 + 10 + 11) / 3 = 13.67: (2 × 13.667 + 18) / 3 = 15.11.
    expect(gradeOf(await fill(), a.id)).toBe('15.11');

    // An exam is recorded: 40 % continuous + 60 % exam; b missed it and keeps her grade.
    await mark('exam', 'امتحان نوبت دوم', 20, 20, [[a.id, 20]]);
    const withExam = await fill();
    expect(withExam.json()).toMatchObject({ filled: 1 });
    // 0.4 × 15.11 + 0.6 × 20 = 18.04.
    expect(gradeOf(withExam, a.id)).toBe('18.04');
    expect(gradeOf(withExam, b.id)).toBe('12');

    // The filled grade is still the teacher's to change.
    const edited = await t.call(contract.teacher.save, {
      headers: t.as(teacher),
      body: {
        groupId: seventhA.id,
        term: 'second',
        rows: [{ studentId: a.id, grades: [{ subjectId: science, value: '۱۹' }] }],
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);

    // Audited, like any grade save.
    const audits = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'group'), eq(auditLog.entityId, String(seventhA.id))));
    expect(audits.filter((x) => x.action === 'fill-grades').length).toBe(3);

    // Another teacher: not found; the published first term: read-only (409); a month this class has not: 400.
    expect((await fill(other)).statusCode).toBe(404);
    const published = await fill(teacher, 'first');
    expect(published.statusCode).toBe(409);
    expect(published.json().message).toMatch(/منتشر/);
    expect((await fill(teacher, 'bahman')).statusCode).toBe(400);
  });

  it('has nothing to fill where no one has a mark of the term (409, nothing changes)', async () => {
    const res = await t.call(ac.fill, {
      headers: t.as(teacher),
      body: { groupId: seventhA.id, subjectId: math, term: 'first' },
    });
    // The demo's first term is published: refused before anything else.
    expect(res.statusCode).toBe(409);
    await t.call(ac.setRule, {
      headers: t.as(admin),
      body: {
        method: 'simple',
        continuousShare: 50,
        kindWeights: { quiz: 1, homework: 1, oral: 1, activity: 1, project: 1 },
      },
    });
    // The other teacher's class has no assessment at all.
    const none = await t.call(ac.fill, {
      headers: t.as(other),
      body: { groupId: seventhB.id, subjectId: subjectOf(seventhB, 'ریاضی'), term: 'second' },
    });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toMatch(/نمره‌ای پر نشد/);
  });
});
