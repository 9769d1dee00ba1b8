import { contract } from '@madreseh/contract/endpoints';
import type { Group } from '@madreseh/contract/groups/groups.contract';
import { weightedAverage } from '@madreseh/contract/report-cards/report-cards.contract';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { nationalCodeFrom } from '../../db/seed/school-demo';
import { demoClasses } from '../../test/demo-classes';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: string;

let seventhA: Group;
let seventhB: Group;
let third: Group;

beforeAll(async () => {
  admin = await t.sessionFor('admin');
  const find = await demoClasses(t, admin);
  seventhA = find('هفتم الف');
  seventhB = find('هفتم ب');
  third = find('سوم الف');
});

function gridOf(groupId: number, term: string) {
  return t.call(contract.reportCard.grid, { query: { groupId: String(groupId), term }, headers: t.as(admin) });
}
function save(payload: object) {
  return t.call(contract.reportCard.save, { headers: t.as(admin), body: payload });
}
function publish(groupId: number, term: string, published: boolean, reason?: string) {
  return t.call(contract.reportCard.publish, {
    headers: t.as(admin),
    body: { groupId, term, published, ...(published ? {} : { reason: reason ?? 'نمرهٔ ریاضی اشتباه وارد شده بود' }) },
  });
}

describe('panel/report-card grid', () => {
  it('answers rows of students and columns of subjects with the saved grades', async () => {
    const res = await gridOf(seventhA.id, 'first');
    expect(res.statusCode).toBe(200);
    const grid = res.json();
    expect(grid.subjects.map((s: { name: string }) => s.name)).toEqual(seventhA.subjects.map((s) => s.name));
    const sara = grid.rows.find((r: { fullName: string }) => r.fullName === 'سارا محمدی');
    expect(Object.keys(sara.grades)).toHaveLength(seventhA.subjects.length);
    expect(sara.published).toBe(true);
    expect(grid.published).toBe(true);
  });

  it('refuses monthly terms for a class without them, an unknown term and an unknown class', async () => {
    expect((await gridOf(seventhA.id, 'mehr')).statusCode).toBe(400);
    expect((await gridOf(seventhB.id, 'mehr')).statusCode).toBe(200);
    expect((await gridOf(seventhA.id, 'third')).statusCode).toBe(400);
    expect((await gridOf(999999, 'first')).statusCode).toBe(404);
  });
});

