import {
  type Credentials,
  STUDENT_STATUSES,
  type Student,
  type studentInputSchema,
  type studentListQuerySchema,
} from '@madreseh/contract/students/students.contract';
import { normalizePersian } from '@madreseh/contract/text';
import { imageUrls } from '@madreseh/contract/uploads';
import { and, asc, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, randomPassword } from '../../auth/passwords';
import { endUserSessions, resolveSession, type SessionPolicy } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { keptRows } from '../../db/invalidation';
import { figures } from '../../db/schema/figures';
import { invoices } from '../../db/schema/payments';
import { reportCards } from '../../db/schema/report-cards';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { removeImage, storeImage } from '../../storage/images';
import type { PhotoAccess } from '../../storage/serve';
import type { Storage } from '../../storage/storage';

export type StudentBody = z.output<typeof studentInputSchema>;
export type StudentListFilters = Omit<z.output<typeof studentListQuerySchema>, 'page' | 'pageSize'>;

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

export const fullNameOf = (s: { firstName: string; lastName: string }) => `${s.firstName} ${s.lastName}`;

const studentColumns = {
  id: students.id,
  userId: students.userId,
  firstName: students.firstName,
  lastName: students.lastName,
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

/**
 * Who may see a student's photo (storage/serve.ts): staff, and the student it shows; the session
 * comes from the web app's `token` cookie, as images are loaded without an Authorization header.
 */
export function studentPhotoAccess(db: Db, policy: SessionPolicy): PhotoAccess {
  return async (request, photoKey) => {
    const token = tokenCookieOf(request.headers.cookie);
    const auth = token ? await resolveSession(db, token, policy) : null;
    if (!auth) return false;
    if (auth.role === 'admin' || auth.role === 'super-admin') return true;
    const [own] = await db
      .select({ id: students.id })
      .from(students)
      .where(and(eq(students.userId, auth.userId), eq(students.photoKey, photoKey)))
      .limit(1);
    return own !== undefined;
  };
}

function tokenCookieOf(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === 'token') {
      try {
        return decodeURIComponent(rest.join('='));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The address of a stored photo's small rendition (the image pipeline serves uploads under /uploads/). */
export function photoUrlOf(key: string | null): string | null {
  return key ? imageUrls(key).thumb : null;
}

/**
 * Stores a new photo for a student (checked and re-encoded by the image pipeline) and removes the
 * old one once the row points at the new one.
 */
export async function setPhoto(
  db: Db,
  storage: Storage,
  actor: Actor | null,
  studentId: number,
  file: Buffer | null,
): Promise<void> {
  const current = await findStudentRow(db, studentId);
  const stored = file ? await storeImage(storage, 'students', file) : null;
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(students)
        .set({ photoKey: stored?.key ?? null, updatedAt: sql`now()` })
        .where(eq(students.id, studentId));
      if (actor?.role !== 'student' && actor) {
        await audit(tx, actor, stored ? 'set-photo' : 'remove-photo', 'student', studentId);
      }
    });
  } catch (err) {
    if (stored) await removeImage(storage, stored.key);
    throw err;
  }
  if (current.photoKey) await removeImage(storage, current.photoKey);
}

