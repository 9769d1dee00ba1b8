// Builds a realistic school on top of the demo data, for the benchmark and for trying the portal at scale:
// by default 5,000 students in 150 classes, a published first-term report card with every subject graded for
// every student, 10 invoices each (50,000) with their payments, 500 news, 1,000 pre-registrations, gallery
// photos and contact messages. Rows are generated here and inserted in batches of 1,000 in one transaction.
import { weightedAverage } from '@madreseh/contract/report-cards/report-cards.contract';
import { normalizePersian } from '@madreseh/contract/text';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../apps/api/src/auth/passwords';
import type { Db, Tx } from '../apps/api/src/db/client';
import { invoices, payments } from '../apps/api/src/db/schema/payments';
import { preRegistrations } from '../apps/api/src/db/schema/pre-register';
import { reportCardGrades, reportCards } from '../apps/api/src/db/schema/report-cards';
import { groupSubjects, groups, students } from '../apps/api/src/db/schema/school';
import { contactMessages, galleryPhotos, news, newsGroups, settings } from '../apps/api/src/db/schema/site';
import { users } from '../apps/api/src/db/schema/users';
import { MIDDLE_SCHOOL_SUBJECTS, nationalCodeFrom } from '../apps/api/src/db/seed/school-demo';

export interface SchoolSize {
  students: number;
  /** Default: one class per 33 students (150 for 5,000). */
  classes?: number;
  invoicesPerStudent?: number;
  news?: number;
  preRegistrations?: number;
}

/** The student the benchmark signs in as: an ordinary student of the generated school. */
export const BENCH_STUDENT = { username: 'bench-student', password: 'bench1234' } as const;

const FIRST = ['علی', 'زهرا', 'محمد', 'فاطمه', 'حسین', 'مریم', 'رضا', 'نرگس', 'امیر', 'سارا', 'مهدی', 'یاسمن'];
const LAST = ['احمدی', 'رضایی', 'محمدی', 'کریمی', 'حسینی', 'موسوی', 'جعفری', 'صادقی', 'کاظمی', 'نوری', 'اکبری'];
// The demo's middle-school subjects without physical education.
const SUBJECTS = MIDDLE_SCHOOL_SUBJECTS.filter(([name]) => name !== 'تربیت بدنی');
const BATCH = 1000;

