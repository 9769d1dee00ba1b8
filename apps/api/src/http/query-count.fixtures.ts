import { notifications } from '../db/schema/notifications';
import { auditLog } from '../db/schema/system';
import { loginThrottle, users } from '../db/schema/users';
import type { TestApp } from '../test/test-app';
import { addMoney } from './query-count.money-rows';
import { ATTENDANCE_DAY, type Fixture } from './query-count.records';
import { addAttendance, addClasses, addClassmates, addStaff, addTeachers } from './query-count.school-rows';
import { addSiteContent } from './query-count.site-rows';

/* The rows the query-count test adds, each kind in the file of its part of the school. */

/**
 * Adds n rows of everything the lists show, straight into the database: news of every audience,
 * gallery photos, achievements, messages, pre-registrations, classes with subjects, students in
 * student1's class with graded report cards, invoices of student1 with card-to-card receipts
 * waiting, published report cards of student1 in earlier years, and staff accounts with sessions.
 */
export async function addRows(t: TestApp, f: Fixture, n: number): Promise<void> {
  const range = Array.from({ length: n }, (_, i) => i);
  await addBells(t, range);
  const teacherOne = await t.userId('teacher1');
  await t.db.transaction(async (tx) => {
    const added = await addClasses(tx, f, range);
    await addSiteContent(tx, f, range, added.groups, teacherOne);
    await addClassmates(tx, f, range, added);
    await addStaff(tx, range);
    await addMoney(tx, f, range);
    await addTeachers(tx, f, range, added.subjects, teacherOne);
    await addAttendance(tx, f, range, ATTENDANCE_DAY);
  });
}

/** The admin's audit rows, the bells of student1 and parent1, SMS in the outbox and slowed sign-ins. */
async function addBells(t: TestApp, range: number[]): Promise<void> {
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
  const guessed = await t.db.select({ username: users.username }).from(users).limit(range.length);
  await t.db
    .insert(loginThrottle)
    .values(guessed.map((u) => ({ username: u.username, device: '', failures: 20, lastFailureAt: new Date() })))
    .onConflictDoNothing();
}
