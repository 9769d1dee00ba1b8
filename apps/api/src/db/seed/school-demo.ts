import type { Gender } from '@madreseh/contract/genders';
import { academicYearOf } from '@madreseh/contract/jalali';
import { weightedAverage } from '@madreseh/contract/report-cards/report-cards.contract';
import { normalizePersian } from '@madreseh/contract/text';
import { sql } from 'drizzle-orm';
import type { Tx } from '../client';
import { reportCardGrades, reportCards } from '../schema/report-cards';
import { groupSubjects, groups, students } from '../schema/school';
import { users } from '../schema/users';

/** A valid national code from nine digits (the tenth is the check digit). */
export function nationalCodeFrom(nine: string): string {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
  const rest = sum % 11;
  return `${nine}${rest < 2 ? rest : 11 - rest}`;
}

/** The middle school's subjects and their weights (units), in report-card order. */
export const MIDDLE_SCHOOL_SUBJECTS: readonly [string, number][] = [
  ['قرآن', 2],
  ['پیام‌های آسمان', 2],
  ['فارسی', 4],
  ['نگارش', 2],
  ['ریاضی', 4],
  ['علوم تجربی', 4],
  ['مطالعات اجتماعی', 3],
  ['عربی', 2],
  ['زبان انگلیسی', 2],
  ['کار و فناوری', 2],
  ['تربیت بدنی', 2],
];
const PRIMARY_SUBJECTS: [string, number][] = [
  ['قرآن', 1],
  ['فارسی', 1],
  ['ریاضی', 1],
  ['علوم', 1],
  ['هنر', 1],
];

const OTHER_STUDENTS: { first: string; last: string; father: string; group: number; gender: Gender }[] = [
  { first: 'زهرا', last: 'حسینی', father: 'محمد', group: 0, gender: 'female' },
  { first: 'فاطمه', last: 'رضوی', father: 'علی', group: 0, gender: 'female' },
  { first: 'نازنین', last: 'اکبری', father: 'حسن', group: 0, gender: 'female' },
  { first: 'مریم', last: 'نوری', father: 'رضا', group: 0, gender: 'female' },
  { first: 'محدثه', last: 'صادقی', father: 'مهدی', group: 1, gender: 'female' },
  { first: 'الهه', last: 'جعفری', father: 'حمید', group: 1, gender: 'female' },
  { first: 'هستی', last: 'مرادی', father: 'احمد', group: 1, gender: 'female' },
  { first: 'یاسمن', last: 'کاظمی', father: 'سعید', group: 2, gender: 'female' },
  { first: 'آیلین', last: 'قاسمی', father: 'مجید', group: 2, gender: 'female' },
];

/**
 * Demo classes, students and a published first-term report card of the demo school, a girls' school
 * of grades 1 to 9 (seed-site.ts): «هفتم الف» and «هفتم ب» graded 0–20, «سوم الف» (primary) graded
 * descriptively. Every student is a girl of her grade's age. The demo accounts student1 and student2
 * are students of the seventh grade; the other demo students have no password until one is issued.
 */
