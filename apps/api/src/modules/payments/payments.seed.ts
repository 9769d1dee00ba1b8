import { academicYearOf, jalaliToIso } from '@madreseh/contract/jalali';
import { digitsToPersian } from '@madreseh/contract/text';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { invoices, paymentSettings, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { DEMO_SCHOOL_NAME } from '../../db/seed-site';

/** The demo class and the demo students' school records (made only when missing). */
const DEMO_STUDENTS = [
  { username: 'student1', firstName: 'سارا', lastName: 'محمدی', nationalCode: '0023456787', studentNumber: '1405071' },
  {
    username: 'student2',
    firstName: 'نیلوفر',
    lastName: 'کریمی',
    nationalCode: '0034567895',
    studentNumber: '1405072',
  },
] as const;

export async function seedDemoClass(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const year = academicYearOf().start;
  let [group] = await tx
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.name, 'هفتم الف'), eq(groups.academicYear, year)));
  if (!group) {
    [group] = await tx
      .insert(groups)
      .values({ name: 'هفتم الف', gradeLevel: 7, academicYear: year })
      .returning({ id: groups.id });
  }
  for (const s of DEMO_STUDENTS) {
    const userId = userIds.get(s.username);
    if (!userId) continue;
    const [existing] = await tx.select({ id: students.id }).from(students).where(eq(students.userId, userId));
    if (existing) continue;
    const { username: _u, ...record } = s;
    await tx.insert(students).values({
      ...record,
      userId,
      groupId: group?.id ?? null,
      searchText: `${s.firstName} ${s.lastName} ${s.nationalCode} ${s.studentNumber}`,
    });
  }
}

/** Payment settings, invoices and a few payments in every state for the demo students. */
export async function seedDemoPayments(tx: Tx, userIds: Map<string, number>): Promise<void> {
  await tx
    .insert(paymentSettings)
    .values({
      id: 1,
      moneyUnit: 'toman',
      // A number whose check digit is right (Luhn), of بانک ملی ایران (603799); the holder is the school.
      cardNumber: '6037991812345670',
      cardHolder: DEMO_SCHOOL_NAME,
      sheba: 'IR820540102680020817909002',
      bankName: 'بانک ملی ایران',
    })
    .onConflictDoNothing();
  const year = academicYearOf().start;
  const admin = userIds.get('admin') ?? null;
  const studentOf = async (username: string) => {
    const userId = userIds.get(username);
    if (!userId) return null;
    const [row] = await tx.select({ id: students.id }).from(students).where(eq(students.userId, userId));
    return row ? { id: row.id, userId } : null;
  };
  const tuitionNote = `شهریهٔ سال تحصیلی ${digitsToPersian(`${year}–${year + 1}`)}`;
  const bill = (studentId: number, title: string, description: string | null, amount: number, dueDate: string) => ({
    studentId,
    title,
    description,
    amount,
    dueDate,
    createdBy: admin,
  });
  /** The two tuition instalments every demo student owes. */
  const tuition = (studentId: number) => [
    bill(studentId, 'قسط اول شهریه', tuitionNote, 120_000_000, jalaliToIso(year, 7, 1)),
    bill(studentId, 'قسط دوم شهریه', tuitionNote, 120_000_000, jalaliToIso(year, 11, 1)),
  ];
  /** A card-to-card receipt of `amount` the student sent `days` days ago. */
  const receipt = (invoiceId: number, student: { userId: number }, amount: number, days: number) => ({
    invoiceId,
    method: 'card_to_card' as const,
    amount,
    transferredAt: new Date(Date.now() - days * 86_400_000),
    submittedBy: student.userId,
    submittedAt: new Date(Date.now() - days * 86_400_000),
  });
  const s1 = await studentOf('student1');
  if (s1) {
    const [first, , third] = await tx
      .insert(invoices)
      .values([
        ...tuition(s1.id),
        bill(s1.id, 'هزینهٔ اردوی علمی', 'اردوی یک‌روزهٔ موزهٔ علوم و فناوری', 8_500_000, jalaliToIso(year, 8, 15)),
        bill(s1.id, 'کتاب و لوازم آزمایشگاه', null, 25_000_000, jalaliToIso(year + 1, 1, 20)),
      ])
      .returning({ id: invoices.id });
    if (first) {
      await tx.insert(payments).values({
        invoiceId: first.id,
        method: 'manual',
        amount: 120_000_000,
        status: 'succeeded',
        note: 'پرداخت با کارتخوان دفتر مدرسه',
        submittedBy: admin,
        decidedBy: admin,
        decidedAt: new Date(),
      });
    }
    if (third) {
      await tx.insert(payments).values({
        ...receipt(third.id, s1, 8_500_000, 3),
        status: 'rejected',
        cardMasked: '************4321',
        trackingNumber: '558812',
        decidedBy: admin,
        decidedAt: new Date(Date.now() - 2 * 86_400_000),
        rejectReason: 'مبلغ واریزی در گردش حساب مدرسه دیده نشد؛ لطفاً تصویر رسید را دوباره بفرستید.',
      });
    }
  }
  const s2 = await studentOf('student2');
  if (s2) {
    const [inv] = await tx.insert(invoices).values(tuition(s2.id)).returning({ id: invoices.id });
    if (inv) {
      await tx.insert(payments).values({
        ...receipt(inv.id, s2, 60_000_000, 1),
        status: 'pending',
        cardMasked: '************9876',
        trackingNumber: '204518',
      });
    }
  }
}