async function insertAll<T, R>(rows: T[], insert: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(...(await insert(rows.slice(i, i + BATCH))));
  return out;
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** Adds the school to a migrated database that already holds the demo data (seedDemo). */
export async function seedSchool(db: Db, size: SchoolSize): Promise<{ students: number; invoices: number }> {
  const nStudents = size.students;
  const nClasses = size.classes ?? Math.max(1, Math.round(nStudents / 33.3));
  const perStudent = size.invoicesPerStudent ?? 10;
  const nNews = size.news ?? 500;
  const nPre = size.preRegistrations ?? 1000;
  const benchHash = await hashPassword(BENCH_STUDENT.password);
  const [school] = await db.select({ value: settings.value }).from(settings).where(sql`${settings.key} = 'school'`);
  const year = (school?.value as { academicYear?: number } | undefined)?.academicYear ?? 1404;

  return db.transaction(async (tx: Tx) => {
    const classRows = await insertAll(
      Array.from({ length: nClasses }, (_, i) => ({
        name: `کلاس ${(i % 6) + 7}-${Math.floor(i / 6) + 1} بنچ`,
        gradeLevel: (i % 6) + 7,
        academicYear: year,
      })),
      (b) => tx.insert(groups).values(b).returning({ id: groups.id }),
    );
    const subjectRows = await insertAll(
      classRows.flatMap((g) => SUBJECTS.map(([name, weight], position) => ({ groupId: g.id, name, weight, position }))),
      (b) =>
        tx
          .insert(groupSubjects)
          .values(b)
          .returning({ id: groupSubjects.id, groupId: groupSubjects.groupId, name: groupSubjects.name }),
    );
    const subjectsOf = new Map<number, typeof subjectRows>();
    for (const s of subjectRows) subjectsOf.set(s.groupId, [...(subjectsOf.get(s.groupId) ?? []), s]);

    const codes = Array.from({ length: nStudents }, (_, i) => nationalCodeFrom(String(500_000_000 + i * 7)));
    const userRows = await insertAll(
      codes.map((code, i) => ({
        username: i === 0 ? BENCH_STUDENT.username : code,
        passwordHash: i === 0 ? benchHash : '!',
        role: 'student' as const,
        fullName: `${FIRST[i % FIRST.length]} ${LAST[(i * 7) % LAST.length]}`,
      })),
      (b) => tx.insert(users).values(b).returning({ id: users.id }),
    );
    const studentRows = await insertAll(
      userRows.map((u, i) => {
        const firstName = FIRST[i % FIRST.length] as string;
        const lastName = `${LAST[(i * 7) % LAST.length]} ${i}`;
        const code = codes[i] as string;
        const number = String(1_400_000 + i);
        return {
          userId: u.id,
          firstName,
          lastName,
          nationalCode: code,
          studentNumber: number,
          groupId: classRows[i % nClasses]?.id ?? null,
          birthDate: `201${i % 8}-0${(i % 9) + 1}-1${i % 9}`,
          gender: i % 2 ? ('male' as const) : ('female' as const),
          fatherName: FIRST[(i + 3) % FIRST.length],
          parentMobile: `0912${String(1_000_000 + i).slice(-7)}`,
          address: 'تهران، خیابان انقلاب، کوچهٔ بهار',
          status: i % 50 === 49 ? ('inactive' as const) : ('active' as const),
          searchText: normalizePersian(`${firstName} ${lastName} ${code} ${number}`),
        };
      }),
      (b) => tx.insert(students).values(b).returning({ id: students.id, groupId: students.groupId }),
    );

    // A published first-term card with every subject graded, for every student.
    const cards = await insertAll(
      studentRows.map((s, i) => {
        const subjects = subjectsOf.get(s.groupId ?? 0) ?? [];
        const grades = subjects.map((_, si) => ({ score: 10 + ((i + si * 3) % 11), weight: SUBJECTS[si]?.[1] ?? 1 }));
        return {
          studentId: s.id,
          groupId: s.groupId ?? 0,
          academicYear: year,
          term: 'first',
          average: weightedAverage(grades),
          published: true,
          publishedAt: new Date(),
        };
      }),
      (b) =>
        tx
          .insert(reportCards)
          .values(b)
          .returning({ id: reportCards.id, studentId: reportCards.studentId, groupId: reportCards.groupId }),
    );
    await insertAll(
      cards.flatMap((c, i) =>
        (subjectsOf.get(c.groupId) ?? []).map((s, si) => ({
          reportCardId: c.id,
          subjectId: s.id,
          subjectName: s.name,
          weight: SUBJECTS[si]?.[1] ?? 1,
          score: 10 + ((i + si * 3) % 11),
        })),
      ),
      (b) => tx.insert(reportCardGrades).values(b).returning({ id: reportCardGrades.id }),
    );

    // Invoices: monthly tuition over the year; earlier ones mostly paid, a few cancelled, some receipts waiting.
    const start = new Date(Date.UTC(2025, 8, 23));
    const bills = await insertAll(
      studentRows.flatMap((s) =>
        Array.from({ length: perStudent }, (_, k) => ({
          studentId: s.id,
          title: `شهریهٔ قسط ${k + 1}`,
          amount: 25_000_000 + (k % 3) * 5_000_000,
          dueDate: isoDate(new Date(start.getTime() + k * 30 * 86_400_000)),
          cancelledAt: (s.id + k) % 97 === 0 ? new Date() : null,
        })),
      ),
      (b) =>
        tx
          .insert(invoices)
          .values(b)
          .returning({ id: invoices.id, amount: invoices.amount, cancelledAt: invoices.cancelledAt }),
    );
    await insertAll(
      bills.flatMap((b, i): (typeof payments.$inferInsert)[] => {
        if (b.cancelledAt) return [];
        const k = i % perStudent;
        if (k < perStudent / 2) {
          return [{ invoiceId: b.id, method: 'gateway' as const, amount: b.amount, status: 'succeeded' as const }];
        }
        if (k === Math.floor(perStudent / 2) && i % 3 === 0) {
          return [
            {
              invoiceId: b.id,
              method: 'card_to_card' as const,
              amount: b.amount,
              status: 'pending' as const,
              cardMasked: '************1234',
              trackingNumber: `B${i}`,
              transferredAt: new Date(),
            },
          ];
        }
        if (k === Math.floor(perStudent / 2) + 1 && i % 4 === 0) {
          return [{ invoiceId: b.id, method: 'manual' as const, amount: b.amount / 2, status: 'succeeded' as const }];
        }
        return [];
      }),
      (b) => tx.insert(payments).values(b).returning({ id: payments.id }),
    );

    // News for every audience (a third of them for chosen classes), drafts and scheduled ones too.
    const audiences = ['public', 'students', 'groups'] as const;
    const newsRows = await insertAll(
      Array.from({ length: nNews }, (_, i) => ({
        title: `اطلاعیهٔ شمارهٔ ${i + 1}`,
        summary: 'خلاصهٔ اطلاعیه برای نمایش در فهرست',
        bodyHtml: '<p>متن کامل اطلاعیه، با چند جمله دربارهٔ برنامهٔ مدرسه.</p>',
        audience: audiences[i % 3] as (typeof audiences)[number],
        pinned: i % 100 === 0,
        status: i % 20 === 19 ? ('draft' as const) : ('published' as const),
        publishAt: new Date(Date.now() - (i % 25 === 24 ? -86_400_000 : i * 3_600_000)),
      })),
      (b) => tx.insert(news).values(b).returning({ id: news.id, audience: news.audience }),
    );
    await insertAll(
      newsRows
        .filter((n) => n.audience === 'groups')
        .flatMap((n, i) =>
          [classRows[i % nClasses], classRows[(i * 7 + 1) % nClasses]]
            .filter((g, j, all) => g && all.indexOf(g) === j)
            .map((g) => ({ newsId: n.id, groupId: (g as { id: number }).id })),
        ),
      (b) => tx.insert(newsGroups).values(b).returning({ newsId: newsGroups.newsId }),
    );

    const statuses = ['new', 'reviewing', 'accepted', 'rejected', 'waitlisted'] as const;
    await insertAll(
      Array.from({ length: nPre }, (_, i) => {
        const code = nationalCodeFrom(String(600_000_000 + i * 7));
        return {
          trackingCode: String(8_000_000_000 + i),
          academicYear: year + (i % 10 === 0 ? 1 : 0),
          firstName: FIRST[i % FIRST.length] as string,
          lastName: LAST[i % LAST.length] as string,
          nationalCode: code,
          birthDate: '2014-02-01',
          gender: i % 2 ? ('male' as const) : ('female' as const),
          grade: (i % 6) + 7,
          fatherName: 'پدر',
          fatherMobile: '09121234567',
          motherName: 'مادر',
          address: 'نشانی',
          status: statuses[i % 5] as (typeof statuses)[number],
          searchText: normalizePersian(`${FIRST[i % FIRST.length]} ${LAST[i % LAST.length]} ${code}`),
          createdAt: new Date(Date.now() - i * 3_600_000),
        };
      }),
      (b) => tx.insert(preRegistrations).values(b).returning({ id: preRegistrations.id }),
    );
    await insertAll(
      Array.from({ length: 120 }, (_, i) => ({
        imageKey: `gallery/bench-${i}`,
        width: 1600,
        height: 1200,
        caption: `عکس ${i + 1}`,
        album: `آلبوم ${i % 6}`,
        position: 1000 + i,
      })),
      (b) => tx.insert(galleryPhotos).values(b).returning({ id: galleryPhotos.id }),
    );
    await insertAll(
      Array.from({ length: 300 }, (_, i) => ({
        name: `فرستنده ${i}`,
        replyTo: `0912${String(2_000_000 + i)}`,
        subject: 'پرسش دربارهٔ ثبت‌نام',
        message: 'متن پیام',
        readAt: i % 3 ? new Date() : null,
        searchText: `فرستنده ${i}`,
      })),
      (b) => tx.insert(contactMessages).values(b).returning({ id: contactMessages.id }),
    );
    return { students: studentRows.length, invoices: bills.length };
  });
}
