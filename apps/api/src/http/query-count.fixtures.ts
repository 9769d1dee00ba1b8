import { contract } from '@madreseh/contract/endpoints';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { achievements } from '../db/schema/achievements';
import { attendance, schoolHolidays, studentNotices } from '../db/schema/attendance';
import { notifications } from '../db/schema/notifications';
import { parentStudents, parents } from '../db/schema/parents';
import { invoices, payments } from '../db/schema/payments';
import { preRegistrations } from '../db/schema/pre-register';
import { reportCardGrades, reportCards } from '../db/schema/report-cards';
import { groupSubjects, groups, students } from '../db/schema/school';
import { contactMessages, galleryPhotos, news, newsGroups } from '../db/schema/site';
import { auditLog } from '../db/schema/system';
import { teacherSubjects, teachers } from '../db/schema/teachers';
import { loginThrottle, sessions, users } from '../db/schema/users';
import { nationalCodeFrom } from '../db/seed/school-demo';
import type { TestApp } from '../test/test-app';

/* The rows the query-count test adds, and the records it calls the lists for. */

/** A school day (a Saturday, 4 Mehr 1405) the attendance lists are asked for. */
export const ATTENDANCE_DAY = '2026-09-26';

/** The demo records the lists are asked for. */
export interface Fixture {
  studentId: number;
  groupId: number;
  academicYear: number;
  /** parent1's payment of several invoices (started, not yet paid). */
  batchId: number;
  /** Mathematics of student1's class, a subject of teacher1. */
  mathId: number;
}

/** The mathematics subject of a class. */
export async function mathOf(t: TestApp, groupId: number): Promise<number> {
  const [row] = await t.db
    .select({ id: groupSubjects.id })
    .from(groupSubjects)
    .where(and(eq(groupSubjects.groupId, groupId), eq(groupSubjects.name, 'ریاضی')));
  if (!row) throw new Error('the demo class has no mathematics');
  return row.id;
}

