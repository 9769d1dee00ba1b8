import { randomBytes } from 'node:crypto';
import { invoices } from '../db/schema/payments';
import { reportCardGrades, reportCards } from '../db/schema/report-cards';
import { groupSubjects, groups, students } from '../db/schema/school';
import { news } from '../db/schema/site';
import { users } from '../db/schema/users';
import type { TestApp } from '../test/test-app';

/**
 * What the kept-answers tests read: two students of their own, in classes of their own (the test database is
 * shared with other files), the first with a published report card of two subjects, an invoice, and a news
 * item for every student.
 */
export async function seedKeptStudents(t: TestApp) {
  const tokens: Record<string, string> = {};
  const ids = { group: 0, otherGroup: 0, student: 0, card: 0, math: 0, art: 0, invoice: 0 };
  const tag = randomBytes(4).toString('hex');
  for (const [name, key] of [
    ['student1', 'group'],
    ['student2', 'otherGroup'],
  ] as const) {
    const [g] = await t.db
      .insert(groups)
      .values({ name: `کلاس ${name} ${tag}`, gradeLevel: 7, academicYear: 1405 })
      .returning({ id: groups.id });
    const [u] = await t.db
      .insert(users)
      .values({ username: `kept-${name}-${tag}`, passwordHash: '!', role: 'student', fullName: name })
      .returning({ id: users.id });
    const code = String(Math.floor(Math.random() * 9e9) + 1e9);
    const [s] = await t.db
      .insert(students)
      .values({ userId: u?.id ?? 0, firstName: name, lastName: tag, nationalCode: code, groupId: g?.id ?? 0 })
      .returning({ id: students.id });
    ids[key] = g?.id ?? 0;
    if (name === 'student1') ids.student = s?.id ?? 0;
    tokens[name] = await t.sessionFor(`kept-${name}-${tag}`);
  }
  const subjects = await t.db
    .insert(groupSubjects)
    .values([
      { groupId: ids.group, name: 'ریاضی', position: 1 },
      { groupId: ids.group, name: 'هنر', position: 2 },
    ])
    .returning({ id: groupSubjects.id });
  ids.math = subjects[0]?.id ?? 0;
  ids.art = subjects[1]?.id ?? 0;
  const [c] = await t.db
    .insert(reportCards)
    .values({
      studentId: ids.student,
      groupId: ids.group,
      academicYear: 1405,
      term: 'first',
      average: 15,
      published: true,
      publishedAt: new Date(),
    })
    .returning({ id: reportCards.id });
  ids.card = c?.id ?? 0;
  await t.db.insert(reportCardGrades).values([
    { reportCardId: ids.card, subjectId: ids.math, subjectName: 'ریاضی', weight: 1, score: 14 },
    { reportCardId: ids.card, subjectId: ids.art, subjectName: 'هنر', weight: 1, score: 16 },
  ]);
  const [inv] = await t.db
    .insert(invoices)
    .values({ studentId: ids.student, title: 'شهریه', amount: 1_000_000, dueDate: '2099-01-01' })
    .returning({ id: invoices.id });
  ids.invoice = inv?.id ?? 0;
  await t.db.insert(news).values({ title: 'خبر همه', audience: 'students', status: 'published' });

  return { ids, tokens };
}
