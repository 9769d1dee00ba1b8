import type {
  Child,
  LinkedParent,
  ParentCredentials,
  ParentLinkBody,
  ParentRelation,
} from '@madreseh/contract/parents/parents.contract';
import { fullNameOf } from '@madreseh/contract/text';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { hashPassword, randomPassword } from '../../auth/passwords';
import { endUserSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { parentStudents, parents } from '../../db/schema/parents';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { photoUrlOf, studentNameColumns } from '../students/student-records';

const MSG = {
  childNotFound: 'این فرزند در فهرست فرزندان شما نیست.',
  studentNotFound: 'دانش‌آموز پیدا نشد.',
  parentNotFound: 'ولی پیدا نشد.',
  nationalCodeTaken: 'این کد ملی برای ولی دیگری ثبت شده است.',
  usernameTaken: 'این شمارهٔ همراه نام کاربری حساب دیگری است.',
} as const;

/** A linked child the parent may reach: the student's id and their account (for the student services). */
export interface ChildRef {
  studentId: number;
  userId: number;
}

/**
 * The child `childId` of the signed-in parent, from the parent's own links (never from the request
 * alone): a child that is not theirs, or is archived, is not found (404).
 */
export async function childOf(db: Tx, parentUserId: number, childId: number): Promise<ChildRef> {
  const [row] = await db
    .select({ studentId: students.id, userId: students.userId })
    .from(parentStudents)
    .innerJoin(parents, eq(parents.id, parentStudents.parentId))
    .innerJoin(students, eq(students.id, parentStudents.studentId))
    .where(
      and(eq(parents.userId, parentUserId), eq(parentStudents.studentId, childId), ne(students.status, 'archived')),
    )
    .limit(1);
  if (!row) throw AppError.notFound(MSG.childNotFound);
  return row;
}

/** The signed-in parent's children, for the switcher, in name order. */
export async function childrenOf(db: Tx, parentUserId: number): Promise<Child[]> {
  const rows = await db
    .select({
      id: students.id,
      ...studentNameColumns,
      groupName: groups.name,
      relation: parentStudents.relation,
      photoKey: students.photoKey,
    })
    .from(parentStudents)
    .innerJoin(parents, eq(parents.id, parentStudents.parentId))
    .innerJoin(students, eq(students.id, parentStudents.studentId))
    .leftJoin(groups, eq(groups.id, students.groupId))
    .where(and(eq(parents.userId, parentUserId), ne(students.status, 'archived')))
    .orderBy(asc(students.sortName), asc(students.id));
  return rows.map((r) => ({
    id: r.id,
    fullName: fullNameOf(r),
    groupName: r.groupName,
    relation: r.relation,
    photoUrl: photoUrlOf(r.photoKey),
  }));
}

const parentColumns = {
  id: parents.id,
  userId: parents.userId,
  fullName: parents.fullName,
  mobile: parents.mobile,
  nationalCode: parents.nationalCode,
  passwordHash: users.passwordHash,
  children: sql<number>`(select count(*)::int from ${parentStudents} ps where ps.parent_id = ${parents.id})`,
};

/** A student's parents, as staff see them on the student drawer. */
export async function parentsOfStudent(db: Tx, studentId: number): Promise<LinkedParent[]> {
  await studentExists(db, studentId);
  const rows = await db
    .select({ ...parentColumns, relation: parentStudents.relation })
    .from(parentStudents)
    .innerJoin(parents, eq(parents.id, parentStudents.parentId))
    .innerJoin(users, eq(users.id, parents.userId))
    .where(eq(parentStudents.studentId, studentId))
    .orderBy(asc(parentStudents.relation), asc(parents.id));
  return rows.map((r) => ({
    id: r.id,
    fullName: r.fullName,
    mobile: r.mobile,
    nationalCode: r.nationalCode,
    relation: r.relation,
    hasPassword: r.passwordHash.startsWith('scrypt$'),
    children: r.children,
  }));
}

async function studentExists(db: Tx, studentId: number): Promise<void> {
  const [s] = await db.select({ id: students.id }).from(students).where(eq(students.id, studentId));
  if (!s) throw AppError.notFound(MSG.studentNotFound);
}

/**
 * The parent of a mobile, made when there is none (no password yet: staff issue one on a login
 * slip), and linked to the student with the relation; a link that exists keeps its row and takes
 * the new relation. Runs inside the caller's transaction (the student import calls it per row).
 */
export async function ensureParentLink(
  tx: Tx,
  input: { mobile: string; fullName: string; nationalCode: string | null; relation: ParentRelation; studentId: number },
): Promise<{ parentId: number; created: boolean; linked: boolean }> {
  let [parent] = await tx.select({ id: parents.id }).from(parents).where(eq(parents.mobile, input.mobile));
  let created = false;
  if (!parent) {
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, input.mobile));
    if (taken) throw AppError.conflict(MSG.usernameTaken, { mobile: MSG.usernameTaken });
    if (input.nationalCode) {
      const [same] = await tx
        .select({ id: parents.id })
        .from(parents)
        .where(eq(parents.nationalCode, input.nationalCode));
      if (same) throw AppError.conflict(MSG.nationalCodeTaken, { nationalCode: MSG.nationalCodeTaken });
    }
    const [user] = await tx
      .insert(users)
      .values({ username: input.mobile, passwordHash: '!', role: 'parent', fullName: input.fullName })
      .returning({ id: users.id });
    if (!user) throw new Error('insert returned nothing');
    [parent] = await tx
      .insert(parents)
      .values({ userId: user.id, mobile: input.mobile, fullName: input.fullName, nationalCode: input.nationalCode })
      .returning({ id: parents.id });
    created = true;
  }
  if (!parent) throw new Error('insert returned nothing');
  const linked = await tx
    .insert(parentStudents)
    .values({ parentId: parent.id, studentId: input.studentId, relation: input.relation })
    .onConflictDoUpdate({
      target: [parentStudents.parentId, parentStudents.studentId],
      set: { relation: input.relation },
    })
    .returning({ createdAt: parentStudents.createdAt });
  return { parentId: parent.id, created, linked: linked.length > 0 };
}