/** parent1 starts one payment of an open invoice of each child: the batch's id. */
export async function startBatch(t: TestApp, parent: string): Promise<number> {
  const headers = t.as(parent);
  const children = ((await t.call(contract.parent.children, { headers })).json() as { items: { id: number }[] }).items;
  const open: number[] = [];
  for (const child of children) {
    const list = await t.call(contract.parent.invoices, { params: { childId: child.id }, headers });
    const first = (list.json() as { invoices: { id: number; payable: number }[] }).invoices.find((i) => i.payable > 0);
    if (first) open.push(first.id);
  }
  const res = await t.call(contract.parent.batchPay, { headers, body: { invoiceIds: open } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { batchId: number }).batchId;
}

/**
 * Adds n rows of everything the lists show, straight into the database: news of every audience,
 * gallery photos, achievements, messages, pre-registrations, classes with subjects, students in
 * student1's class with graded report cards, invoices of student1 with card-to-card receipts
 * waiting, published report cards of student1 in earlier years, and staff accounts with sessions.
 */
export async function addRows(t: TestApp, f: Fixture, n: number): Promise<void> {
  const range = Array.from({ length: n }, (_, i) => i);
  const past = (i: number) => new Date(Date.now() - (i + 1) * 60_000);
  // Audit rows of the admin the lists are asked as (an admin reads only their own).
  const adminId = await t.userId('admin');
  await t.db.insert(auditLog).values(
    range.map((i) => ({
      userId: adminId,
      action: 'update',
      entity: 'news',
      entityId: String(i),
      details: { title: `خبر ${i}` },
    })),
  );
  // Notifications of student1 and of parent1 (their bells) and SMS in the outbox (panel/notifications/sms).
  const studentUser = await t.userId('student1');
  const parentUser = await t.userId('parent1');
  await t.db.insert(notifications).values(
    range.flatMap((i) => [
      {
        channel: 'in_app' as const,
        userId: parentUser,
        template: 'staff_message',
        body: `پیام ${i}`,
        idempotencyKey: `count:${i}:in_app:parent`,
        state: 'delivered' as const,
      },
      {
        channel: 'in_app' as const,
        userId: studentUser,
        template: 'staff_message',
        body: `پیام ${i}`,
        idempotencyKey: `count:${i}:in_app`,
        state: 'delivered' as const,
      },
      {
        channel: 'sms' as const,
        mobile: '09121234567',
        template: 'staff_message',
        body: `پیام ${i}`,
        idempotencyKey: `count:${i}:sms`,
        parts: 1,
      },
    ]),
  );
  // Accounts somebody guessed at: slowed now (panel/sign-in/slowed).
  const guessed = await t.db.select({ username: users.username }).from(users).limit(n);
  await t.db
    .insert(loginThrottle)
    .values(guessed.map((u) => ({ username: u.username, device: '', failures: 20, lastFailureAt: new Date() })))
    .onConflictDoNothing();
  const teacherOne = await t.userId('teacher1');
  await t.db.transaction(async (tx) => {
    const moreGroups = await tx
      .insert(groups)
      .values(range.map((i) => ({ name: `کلاس ${i}`, gradeLevel: (i % 12) + 1, academicYear: 1370 + i })))
      .returning({ id: groups.id });
    await tx
      .insert(groupSubjects)
      .values(
        moreGroups.flatMap((g) => ['فارسی', 'ریاضی'].map((name, position) => ({ groupId: g.id, name, position }))),
      );
    const newSubjects = await tx
      .insert(groupSubjects)
      .values(range.map((i) => ({ groupId: f.groupId, name: `درس ${i}`, position: 100 + i })))
      .returning({ id: groupSubjects.id, name: groupSubjects.name, weight: groupSubjects.weight });

    for (const audience of ['public', 'students', 'groups'] as const) {
      const rows = await tx
        .insert(news)
        .values(
          range.map((i) => ({
            title: `خبر ${audience} ${i}`,
            summary: 'خلاصه',
            bodyHtml: '<p>متن</p>',
            audience,
            status: 'published' as const,
            publishAt: past(i),
            // The class news is teacher1's: her own list (teacher/news) grows with it.
            createdBy: audience === 'groups' ? teacherOne : null,
          })),
        )
        .returning({ id: news.id });
      if (audience === 'groups') {
        await tx
          .insert(newsGroups)
          .values(
            rows.flatMap((r, i) =>
              [f.groupId, moreGroups[i]?.id ?? f.groupId].map((groupId) => ({ newsId: r.id, groupId })),
            ),
          );
      }
    }
    await tx.insert(galleryPhotos).values(
      range.map((i) => ({
        imageKey: `gallery/test-${i}`,
        width: 1600,
        height: 1200,
        caption: `عکس ${i}`,
        album: `آلبوم ${i % 5}`,
        position: -1000 - i,
      })),
    );
    await tx
      .insert(achievements)
      .values(range.map((i) => ({ title: `افتخار ${i}`, description: 'شرح', date: '2024-05-01', position: i })));
    await tx.insert(contactMessages).values(
      range.map((i) => ({
        name: `فرستنده ${i}`,
        replyTo: `0912${String(1000000 + i)}`,
        subject: 'پرسش',
        message: 'متن پیام',
        searchText: `فرستنده ${i}`,
      })),
    );
    await tx.insert(preRegistrations).values(
      range.map((i) => ({
        trackingCode: String(9_000_000_000 + i),
        academicYear: f.academicYear,
        firstName: 'نام',
        lastName: `خانوادگی ${i}`,
        nationalCode: nationalCodeFrom(String(700_000_000 + i)),
        birthDate: '2012-01-01',
        gender: 'female' as const,
        grade: 10 + (i % 3),
        fatherName: 'پدر',
        fatherMobile: '09121234567',
        motherName: 'مادر',
        address: 'نشانی',
        status: (['new', 'reviewing', 'accepted', 'rejected', 'waitlisted'] as const)[i % 5],
      })),
    );

    // Students in student1's class, each with a graded first-term card.
    const people = await tx
      .insert(users)
      .values(
        range.map((i) => ({
          username: `qc-student-${i}`,
          passwordHash: '!',
          role: 'student' as const,
          fullName: `دانش‌آموز ${i}`,
        })),
      )
      .returning({ id: users.id });
    const classmates = await tx
      .insert(students)
      .values(
        people.map((u, i) => ({
          userId: u.id,
          firstName: 'دانش‌آموز',
          lastName: `شماره ${i}`,
          nationalCode: nationalCodeFrom(String(800_000_000 + i)),
          studentNumber: `QC${i}`,
          groupId: f.groupId,
          searchText: `دانش‌آموز شماره ${i}`,
        })),
      )
      .returning({ id: students.id });
    const [father] = await tx
      .select({ id: parents.id })
      .from(parents)
      .innerJoin(users, eq(users.id, parents.userId))
      .where(eq(users.username, 'parent1'));
    if (father) {
      await tx
        .insert(parentStudents)
        .values(classmates.map((c) => ({ parentId: father.id, studentId: c.id, relation: 'father' as const })));
    }
    const cards = await tx
      .insert(reportCards)
      .values(
        classmates.map((s) => ({ studentId: s.id, groupId: f.groupId, academicYear: f.academicYear, term: 'first' })),
      )
      .returning({ id: reportCards.id });
    await tx
      .insert(reportCardGrades)
      .values(
        cards.flatMap((c) =>
          newSubjects
            .slice(0, 3)
            .map((s) => ({ reportCardId: c.id, subjectId: s.id, subjectName: s.name, weight: s.weight, score: 15 })),
        ),
      );

    // student1: grades in the new subjects on the latest card, and published cards of earlier years.
    const [latest] = await tx
      .select({ id: reportCards.id })
      .from(reportCards)
      .where(
        and(eq(reportCards.studentId, f.studentId), eq(reportCards.groupId, f.groupId), eq(reportCards.term, 'first')),
      );
    if (!latest) throw new Error('student1 has no first-term card in the demo data');
    await tx.insert(reportCardGrades).values(
      newSubjects.map((s) => ({
        reportCardId: latest.id,
        subjectId: s.id,
        subjectName: s.name,
        weight: s.weight,
        score: 18,
      })),
    );
    await tx.insert(reportCards).values(
      moreGroups.map((g, i) => ({
        studentId: f.studentId,
        groupId: g.id,
        academicYear: 1370 + i,
        term: 'first',
        average: 17,
        published: true,
        publishedAt: sql`now()`,
      })),
    );

    // Staff accounts, each signed in on two devices.
    const staff = await tx
      .insert(users)
      .values(
        range.map((i) => ({
          username: `qc-staff-${i}`,
          passwordHash: '!',
          role: i % 2 ? ('admin' as const) : ('super-admin' as const),
          fullName: `کارمند ${i}`,
        })),
      )
      .returning({ id: users.id });
    await tx.insert(sessions).values(
      staff.flatMap((u, i) =>
        [0, 1].map((d) => ({
          tokenHash: `qc-${i}-${d}`,
          userId: u.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      ),
    );
    // Sign-in slowed for every one of them (somebody guessing their passwords).
    await tx.insert(loginThrottle).values(
      range.map((i) => ({
        username: `qc-staff-${i}`,
        device: '',
        failures: 9,
        lastFailureAt: new Date(),
        waitUntil: new Date(Date.now() + 60_000),
      })),
    );

    // student1's invoices, each with a card-to-card receipt waiting for a decision.
    const bills = await tx
      .insert(invoices)
      .values(
        range.map((i) => ({
          studentId: f.studentId,
          title: `شهریهٔ قسط ${i}`,
          amount: 10_000_000,
          dueDate: '2030-01-01',
        })),
      )
      .returning({ id: invoices.id });
    await tx.insert(payments).values(
      bills.map((b, i) => ({
        invoiceId: b.id,
        method: 'card_to_card' as const,
        amount: 1_000_000,
        status: 'pending' as const,
        cardMasked: '************1234',
        trackingNumber: `T${i}`,
        transferredAt: new Date(),
      })),
    );

    // More shares of parent1's payment of several invoices (each on an invoice of its own).
    const [share] = await tx.select().from(payments).where(eq(payments.batchId, f.batchId)).limit(1);
    if (!share) throw new Error('the batch has no share');
    const shared = await tx
      .insert(invoices)
      .values(
        range.map((i) => ({ studentId: f.studentId, title: `اردو ${i}`, amount: 2_000_000, dueDate: '2030-01-01' })),
      )
      .returning({ id: invoices.id });
    await tx.insert(payments).values(
      shared.map((b) => ({
        invoiceId: b.id,
        method: share.method,
        amount: 2_000_000,
        status: 'pending' as const,
        gateway: share.gateway,
        submittedBy: share.submittedBy,
        batchId: f.batchId,
      })),
    );

    // Teachers; teacher1 teaches the added subjects of student1's class (her classes and grade columns).
    const teacherUsers = await tx
      .insert(users)
      .values(
        range.map((i) => ({
          username: `0912000${String(i).padStart(4, '0')}`,
          passwordHash: '!',
          role: 'teacher' as const,
          fullName: `معلم ${i}`,
        })),
      )
      .returning({ id: users.id, username: users.username });
    await tx.insert(teachers).values(
      teacherUsers.map((u, i) => ({
        userId: u.id,
        firstName: 'معلم',
        lastName: `${i}`,
        mobile: u.username,
        nationalCode: nationalCodeFrom(`7${String(i).padStart(8, '0')}`),
      })),
    );
    const [mine] = await tx.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, teacherOne));
    if (mine) {
      await tx.insert(teacherSubjects).values(
        newSubjects.map((s) => ({
          teacherId: mine.id,
          subjectId: s.id,
          groupId: f.groupId,
          academicYear: f.academicYear,
        })),
      );
    }
    // Closed days, marks of student1 in Mehr 1405, notices, and the class absent on one day.
    await tx.insert(schoolHolidays).values(
      range.map((i) => ({
        date: `2001-01-${String((i % 28) + 1).padStart(2, '0')}`.replace('2001', String(2001 + Math.floor(i / 28))),
        title: `تعطیلی ${i}`,
      })),
    );
    await tx
      .insert(attendance)
      .values(
        range
          .filter((i) => i < 30)
          .map((i) => ({
            studentId: f.studentId,
            groupId: f.groupId,
            date: isoOfMehr(i + 1),
            state: 'late' as const,
            lateMinutes: 5,
          })),
      )
      .onConflictDoNothing();
    await tx
      .insert(studentNotices)
      .values(
        range.map((i) => ({ studentId: f.studentId, kind: 'absence', ref: `q${i}`, title: `غیبت ${i}`, body: 'غایب' })),
      );
    const classmatesNow = await tx.select({ id: students.id }).from(students).where(eq(students.groupId, f.groupId));
    await tx
      .insert(attendance)
      .values(
        classmatesNow.map((c) => ({
          studentId: c.id,
          groupId: f.groupId,
          date: ATTENDANCE_DAY,
          state: 'absent' as const,
        })),
      )
      .onConflictDoNothing();
  });
}

/** Day d of Mehr 1405, ISO (1 Mehr 1405 is 2026-09-23). */
function isoOfMehr(d: number): string {
  return new Date(Date.parse('2026-09-23T12:00:00Z') + (d - 1) * 86_400_000).toISOString().slice(0, 10);
}
