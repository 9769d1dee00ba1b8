import type { Me, Profile, profileUpdateSchema } from '@madreseh/contract/students/students.contract';
import { fullNameOf } from '@madreseh/contract/text';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { type AuthContext, endUserSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import { AppError } from '../../lib/errors';
import { hit } from '../../lib/rate-limit';
import { latestPublishedAverage } from '../report-cards/published-cards';
import { photoUrlOf, studentOfUser } from './student-records';

/** Wrong current passwords allowed per account in 15 minutes. */
const PASSWORD_TRIES = { max: 10, windowMs: 15 * 60_000 };

type OwnStudent = Awaited<ReturnType<typeof studentOfUser>>;

/** What both the start page and the profile say about the student: name, class, school year, photo. */
function identityOf(s: OwnStudent) {
  return {
    id: s.id,
    fullName: fullNameOf(s),
    firstName: s.firstName,
    lastName: s.lastName,
    studentNumber: s.studentNumber,
    groupId: s.groupId,
    groupName: s.groupName,
    academicYear: s.academicYear ?? null,
    photoUrl: photoUrlOf(s.photoKey),
  };
}

export async function me(db: Db, auth: AuthContext): Promise<Me> {
  const s = await studentOfUser(db, auth.userId);
  return { ...identityOf(s), latestAverage: await latestPublishedAverage(db, s.id) };
}

export async function profile(db: Db, auth: AuthContext): Promise<Profile> {
  const s = await studentOfUser(db, auth.userId);
  return {
    ...identityOf(s),
    nationalCode: s.nationalCode,
    birthDate: s.birthDate,
    gender: s.gender,
    fatherName: s.fatherName,
    parentMobile: s.parentMobile,
    mobile: s.mobile,
    address: s.address,
    username: s.username,
  };
}

export async function updateProfile(
  db: Db,
  auth: AuthContext,
  body: z.output<typeof profileUpdateSchema>,
): Promise<Profile> {
  const s = await studentOfUser(db, auth.userId);
  // A field left out of the body stays as it is (PATCH); only what was sent changes.
  const changes: Partial<{ mobile: string | null; address: string | null }> = {};
  if (body.mobile !== undefined) changes.mobile = body.mobile;
  if (body.address !== undefined) changes.address = body.address;
  if (Object.keys(changes).length > 0)
    await db
      .update(students)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(students.id, s.id));
  return profile(db, auth);
}

export async function changePassword(
  db: Db,
  auth: AuthContext,
  body: { currentPassword: string; newPassword: string },
  /** More to write in the same transaction (a staff member's audit row). */
  alsoInTx?: (tx: Tx) => Promise<void>,
): Promise<void> {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId));
  if (!user) throw AppError.unauthorized();
  const ok = await verifyPassword(body.currentPassword, user.passwordHash);
  if (!ok) {
    const tries = await hit(db, `password-change:${auth.userId}`, PASSWORD_TRIES.windowMs);
    if (tries > PASSWORD_TRIES.max) throw AppError.tooMany();
    const message = 'رمز عبور فعلی درست نیست.';
    throw AppError.badRequest(message, { currentPassword: message });
  }
  if (body.currentPassword === body.newPassword) {
    const message = 'رمز عبور تازه باید با رمز فعلی فرق داشته باشد.';
    throw AppError.badRequest(message, { newPassword: message });
  }
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, auth.userId));
    await endUserSessions(tx, auth.userId, auth.sessionId);
    await alsoInTx?.(tx);
  });
}
