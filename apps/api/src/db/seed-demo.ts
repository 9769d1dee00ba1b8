import { sql } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { seedDemoAchievements } from '../modules/achievements/achievements.seed';
import { seedAssessmentsDemo } from '../modules/assessments/assessments.seed';
import { seedAttendanceDemo } from '../modules/attendance/attendance.seed';
import { discardDemoGallery, seedDemoGallery, storeDemoGallery } from '../modules/gallery/gallery.seed';
import { seedDemoParents } from '../modules/parents/parents.seed';
import { seedDemoClass, seedDemoPayments } from '../modules/payments/payments.seed';
import { seedTeacherDemo } from '../modules/teachers/teachers.seed';
import type { Storage } from '../storage/storage';
import type { Db, Tx } from './client';
import { DEMO_PASSWORD, markDemo } from './demo';
import { users } from './schema/users';
import { seedPreRegisterDemo } from './seed/pre-register-demo';
import { seedSchoolDemo } from './seed/school-demo';
import { seedSite } from './seed-site';

export { DEMO_PASSWORD };

export const DEMO_ACCOUNTS = [
  { username: 'superadmin', role: 'super-admin', fullName: 'مریم احمدی' },
  { username: 'admin', role: 'admin', fullName: 'علی رضایی' },
  { username: 'student1', role: 'student', fullName: 'سارا محمدی' },
  { username: 'student2', role: 'student', fullName: 'نیلوفر کریمی' },
  { username: 'teacher1', role: 'teacher', fullName: 'زینب موسوی' },
  { username: 'parent1', role: 'parent', fullName: 'حمیدرضا محمدی' },
] as const;

/**
 * Each feature that has demo content adds a step here; steps run in order inside the one
 * transaction that loads the demo, and get the ids of the demo users by username.
 */
type SeedStep = (tx: Tx, userIds: Map<string, number>) => Promise<void>;
const steps: SeedStep[] = [
  seedSchoolDemo,
  seedDemoClass,
  seedDemoPayments,
  seedDemoParents,
  seedSite,
  seedDemoAchievements,
  seedPreRegisterDemo,
  seedTeacherDemo,
  seedAttendanceDemo,
  seedAssessmentsDemo,
];

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * Loads the demo accounts and content in one transaction. With a storage, the gallery gets demo
 * photos too: they are files, so they are drawn and stored first and removed again if the load fails.
 */
export async function seedDemo(db: Db, options: { storage?: Storage } = {}): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD);
  const { storage } = options;
  const photos = storage ? await storeDemoGallery(storage) : [];
  try {
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(users)
        .values(DEMO_ACCOUNTS.map((a) => ({ ...a, passwordHash: hash })))
        .returning({ id: users.id, username: users.username });
      const ids = new Map(inserted.map((u) => [u.username, u.id]));
      for (const step of steps) await step(tx, ids);
      await seedDemoGallery(tx, photos);
      await markDemo(tx);
    });
  } catch (err) {
    if (storage) await discardDemoGallery(storage, photos);
    throw err;
  }
}