function toStudent(r: StudentRow): Student {
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

type StudentRow = Awaited<ReturnType<typeof baseSelect>>[number];

function baseSelect(db: Tx) {
  return db
    .select(studentColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(groups, eq(groups.id, students.groupId));
}

async function findStudentRow(db: Tx, id: number): Promise<StudentRow> {
  const [row] = await baseSelect(db).where(eq(students.id, id)).limit(1);
  if (!row) throw AppError.notFound(MESSAGES.notFound);
  return row;
}

export async function getStudent(db: Tx, id: number): Promise<Student> {
  return toStudent(await findStudentRow(db, id));
}

/** `%text%` for ILIKE with the pattern characters of the text escaped. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(f: StudentListFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (f.status === null) parts.push(ne(students.status, 'archived'));
  else if (f.status !== 'all') parts.push(eq(students.status, f.status));
  if (f.groupId !== null) parts.push(eq(students.groupId, f.groupId));
  const q = f.q ? normalizePersian(f.q) : '';
  if (q) {
    // Every word must appear somewhere: «رضا ۱۲۳» finds Reza whose code contains 123.
    for (const word of q.split(' ').slice(0, 5)) parts.push(ilike(students.searchText, containsPattern(word)));
  }
  return parts.length ? and(...parts) : undefined;
}

/**
 * The list's order for `sort`; `reversed` gives the exact reverse (every direction flipped, so NULLs
 * come first where they came last), for reading a page near the end from the end.
 */
function orderOf(sort: StudentListFilters['sort'], reversed = false): SQL[] {
  const up = reversed ? desc : asc;
  const down = reversed ? asc : desc;
  switch (sort) {
    case '-name':
      return [down(students.sortName), down(students.id)];
    case 'number':
      return [up(students.studentNumber), up(students.id)];
    case '-number':
      return [down(students.studentNumber), down(students.id)];
    case 'created':
      return [up(students.createdAt), up(students.id)];
    case '-created':
      return [down(students.createdAt), down(students.id)];
    case 'group':
      return [up(groups.sortName), up(students.sortName), up(students.id)];
    case '-group':
      return [down(groups.sortName), up(students.sortName), up(students.id)];
    default:
      return [up(students.sortName), up(students.id)];
  }
}

export async function listStudents(
  db: Db,
  query: z.output<typeof studentListQuerySchema>,
): Promise<{ items: Student[]; total: number; page: number; pageSize: number }> {
  const where = whereOf(query);
  const order = orderOf(query.sort);
  const total = await countStudents(db, query, where);
  // The page's ids first, read in order from the students table alone (an index gives the default order),
  // then only those rows joined: a page never joins or sorts the whole school. A page in the second half
  // is read from the end, in the reverse order: the last page skips nothing, whatever the school's size.
  const byGroup = query.sort === 'group' || query.sort === '-group';
  const offset = (query.page - 1) * query.pageSize;
  const fromEnd = offset * 2 >= total && offset < total;
  const onPage = Math.min(query.pageSize, total - offset);
  const pageIds = (
    byGroup
      ? db.select({ id: students.id }).from(students).leftJoin(groups, eq(groups.id, students.groupId))
      : db.select({ id: students.id }).from(students)
  )
    .where(where)
    .orderBy(...(fromEnd ? orderOf(query.sort, true) : order))
    .limit(fromEnd ? onPage : query.pageSize)
    .offset(fromEnd ? total - offset - onPage : offset);
  const rows = await baseSelect(db)
    .where(inArray(students.id, pageIds))
    .orderBy(...order);
  return { items: rows.map(toStudent), total, page: query.page, pageSize: query.pageSize };
}

/**
 * How many students the filters select. By status alone (the list as it opens) the counters kept by
 * triggers answer it (migrations 0019 and 0024: one row per status), whatever the size of the school; a
 * class is counted through its index (a class's size); a search counts what it matched. A counter missing
 * (a backup from before it, restored) is counted from the table instead.
 */
async function countStudents(db: Db, f: StudentListFilters, where: SQL | undefined): Promise<number> {
  if (f.groupId === null && !(f.q && normalizePersian(f.q))) {
    const statuses = f.status === null ? ['active', 'inactive'] : f.status === 'all' ? STUDENT_STATUSES : [f.status];
    const names = statuses.map((s) => `${s}_students`);
    const kept = await db.select({ n: figures.n }).from(figures).where(inArray(figures.name, names));
    if (kept.length === names.length) return kept.reduce((sum, r) => sum + Number(r.n), 0);
  }
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(students).where(where);
  return counted?.n ?? 0;
}

/** Students read per statement by the export: short steps, so other requests run between them. */
const EXPORT_BATCH = 1000;

/**
 * Every student the filters select (for the export), in the list's order, in batches: their ids first, in
 * order, from the students table alone (and the classes, to sort by class), then the rows of a batch of
 * ids at a time — never one statement reading, joining and sorting the whole school.
 */
export async function* allStudents(
  db: Db,
  filters: StudentListFilters,
  batch = EXPORT_BATCH,
): AsyncGenerator<Student[]> {
  const byGroup = filters.sort === 'group' || filters.sort === '-group';
  const ids = (
    await (byGroup
      ? db.select({ id: students.id }).from(students).leftJoin(groups, eq(groups.id, students.groupId))
      : db.select({ id: students.id }).from(students)
    )
      .where(whereOf(filters))
      .orderBy(...orderOf(filters.sort))
  ).map((r) => r.id);
  for (let i = 0; i < ids.length; i += batch) {
    const some = ids.slice(i, i + batch);
    const rows = new Map((await baseSelect(db).where(inArray(students.id, some))).map((r) => [r.id, r]));
    const inOrder: Student[] = [];
    for (const id of some) {
      const row = rows.get(id);
      if (row) inOrder.push(toStudent(row));
    }
    yield inOrder;
  }
}

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

function recordValues(body: StudentBody) {
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

function credentialsOf(s: Student, password: string): Credentials {
  return { studentId: s.id, fullName: fullNameOf(s), groupName: s.groupName, username: s.username, password };
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

export async function setStatus(db: Db, actor: Actor, id: number, status: 'active' | 'inactive'): Promise<Student> {
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

/**
 * A signed-in student's own record, kept in memory until it, its account or its class changes
 * (db/invalidation.ts): every student read needs it.
 */
const keptOwnRecords = keptRows<number, StudentRow | null>({
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
