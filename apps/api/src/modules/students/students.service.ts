import type { Credentials, Student, StudentStatus } from '@madreseh/contract/students/students.contract';
import { fullNameOf } from '@madreseh/contract/text';
import { eq, inArray, sql } from 'drizzle-orm';
import { hashPassword, randomPassword } from '../../auth/passwords';
import { endUserSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { invoices } from '../../db/schema/payments';
import { reportCards } from '../../db/schema/report-cards';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { removeImage } from '../../storage/images';
import type { Storage } from '../../storage/storage';
import { orderOf } from './student-list';
import {
  baseSelect,
  credentialsOf,
  findStudentRow,
  getStudent,
  MESSAGES,
  NO_PASSWORD,
  recordValues,
  type StudentBody,
  toStudent,
} from './student-records';

/**
 * Staff's changes to students: adding and editing a record with its account, archiving or deleting,
 * passwords, and the active/inactive switch.
 */

async function assertGroupExists(tx: Tx, groupId: number | null) {
  if (groupId === null) return;
  const [g] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, groupId));
  if (!g) throw AppError.badRequest(MESSAGES.unknownGroup, { groupId: MESSAGES.unknownGroup });
}

async function assertUnique(tx: Tx, body: StudentBody, except?: { studentId: number; userId: number }) {
  const [byCode] = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.nationalCode, body.nationalCode))
    .limit(1);
  if (byCode && byCode.id !== except?.studentId) {
    throw AppError.conflict(MESSAGES.duplicateNationalCode, { nationalCode: MESSAGES.duplicateNationalCode });
  }
  const [byUsername] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, body.nationalCode))
    .limit(1);
  if (byUsername && byUsername.id !== except?.userId) {
    throw AppError.conflict(MESSAGES.duplicateUsername, { nationalCode: MESSAGES.duplicateUsername });
  }
  if (body.studentNumber !== null) {
    const [byNumber] = await tx
      .select({ id: students.id })
      .from(students)
      .where(eq(students.studentNumber, body.studentNumber))
      .limit(1);
    if (byNumber && byNumber.id !== except?.studentId) {
      throw AppError.conflict(MESSAGES.duplicateNumber, { studentNumber: MESSAGES.duplicateNumber });
    }
  }
}

/** A unique-index race lost to a concurrent request is a 409 like the checks above. */
function mapUniqueViolation(err: unknown): never {
  if (isUniqueViolation(err)) throw AppError.conflict(MESSAGES.duplicateNationalCode);
  throw err;
}

export async function createStudent(
  db: Db,
  actor: Actor,
  body: StudentBody,
): Promise<{ student: Student; credentials: Credentials }> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      await assertGroupExists(tx, body.groupId);
      await assertUnique(tx, body);
      const [user] = await tx
        .insert(users)
        .values({ username: body.nationalCode, passwordHash, role: 'student', fullName: fullNameOf(body) })
        .returning({ id: users.id });
      if (!user) throw new Error('insert answered no row');
      const [row] = await tx
        .insert(students)
        .values({ ...recordValues(body), userId: user.id })
        .returning({ id: students.id });
      if (!row) throw new Error('insert answered no row');
      await audit(tx, actor, 'create', 'student', row.id);
      const student = await getStudent(tx, row.id);
      return { student, credentials: credentialsOf(student, password) };
    });
  } catch (err) {
    mapUniqueViolation(err);
  }
}

export async function updateStudent(db: Db, actor: Actor, id: number, body: StudentBody): Promise<Student> {
  try {
    return await db.transaction(async (tx) => {
      const current = await findStudentRow(tx, id);
      await assertGroupExists(tx, body.groupId);
      await assertUnique(tx, body, { studentId: id, userId: current.userId });
      const values = recordValues(body);
      await tx
        .update(students)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(students.id, id));
      // The username follows the national code unless it was changed to something else by hand.
      const username = current.username === current.nationalCode ? body.nationalCode : current.username;
      await tx
        .update(users)
        .set({ fullName: fullNameOf(body), username, updatedAt: sql`now()` })
        .where(eq(users.id, current.userId));
      const { searchText: _s, ...shown } = values;
      await audit(tx, actor, 'update', 'student', id, changedFields(current, shown));
      return getStudent(tx, id);
    });
  } catch (err) {
    mapUniqueViolation(err);
  }
}

/**
 * The students among `ids` that have records a school must keep (report cards, invoices and their
 * payments): they are archived instead of deleted.
 */