export async function linkParent(
  db: Db,
  actor: Actor,
  studentId: number,
  body: ParentLinkBody & { mobile: string; fullName: string; nationalCode: string | null },
): Promise<{ parent: LinkedParent; created: boolean }> {
  const result = await db.transaction(async (tx) => {
    await studentExists(tx, studentId);
    const made = await ensureParentLink(tx, {
      mobile: body.mobile,
      fullName: body.fullName,
      nationalCode: body.nationalCode,
      relation: body.relation,
      studentId,
    });
    await audit(tx, actor, made.created ? 'create-link' : 'link', 'parent', made.parentId, {
      studentId,
      relation: body.relation,
    });
    return made;
  });
  const parent = (await parentsOfStudent(db, studentId)).find((p) => p.id === result.parentId);
  if (!parent) throw new Error('linked parent not found');
  return { parent, created: result.created };
}

export async function unlinkParent(db: Db, actor: Actor, studentId: number, parentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await tx
      .delete(parentStudents)
      .where(and(eq(parentStudents.studentId, studentId), eq(parentStudents.parentId, parentId)))
      .returning({ parentId: parentStudents.parentId });
    if (!gone.length) throw AppError.notFound(MSG.parentNotFound);
    await audit(tx, actor, 'unlink', 'parent', parentId, { studentId });
  });
}

/** A new random password for a parent (answered once, for the login slip); their sessions end. */
export async function resetParentPassword(db: Db, actor: Actor, parentId: number): Promise<ParentCredentials> {
  const password = randomPassword();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [p] = await tx
      .select({ id: parents.id, userId: parents.userId, fullName: parents.fullName, username: users.username })
      .from(parents)
      .innerJoin(users, eq(users.id, parents.userId))
      .where(eq(parents.id, parentId));
    if (!p) throw AppError.notFound(MSG.parentNotFound);
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, p.userId));
    await endUserSessions(tx, p.userId);
    await audit(tx, actor, 'reset-password', 'parent', parentId);
    const kids = await tx
      .select(studentNameColumns)
      .from(parentStudents)
      .innerJoin(students, eq(students.id, parentStudents.studentId))
      .where(inArray(parentStudents.parentId, [parentId]))
      .orderBy(asc(students.sortName));
    return {
      parentId: p.id,
      fullName: p.fullName,
      children: kids.map(fullNameOf),
      username: p.username,
      password,
    };
  });
}