export async function seedSchoolDemo(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const year = academicYearOf().start;
  const made = await tx
    .insert(groups)
    .values([
      { name: 'هفتم الف', gradeLevel: 7, academicYear: year, gradingScale: 'numeric' as const },
      { name: 'هفتم ب', gradeLevel: 7, academicYear: year, gradingScale: 'numeric' as const, usesMonthly: true },
      { name: 'سوم الف', gradeLevel: 3, academicYear: year, gradingScale: 'descriptive' as const },
    ])
    .returning({ id: groups.id });
  const groupIds = made.map((g) => g.id);
  const subjectRows = await tx
    .insert(groupSubjects)
    .values(
      groupIds.flatMap((groupId, gi) =>
        (gi < 2 ? MIDDLE_SCHOOL_SUBJECTS : PRIMARY_SUBJECTS).map(([name, weight], position) => ({
          groupId,
          name,
          weight,
          position,
        })),
      ),
    )
    .returning({
      id: groupSubjects.id,
      groupId: groupSubjects.groupId,
      name: groupSubjects.name,
      weight: groupSubjects.weight,
    });

  const people: (typeof students.$inferInsert)[] = [];
  const add = (p: {
    userId: number;
    first: string;
    last: string;
    code: string;
    number: string;
    group: number;
    father: string;
    gender: Gender;
    birth: string;
  }) => {
    people.push({
      userId: p.userId,
      firstName: p.first,
      lastName: p.last,
      nationalCode: p.code,
      studentNumber: p.number,
      groupId: groupIds[p.group] ?? null,
      birthDate: p.birth,
      gender: p.gender,
      fatherName: p.father,
      parentMobile: `0912${String(1000000 + people.length * 7919).slice(0, 7)}`,
      address: 'تهران، خیابان انقلاب، کوچهٔ بهار، پلاک ۱۲',
      searchText: normalizePersian(`${p.first} ${p.last} ${p.code} ${p.number}`),
    });
  };
  const s1 = userIds.get('student1');
  const s2 = userIds.get('student2');
  if (s1) {
    add({
      userId: s1,
      first: 'سارا',
      last: 'محمدی',
      code: nationalCodeFrom('001234567'),
      number: '1405001',
      group: 0,
      father: 'حمیدرضا',
      gender: 'female',
      birth: '2013-09-01',
    });
  }
  if (s2) {
    add({
      userId: s2,
      first: 'نیلوفر',
      last: 'کریمی',
      code: nationalCodeFrom('002345678'),
      number: '1405002',
      group: 1,
      father: 'مسعود',
      gender: 'female',
      birth: '2013-03-15',
    });
  }
  const others = await tx
    .insert(users)
    .values(
      OTHER_STUDENTS.map((o, i) => ({
        username: nationalCodeFrom(`00${String(3456789 + i * 1111)}`),
        passwordHash: '!',
        role: 'student' as const,
        fullName: `${o.first} ${o.last}`,
      })),
    )
    .returning({ id: users.id, username: users.username });
  OTHER_STUDENTS.forEach((o, i) => {
    const user = others[i];
    if (!user) return;
    add({
      userId: user.id,
      first: o.first,
      last: o.last,
      code: user.username,
      number: String(1405003 + i),
      group: o.group,
      father: o.father,
      gender: o.gender,
      birth: o.group === 2 ? '2017-10-20' : '2013-05-10',
    });
  });
  const inserted = await tx.insert(students).values(people).returning({ id: students.id, groupId: students.groupId });

  // First-term grades of «هفتم الف», published.
  const seventhA = groupIds[0];
  const subjects = subjectRows.filter((s) => s.groupId === seventhA);
  const scores = [19.5, 18, 17.25, 20, 16.5, 18.75, 9.5, 19, 17.5, 20, 20, 12.5, 15, 14];
  const members = inserted.filter((s) => s.groupId === seventhA);
  for (const [mi, member] of members.entries()) {
    const grades = subjects.map((s, si) => ({
      subject: s,
      score: scores[(si + mi * 3) % scores.length] ?? 15,
    }));
    const [card] = await tx
      .insert(reportCards)
      .values({
        studentId: member.id,
        groupId: seventhA ?? 0,
        academicYear: year,
        term: 'first',
        remarks:
          mi === 0 ? 'دانش‌آموزی کوشا و منظم؛ در ریاضی پیشرفت خوبی داشته است.' : 'با تلاش بیشتر موفق‌تر خواهید بود.',
        average: weightedAverage(grades.map((g) => ({ score: g.score, weight: g.subject.weight }))),
        published: true,
        publishedAt: sql`now()`,
      })
      .returning({ id: reportCards.id });
    if (!card) continue;
    await tx.insert(reportCardGrades).values(
      grades.map((g) => ({
        reportCardId: card.id,
        subjectId: g.subject.id,
        subjectName: g.subject.name,
        weight: g.subject.weight,
        score: g.score,
      })),
    );
  }
}