describe('saving grades', () => {
  it('saves a whole class with Persian digits, computes the weighted average on the server', async () => {
    const grid = (await gridOf(seventhB.id, 'first')).json();
    expect(grid.rows.length).toBeGreaterThan(1);
    const [math, ...rest] = grid.subjects;
    const rows = grid.rows.map((r: { studentId: number }, i: number) => ({
      studentId: r.studentId,
      grades: [
        { subjectId: math.id, value: i === 0 ? '۱۸٫۵' : 12 },
        { subjectId: rest[0].id, value: '20' },
      ],
      remarks: i === 0 ? 'عالی' : '',
    }));
    const res = await save({ groupId: seventhB.id, term: 'first', rows });
    expect(res.statusCode).toBe(200);
    const first = res.json().rows.find((r: { studentId: number }) => r.studentId === rows[0].studentId);
    expect(first.grades).toEqual({ [math.id]: '18.5', [rest[0].id]: '20' });
    expect(first.remarks).toBe('عالی');
    expect(first.average).toBe(
      weightedAverage([
        { score: 18.5, weight: math.weight },
        { score: 20, weight: rest[0].weight },
      ]),
    );
    expect(first.published).toBe(false);
  });

  it('updates one student only; an emptied cell removes the grade and the average follows', async () => {
    const grid = (await gridOf(seventhB.id, 'first')).json();
    const row = grid.rows[0];
    const [math, persian] = grid.subjects;
    const res = await save({
      groupId: seventhB.id,
      term: 'first',
      rows: [{ studentId: row.studentId, grades: [{ subjectId: math.id, value: '' }], remarks: 'عالی' }],
    });
    expect(res.statusCode).toBe(200);
    const after = res.json().rows.find((r: { studentId: number }) => r.studentId === row.studentId);
    expect(after.grades).toEqual({ [persian.id]: '20' });
    expect(after.average).toBe(20);
    const other = res.json().rows.find((r: { studentId: number }) => r.studentId === grid.rows[1].studentId);
    expect(other.grades[math.id]).toBe('12');
  });

  it('records the changed grades only, before and after, in the audit row', async () => {
    const grid = (await gridOf(seventhB.id, 'first')).json();
    const row = grid.rows[2];
    const [math, persian] = grid.subjects;
    const put = (value: string) =>
      save({
        groupId: seventhB.id,
        term: 'first',
        rows: [{ studentId: row.studentId, grades: [{ subjectId: math.id, value }], remarks: 'کوشا' }],
      });
    expect((await put('15')).statusCode).toBe(200);
    expect((await put('۱۷٫۵')).statusCode).toBe(200);
    const rows = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'save-grades'), eq(auditLog.entityId, String(seventhB.id))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const details = rows[0]?.details as Record<string, unknown>;
    const changed = Object.keys(details).filter((k) => k !== 'term' && k !== 'students');
    expect(changed).toHaveLength(1);
    expect(changed[0]?.endsWith(`— ${math.name}`)).toBe(true);
    expect(details[changed[0] ?? '']).toEqual({ from: 15, to: 17.5 });
    expect(changed[0]).not.toContain(persian.name);
    expect(details.students).toEqual([row.studentId]);
  });

  it('reports every bad cell at once and saves nothing', async () => {
    const grid = (await gridOf(seventhB.id, 'first')).json();
    const [a, b] = grid.rows;
    const [math] = grid.subjects;
    const res = await save({
      groupId: seventhB.id,
      term: 'first',
      rows: [
        { studentId: a.studentId, grades: [{ subjectId: math.id, value: '5' }] },
        { studentId: b.studentId, grades: [{ subjectId: math.id, value: '21' }] },
        { studentId: b.studentId + 100000, grades: [{ subjectId: seventhA.subjects[0]?.id ?? 0, value: 'خوب' }] },
      ],
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(fields[`${b.studentId}.${math.id}`]).toMatch(/۰ تا ۲۰/);
    expect(fields['rows.2.studentId']).toBeTruthy();
    expect(Object.keys(fields)).toHaveLength(3);
    const unchanged = (await gridOf(seventhB.id, 'first')).json();
    expect(unchanged.rows[0].grades[math.id]).toBe(a.grades[math.id]);
  });

  it('takes descriptive grades for a descriptive class and refuses numbers there', async () => {
    const grid = (await gridOf(third.id, 'first')).json();
    const row = grid.rows[0];
    const [s1, s2] = grid.subjects;
    const bad = await save({
      groupId: third.id,
      term: 'first',
      rows: [{ studentId: row.studentId, grades: [{ subjectId: s1.id, value: '18' }] }],
    });
    expect(bad.statusCode).toBe(400);
    const ok = await save({
      groupId: third.id,
      term: 'first',
      rows: [
        {
          studentId: row.studentId,
          grades: [
            { subjectId: s1.id, value: 'خیلی خوب' },
            { subjectId: s2.id, value: 'needs-effort' },
          ],
        },
      ],
    });
    expect(ok.statusCode).toBe(200);
    const saved = ok.json().rows.find((r: { studentId: number }) => r.studentId === row.studentId);
    expect(saved.grades).toEqual({ [s1.id]: 'excellent', [s2.id]: 'needs-effort' });
    expect(saved.average).toBeNull();
  });
});

describe('publishing and the student view (two students)', () => {
  it('a student sees only their own published report cards, never a parameter-chosen one', async () => {
    // student2 (Amirhossein, هفتم ب) got grades above, unpublished.
    const niloufar = await t.sessionFor('student2');
    const before = (await t.call(contract.reportCard.mine, { headers: t.as(niloufar) })).json();
    expect(before).toEqual({ card: null, terms: [] });

    const pub = await publish(seventhB.id, 'first', true);
    expect(pub.statusCode).toBe(200);
    expect(pub.json().count).toBeGreaterThan(1);
    const after = (await t.call(contract.reportCard.mine, { headers: t.as(niloufar) })).json();
    expect(after.card.studentName).toBe('نیلوفر کریمی');
    expect(after.card.groupName).toBe('هفتم ب');
    expect(after.terms).toEqual([{ academicYear: after.card.academicYear, term: 'first' }]);

    const sara = await t.sessionFor('student1');
    const saraCard = (await t.call(contract.reportCard.mine, { headers: t.as(sara) })).json();
    expect(saraCard.card.studentName).toBe('سارا محمدی');
    // What an Iranian report card carries besides the name: the father's name and the national code.
    expect(saraCard.card.fatherName).toBe('حمیدرضا');
    expect(saraCard.card.nationalCode).toBe(nationalCodeFrom('001234567'));
    expect(saraCard.card.id).not.toBe(after.card.id);
    // Query parameters choose a term, never a student; unknown parameters are ignored.
    const sneaky = await t.call(contract.reportCard.mine, {
      query: { studentId: String(after.card.id), id: String(after.card.id) },
      headers: t.as(sara),
    });
    expect(sneaky.json().card.studentName).toBe('سارا محمدی');
    const me = (await t.call(contract.student.me, { headers: t.as(sara) })).json();
    expect(me.fullName).toBe('سارا محمدی');
    expect(me.latestAverage.average).toBe(saraCard.card.average);

    // Withdrawing needs a reason, and the reason is kept in the audit log.
    const noReason = await t.call(contract.reportCard.publish, {
      headers: t.as(admin),
      body: { groupId: seventhB.id, term: 'first', published: false },
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('دلیل برداشتن کارنامه‌ها را بنویسید.');
    expect((await publish(seventhB.id, 'first', false, 'نمرهٔ ریاضی اشتباه وارد شده بود')).json().count).toBe(
      pub.json().count,
    );
    const [withdrawn] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unpublish'), eq(auditLog.entityId, String(seventhB.id))));
    expect(withdrawn?.details).toMatchObject({ term: 'first', reason: 'نمرهٔ ریاضی اشتباه وارد شده بود' });
    const hidden = (await t.call(contract.reportCard.mine, { headers: t.as(niloufar) })).json();
    expect(hidden.card).toBeNull();
  });

  it("shows subjects, weights, pass marks and the teacher's remarks; older terms selectable", async () => {
    const sara = await t.sessionFor('student1');
    const { card } = (await t.call(contract.reportCard.mine, { headers: t.as(sara) })).json();
    expect(card.term).toBe('first');
    expect(card.subjects.map((s: { name: string }) => s.name)).toEqual(seventhA.subjects.map((s) => s.name));
    for (const s of card.subjects) expect(s.passed).toBe(s.score >= 10);
    expect(card.subjects.some((s: { passed: boolean }) => !s.passed)).toBe(true);
    expect(card.average).toBe(weightedAverage(card.subjects));
    expect(card.remarks).toContain('کوشا');

    const grid = (await gridOf(seventhA.id, 'second')).json();
    const saraRow = grid.rows.find((r: { fullName: string }) => r.fullName === 'سارا محمدی');
    await save({
      groupId: seventhA.id,
      term: 'second',
      rows: [{ studentId: saraRow.studentId, grades: [{ subjectId: grid.subjects[0].id, value: 15 }] }],
    });
    await publish(seventhA.id, 'second', true);
    const latest = (await t.call(contract.reportCard.mine, { headers: t.as(sara) })).json();
    expect(latest.card.term).toBe('second');
    expect(latest.terms.map((x: { term: string }) => x.term)).toEqual(['second', 'first']);
    const older = (await t.call(contract.reportCard.mine, { query: { term: 'first' }, headers: t.as(sara) })).json();
    expect(older.card.term).toBe('first');
    const none = (await t.call(contract.reportCard.mine, { query: { term: 'mehr' }, headers: t.as(sara) })).json();
    expect(none.card).toBeNull();
  });

  it('refuses to publish a term without grades (409)', async () => {
    const res = await publish(seventhB.id, 'mehr', true);
    expect(res.statusCode).toBe(409);
  });

  it('refuses students on the admin endpoints and admins on the student endpoint', async () => {
    const sara = await t.sessionFor('student1');
    expect(
      (await t.call(contract.reportCard.grid, { query: { groupId: '1', term: 'first' }, headers: t.as(sara) }))
        .statusCode,
    ).toBe(403);
    expect((await t.call(contract.reportCard.save, { headers: t.as(sara), body: {} })).statusCode).toBe(403);
    expect((await t.call(contract.reportCard.mine, { headers: t.as(admin) })).statusCode).toBe(403);
  });
});

describe('student profile (two students)', () => {
  it('each student reads and changes only their own record', async () => {
    const sara = await t.sessionFor('student1');
    const niloufar = await t.sessionFor('student2');
    const res = await t.call(contract.student.updateProfile, {
      headers: t.as(sara),
      body: { mobile: '۰۹۱۲۰۰۰۱۱۲۲', address: 'شیراز' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ fullName: 'سارا محمدی', mobile: '09120001122', address: 'شیراز' });
    const niloufarProfile = (await t.call(contract.student.profile, { headers: t.as(niloufar) })).json();
    expect(niloufarProfile.fullName).toBe('نیلوفر کریمی');
    expect(niloufarProfile.mobile).toBeNull();
    expect(niloufarProfile.nationalCode).toBe(nationalCodeFrom('002345678'));
    const bad = await t.call(contract.student.updateProfile, {
      headers: t.as(niloufar),
      body: { mobile: '12', address: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.mobile).toBeTruthy();
  });

  it('a field left out of PATCH stays as it is; {} changes nothing', async () => {
    const sara = await t.sessionFor('student1');
    const patch = (payload: object) => t.call(contract.student.updateProfile, { headers: t.as(sara), body: payload });
    expect((await patch({ mobile: '09120003344', address: 'تهران، خیابان آزادی' })).statusCode).toBe(200);
    const same = await patch({});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ mobile: '09120003344', address: 'تهران، خیابان آزادی' });
    expect((await patch({ address: 'تبریز' })).json()).toMatchObject({ mobile: '09120003344', address: 'تبریز' });
    expect((await patch({ mobile: '' })).json()).toMatchObject({ mobile: null, address: 'تبریز' });
  });

  it('changes the password with the current one and ends the other sessions', async () => {
    const current = await t.login('student2');
    const other = await t.login('student2');
    const wrong = await t.call(contract.student.changePassword, {
      headers: t.as(current),
      body: { currentPassword: 'nope', newPassword: 'a-new-secret' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fields.currentPassword).toBe('رمز عبور فعلی درست نیست.');
    const short = await t.call(contract.student.changePassword, {
      headers: t.as(current),
      body: { currentPassword: 'demo1234', newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    const ok = await t.call(contract.student.changePassword, {
      headers: t.as(current),
      body: { currentPassword: 'demo۱۲۳۴', newPassword: 'a-new-secret' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.call(contract.auth.checkToken, { headers: t.as(other) })).statusCode).toBe(401);
    expect((await t.call(contract.auth.checkToken, { headers: t.as(current) })).statusCode).toBe(200);
    await t.login('student2', 'a-new-secret');
  });

  it('answers 404 to a student account that has no student record', async () => {
    const [user] = await t.db
      .insert(users)
      .values({ username: 'orphan', passwordHash: '!', role: 'student', fullName: 'بدون پرونده' })
      .returning({ id: users.id });
    const token = await t.sessionFor('orphan');
    expect(user).toBeTruthy();
    for (const endpoint of [contract.student.me, contract.student.profile, contract.reportCard.mine]) {
      const res = await t.call(endpoint, { headers: t.as(token) });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toContain('دفتر مدرسه');
    }
  });
});
