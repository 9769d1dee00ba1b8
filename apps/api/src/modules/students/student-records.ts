import type { Credentials, Student, studentInputSchema } from '@madreseh/contract/students/students.contract';
import { fullNameOf, normalizePersian } from '@madreseh/contract/text';
import { imageUrls } from '@madreseh/contract/uploads';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { keptRows } from '../../db/invalidation';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';

/**
 * A student record as every part of the module reads it: its columns and the row joined with its
 * account and class, the view answered for it, the values saved from a form or an import, and the
 * signed-in student's own record.
 */

export type StudentBody = z.output<typeof studentInputSchema>;

/** A password hash that matches no password: accounts made by import until a password is issued. */
export const NO_PASSWORD = '!';

export const MESSAGES = {
  notFound: 'دانش‌آموز پیدا نشد.',
  duplicateNationalCode: 'دانش‌آموز دیگری با همین کد ملی ثبت شده است.',
  duplicateUsername: 'حساب کاربری دیگری با این کد ملی به‌عنوان نام کاربری هست.',
  duplicateNumber: 'این شمارهٔ دانش‌آموزی برای دانش‌آموز دیگری ثبت شده است.',
  unknownGroup: 'کلاس انتخاب‌شده پیدا نشد.',
  archived: 'این دانش‌آموز بایگانی شده است.',
} as const;

export function searchTextOf(s: {
  firstName: string;
  lastName: string;
  nationalCode: string;
  studentNumber: string | null;
}): string {
  return normalizePersian(`${s.firstName} ${s.lastName} ${s.nationalCode} ${s.studentNumber ?? ''}`);
}

/** A student's name as a query selects it, for `fullNameOf` (or a sheet's cells) to read. */
export const studentNameColumns = { firstName: students.firstName, lastName: students.lastName };

const studentColumns = {
  id: students.id,
  userId: students.userId,
  ...studentNameColumns,
  nationalCode: students.nationalCode,
  studentNumber: students.studentNumber,
  groupId: students.groupId,
  groupName: groups.name,
  academicYear: groups.academicYear,
  birthDate: students.birthDate,
  gender: students.gender,
  fatherName: students.fatherName,
  parentMobile: students.parentMobile,
  mobile: students.mobile,
  address: students.address,
  photoKey: students.photoKey,
  status: students.status,
  username: users.username,
  passwordHash: users.passwordHash,
  createdAt: students.createdAt,
};

/** The address of a stored photo's small rendition (the image pipeline serves uploads under /uploads/). */
export function photoUrlOf(key: string | null): string | null {
  return key ? imageUrls(key).thumb : null;
}

export function toStudent(r: StudentRow): Student {
  return {
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    nationalCode: r.nationalCode,
    studentNumber: r.studentNumber,
    groupId: r.groupId,
    groupName: r.groupName,
    birthDate: r.birthDate,
    gender: r.gender,
    fatherName: r.fatherName,
    parentMobile: r.parentMobile,
    mobile: r.mobile,
    address: r.address,
    photoUrl: photoUrlOf(r.photoKey),
    status: r.status,
    username: r.username,
    hasPassword: r.passwordHash.startsWith('scrypt$'),
    createdAt: r.createdAt.toISOString(),
  };
}

export type StudentRow = Awaited<ReturnType<typeof baseSelect>>[number];

export function baseSelect(db: Tx) {
  return db
    .select(studentColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(groups, eq(groups.id, students.groupId));
}

export async function findStudentRow(db: Tx, id: number): Promise<StudentRow> {
  const [row] = await baseSelect(db).where(eq(students.id, id)).limit(1);
  if (!row) throw AppError.notFound(MESSAGES.notFound);
  return row;
}

export async function getStudent(db: Tx, id: number): Promise<Student> {
  return toStudent(await findStudentRow(db, id));
}

export function recordValues(body: StudentBody) {
  return {
    firstName: body.firstName,
    lastName: body.lastName,
    nationalCode: body.nationalCode,
    studentNumber: body.studentNumber,
    groupId: body.groupId,
    birthDate: body.birthDate,
    gender: body.gender,
    fatherName: body.fatherName,
    parentMobile: body.parentMobile,
    address: body.address,
    searchText: searchTextOf(body),
  };
}

export function credentialsOf(s: Student, password: string): Credentials {
  return { studentId: s.id, fullName: fullNameOf(s), groupName: s.groupName, username: s.username, password };
}

/**
 * A signed-in student's own record, kept in memory until it, its account or its class changes
 * (db/invalidation.ts): every student read needs it.
 */
const keptOwnRecords = keptRows<number, StudentRow | null>({
  tables: ['users', 'groups'],
  dropWhen: (tag, userId, row) => tag === `users:${userId}` || tag === `groups:${row?.groupId}`,
});

/** The student record of a signed-in student's account (student endpoints derive it from the session). */
export async function studentOfUser(db: Tx, userId: number): Promise<StudentRow> {
  const row = await keptOwnRecords(db, userId, async () => {
    const [r] = await baseSelect(db).where(eq(students.userId, userId)).limit(1);
    return r ?? null;
  });
  if (!row) throw AppError.notFound('پروندهٔ دانش‌آموزی شما پیدا نشد. با دفتر مدرسه تماس بگیرید.');
  return row;
}
