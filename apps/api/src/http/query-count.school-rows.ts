import type { Role } from '@madreseh/contract/roles';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { attendance, schoolHolidays, studentNotices } from '../db/schema/attendance';
import { parentStudents, parents } from '../db/schema/parents';
import { reportCardGrades, reportCards } from '../db/schema/report-cards';
import { groupSubjects, groups, students } from '../db/schema/school';
import { teacherSubjects, teachers } from '../db/schema/teachers';
import { loginThrottle, sessions, users } from '../db/schema/users';
import { nationalCodeFrom } from '../db/seed/school-demo';
import type { Fixture } from './query-count.records';

/* The school's rows: classes and subjects, students with report cards, staff, teachers, attendance. */

/** The classes and subjects added: one class a row, and one subject of student1's class a row. */
export interface AddedClasses {
  groups: { id: number }[];
  subjects: { id: number; name: string; weight: number }[];
}

/** Classes of earlier years (each with Persian and mathematics) and more subjects of student1's class. */
export async function addClasses(tx: Tx, f: Fixture, range: number[]): Promise<AddedClasses> {
  const moreGroups = await tx
    .insert(groups)
    .values(range.map((i) => ({ name: `کلاس ${i}`, gradeLevel: (i % 12) + 1, academicYear: 1370 + i })))
    .returning({ id: groups.id });
  await tx
    .insert(groupSubjects)
    .values(moreGroups.flatMap((g) => ['فارسی', 'ریاضی'].map((name, position) => ({ groupId: g.id, name, position }))));
  const subjects = await tx
    .insert(groupSubjects)
    .values(range.map((i) => ({ groupId: f.groupId, name: `درس ${i}`, position: 100 + i })))
    .returning({ id: groupSubjects.id, name: groupSubjects.name, weight: groupSubjects.weight });
  return { groups: moreGroups, subjects };
}

/** Accounts that cannot sign in with a password (the lists only read them). */
function addAccounts(tx: Tx, rows: { username: string; role: Role; fullName: string }[]) {
  return tx
    .insert(users)
    .values(rows.map((r) => ({ ...r, passwordHash: '!' })))
    .returning({ id: users.id, username: users.username });
}

/**
 * Students in student1's class (children of parent1 too), each with a graded first-term card;
 * student1's grades in the added subjects, and published cards of student1 in the added classes.
 */
export async function addClassmates(tx: Tx, f: Fixture, range: number[], added: AddedClasses): Promise<void> {
  const people = await addAccounts(
    tx,
    range.map((i) => ({ username: `qc-student-${i}`, role: 'student', fullName: `دانش‌آموز ${i}` })),
  );
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
        added.subjects
          .slice(0, 3)
          .map((s) => ({ reportCardId: c.id, subjectId: s.id, subjectName: s.name, weight: s.weight, score: 15 })),
      ),
    );

  const [latest] = await tx
    .select({ id: reportCards.id })
    .from(reportCards)
    .where(
      and(eq(reportCards.studentId, f.studentId), eq(reportCards.groupId, f.groupId), eq(reportCards.term, 'first')),
    );
  if (!latest) throw new Error('student1 has no first-term card in the demo data');
  await tx.insert(reportCardGrades).values(
    added.subjects.map((s) => ({
      reportCardId: latest.id,
      subjectId: s.id,
      subjectName: s.name,
      weight: s.weight,
      score: 18,
    })),
  );
  await tx.insert(reportCards).values(
    added.groups.map((g, i) => ({
      studentId: f.studentId,
      groupId: g.id,
      academicYear: 1370 + i,
      term: 'first',
      average: 17,
      published: true,
      publishedAt: sql`now()`,
    })),
  );
}

/** Staff accounts, each signed in on two devices, and sign-in slowed for every one of them. */
export async function addStaff(tx: Tx, range: number[]): Promise<void> {
  const staff = await addAccounts(
    tx,
    range.map((i) => ({ username: `qc-staff-${i}`, role: i % 2 ? 'admin' : 'super-admin', fullName: `کارمند ${i}` })),
  );
  await tx.insert(sessions).values(
    staff.flatMap((u, i) =>
      [0, 1].map((d) => ({
        tokenHash: `qc-${i}-${d}`,
        userId: u.id,
        expiresAt: new Date(Date.now() + 86_400_000),
      })),
    ),
  );
  // Somebody guessing their passwords.
  await tx.insert(loginThrottle).values(
    range.map((i) => ({
      username: `qc-staff-${i}`,
      device: '',
      failures: 9,
      lastFailureAt: new Date(),
      waitUntil: new Date(Date.now() + 60_000),
    })),
  );
}

/** Teachers; teacher1 teaches the added subjects of student1's class (her classes and grade columns). */
export async function addTeachers(
  tx: Tx,
  f: Fixture,
  range: number[],
  subjects: AddedClasses['subjects'],
  teacherOne: number,
): Promise<void> {
  const teacherUsers = await addAccounts(
    tx,
    range.map((i) => ({ username: `0912000${String(i).padStart(4, '0')}`, role: 'teacher', fullName: `معلم ${i}` })),
  );
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
      subjects.map((s) => ({
        teacherId: mine.id,
        subjectId: s.id,
        groupId: f.groupId,
        academicYear: f.academicYear,
      })),
    );
  }
}

/** Closed days, marks of student1 in Mehr 1405, notices, and the whole class absent on `day`. */
export async function addAttendance(tx: Tx, f: Fixture, range: number[], day: string): Promise<void> {
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
    .values(classmatesNow.map((c) => ({ studentId: c.id, groupId: f.groupId, date: day, state: 'absent' as const })))
    .onConflictDoNothing();
}

/** Day d of Mehr 1405, ISO (1 Mehr 1405 is 2026-09-23). */
function isoOfMehr(d: number): string {
  return new Date(Date.parse('2026-09-23T12:00:00Z') + (d - 1) * 86_400_000).toISOString().slice(0, 10);
}
