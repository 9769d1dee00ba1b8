import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach } from 'vitest';
import { notifications, smsOptOuts } from '../../db/schema/notifications';
import { students } from '../../db/schema/school';
import { settings } from '../../db/schema/site';
import type { Actor } from '../../lib/actor';
import { type TestApp, useTestApp } from '../../test/test-app';
import { DEMO_PARENT_MOBILE } from '../parents/parents.seed';
import { createInvoice } from '../payments/invoices.service';
import type { SmsProvider } from './providers';

/*
 * What the notifications test files share: the app (one per file, set by `useNotificationsApp()`),
 * student1 with parent1's mobile on her record, sessions of a student, an admin and a super-admin.
 */

export let t: TestApp;
export let actor: Actor;
export let student1: { id: number; userId: number; groupId: number; parentMobile: string };
/** parent1's account, linked to student1 (the record's parent mobile is the same number). */
export let parent1UserId: number;
export let studentToken: string;
export let adminToken: string;
export let superToken: string;
export const sign = (k: string) => k;
let due = 0;
const nextDue = () => new Date(Date.UTC(2027, 5, 1) + ++due * 86_400_000).toISOString().slice(0, 10);

/** A provider that records sends and fails the first `failures` of them. */
export function recording(
  failures = 0,
  error = 'network down',
): SmsProvider & { sent: { mobile: string; text: string }[] } {
  let left = failures;
  const sent: { mobile: string; text: string }[] = [];
  return {
    name: 'fake',
    sent,
    async send(mobile, text) {
      if (left > 0) {
        left--;
        return { ok: false, error };
      }
      sent.push({ mobile, text });
      return { ok: true, messageId: `m${sent.length}` };
    },
  };
}

export const smsRows = () => t.db.select().from(notifications).where(eq(notifications.channel, 'sms'));

/** Opens the app before the file's tests and closes it after; each test starts with an empty outbox. */
export function useNotificationsApp(): void {
  t = useTestApp();
  beforeAll(async () => {
    const userId = await t.userId('student1');
    const [s] = await t.db.select().from(students).where(eq(students.userId, userId));
    if (!s?.groupId) throw new Error('student1 has no class');
    await t.db.update(students).set({ parentMobile: DEMO_PARENT_MOBILE }).where(eq(students.id, s.id));
    student1 = { id: s.id, userId, groupId: s.groupId, parentMobile: DEMO_PARENT_MOBILE };
    parent1UserId = await t.userId('parent1');
    actor = { userId: await t.userId('admin'), role: 'admin', ip: '127.0.0.1' };
    studentToken = await t.sessionFor('student1');
    adminToken = await t.sessionFor('admin');
    superToken = await t.sessionFor('superadmin');
  });
  beforeEach(async () => {
    // Each test starts with an empty outbox and no opt-outs (the SMS of other tests are not its business).
    await t.db.delete(notifications);
    await t.db.delete(smsOptOuts);
    await t.db.delete(settings).where(eq(settings.key, 'notifications'));
  });
}

export const issue = () =>
  createInvoice(t.db, actor, student1.id, { title: 'شهریه', amount: 12_000_000, dueDate: nextDue() }, sign);