export async function studentsWithRecords(tx: Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  // Report cards and invoices (payments always hang off an invoice) are records the school keeps.
  const withCards = await tx
    .selectDistinct({ id: reportCards.studentId })
    .from(reportCards)
    .where(inArray(reportCards.studentId, ids));
  const withInvoices = await tx
    .selectDistinct({ id: invoices.studentId })
    .from(invoices)
    .where(inArray(invoices.studentId, ids));
  return new Set([...withCards, ...withInvoices].map((r) => r.id));
}

export async function multiDelete(
  db: Db,
  storage: Storage,
  actor: Actor,
  ids: number[],
): Promise<{ deleted: number; archived: number }> {
  const unique = [...new Set(ids)];
  const photos: string[] = [];
  const result = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: students.id, userId: students.userId, photoKey: students.photoKey })
      .from(students)
      .where(inArray(students.id, unique))
      .for('update');
    if (found.length === 0) throw AppError.notFound('هیچ‌یک از دانش‌آموزان انتخاب‌شده پیدا نشد.');
    const keep = await studentsWithRecords(
      tx,
      found.map((s) => s.id),
    );
    const toArchive = found.filter((s) => keep.has(s.id));
    const toDelete = found.filter((s) => !keep.has(s.id));
    if (toArchive.length) {
      await tx
        .update(students)
        .set({ status: 'archived', updatedAt: sql`now()` })
        .where(
          inArray(
            students.id,
            toArchive.map((s) => s.id),
          ),
        );
      await tx
        .update(users)
        .set({ active: false, updatedAt: sql`now()` })
        .where(
          inArray(
            users.id,
            toArchive.map((s) => s.userId),
          ),
        );
    }
    if (toDelete.length) {
      for (const s of toDelete) if (s.photoKey) photos.push(s.photoKey);
      await tx.delete(students).where(
        inArray(
          students.id,
          toDelete.map((s) => s.id),
        ),
      );
      // Their sessions go with the users (on delete cascade).
      await tx.delete(users).where(
        inArray(
          users.id,
          toDelete.map((s) => s.userId),
        ),
      );
    }
    for (const s of toArchive) await endUserSessions(tx, s.userId);
    await audit(tx, actor, 'multi-delete', 'student', null, {
      deleted: toDelete.map((s) => s.id),
      archived: toArchive.map((s) => s.id),
    });
    return { deleted: toDelete.length, archived: toArchive.length };
  });
  // Files go once the rows are gone for good.
  for (const key of photos) await removeImage(storage, key);
  return result;
}

export async function resetPassword(db: Db, actor: Actor, id: number): Promise<Credentials> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await findStudentRow(tx, id);
    if (row.status === 'archived') throw AppError.conflict(MESSAGES.archived);
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, row.userId));
    await endUserSessions(tx, row.userId);
    await audit(tx, actor, 'reset-password', 'student', id);
    return credentialsOf(toStudent(row), password);
  });
}

/**
 * New random passwords for several students (login slips for a class or an import), in one
 * transaction; archived students are skipped. Answers the credentials in the list's name order.
 */
export async function issuePasswords(db: Db, actor: Actor, ids: number[]): Promise<Credentials[]> {
  const unique = [...new Set(ids)];
  const rows = (
    await baseSelect(db)
      .where(inArray(students.id, unique))
      .orderBy(...orderOf('name'))
  ).filter((r) => r.status !== 'archived');
  if (rows.length === 0) throw AppError.notFound('هیچ‌یک از دانش‌آموزان انتخاب‌شده پیدا نشد.');
  const passwords = rows.map(() => randomPassword());
  const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
  await db.transaction(async (tx) => {
    for (const [i, r] of rows.entries()) {
      await tx
        .update(users)
        .set({ passwordHash: hashes[i] ?? NO_PASSWORD, updatedAt: sql`now()` })
        .where(eq(users.id, r.userId));
      await endUserSessions(tx, r.userId);
    }
    await audit(tx, actor, 'issue-passwords', 'student', null, { students: rows.map((r) => r.id) });
  });
  return rows.map((r, i) => credentialsOf(toStudent(r), passwords[i] ?? ''));
}

export async function setStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: Exclude<StudentStatus, 'archived'>,
): Promise<Student> {
  return db.transaction(async (tx) => {
    const row = await findStudentRow(tx, id);
    await tx.update(students).set({ status, updatedAt: sql`now()` }).where(eq(students.id, id));
    await tx
      .update(users)
      .set({ active: status === 'active', updatedAt: sql`now()` })
      .where(eq(users.id, row.userId));
    if (status !== 'active') await endUserSessions(tx, row.userId);
    await audit(tx, actor, status === 'active' ? 'activate' : 'deactivate', 'student', id);
    return getStudent(tx, id);
  });
}
