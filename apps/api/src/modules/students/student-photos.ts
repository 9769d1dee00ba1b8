import { and, eq, sql } from 'drizzle-orm';
import { resolveSession, type SessionPolicy } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { students } from '../../db/schema/school';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { removeImage, storeImage } from '../../storage/images';
import type { PhotoAccess } from '../../storage/serve';
import type { Storage } from '../../storage/storage';
import { findStudentRow } from './student-records';

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
