import { academicYearOf, jalaliToIso } from '@madreseh/contract/jalali';
import { digitsToPersian, normalizePersian } from '@madreseh/contract/text';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { parentStudents, parents } from '../../db/schema/parents';
import { invoices } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import { nationalCodeFrom } from '../../db/seed/school-demo';

/** The demo parent's mobile (not a username: the demo account signs in as parent1). */
export const DEMO_PARENT_MOBILE = '09121234567';

/**
 * The demo parent `parent1`: the father of student1 (هفتم الف) and of «ستایش محمدی», a younger
 * daughter in «سوم الف» with an open invoice of her own, so the child switcher and paying both
 * children's invoices can be tried.
 */
export async function seedDemoParents(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const parentUser = userIds.get('parent1');
  const s1User = userIds.get('student1');
  if (!parentUser || !s1User) return;
  const [s1] = await tx.select({ id: students.id }).from(students).where(eq(students.userId, s1User));
  if (!s1) return;
  const year = academicYearOf().start;
  const [third] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.name, 'سوم الف'), eq(groups.academicYear, year)));
  const code = nationalCodeFrom('004567890');
  const [childUser] = await tx
    .insert(users)
    .values({ username: code, passwordHash: '!', role: 'student', fullName: 'ستایش محمدی' })
    .returning({ id: users.id });
  if (!childUser) return;
  const [child] = await tx
    .insert(students)
    .values({
      userId: childUser.id,
      firstName: 'ستایش',
      lastName: 'محمدی',
      nationalCode: code,
      studentNumber: '1405020',
      groupId: third?.id ?? null,
      birthDate: '2017-04-12',
      gender: 'female',
      fatherName: 'حمیدرضا',
      parentMobile: DEMO_PARENT_MOBILE,
      address: 'تهران، خیابان انقلاب، کوچهٔ بهار، پلاک ۱۲',
      searchText: normalizePersian(`ستایش محمدی ${code} 1405020`),
    })
    .returning({ id: students.id });
  if (!child) return;
  await tx.update(students).set({ parentMobile: DEMO_PARENT_MOBILE }).where(eq(students.id, s1.id));
  const [parent] = await tx
    .insert(parents)
    .values({
      userId: parentUser,
      mobile: DEMO_PARENT_MOBILE,
      fullName: 'حمیدرضا محمدی',
      nationalCode: nationalCodeFrom('005678901'),
    })
    .returning({ id: parents.id });
  if (!parent) return;
  await tx.insert(parentStudents).values([
    { parentId: parent.id, studentId: s1.id, relation: 'father' },
    { parentId: parent.id, studentId: child.id, relation: 'father' },
  ]);
  await tx.insert(invoices).values({
    studentId: child.id,
    title: 'قسط اول شهریه',
    description: `شهریهٔ سال تحصیلی ${digitsToPersian(`${year}–${year + 1}`)}`,
    amount: 95_000_000,
    dueDate: jalaliToIso(year, 8, 1),
    createdBy: userIds.get('admin') ?? null,
  });
}
