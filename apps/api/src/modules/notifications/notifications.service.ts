import { randomUUID } from 'node:crypto';
import { isoDateInTehran, tehranDayStart } from '@madreseh/contract/jalali';
import {
  type NotificationSettingsView,
  type NotificationTemplate,
  type notificationSettingsSchema,
  type SmsLogKind,
  type SmsPreferences,
  type StaffMessagePreview,
  smsParts,
  type staffMessageSchema,
} from '@madreseh/contract/notifications/notifications.contract';
import { and, count, desc, eq, gte, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { notifications, smsOptOuts } from '../../db/schema/notifications';
import { parents } from '../../db/schema/parents';
import { groups, students } from '../../db/schema/school';
import { inTransaction } from '../../db/transaction';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { getSchoolProfile } from '../settings/settings.service';
import {
  effectiveNotificationSettings,
  fromEnvOf,
  type NotificationSettings,
  type SmsEnv,
  saveNotificationSettings,
} from './notification-settings';
import { otpBudgetToday } from './otp-sms';
import { enqueue, render } from './outbox';

type Page = { page: number; pageSize: number };

/** One page of the notifications `where` selects, newest first, and how many it selects (a bell, the SMS log). */
async function pageOf(db: Db, where: SQL | undefined, { page, pageSize }: Page) {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function myNotifications(db: Db, userId: number, { page, pageSize }: Page) {
  const where = and(eq(notifications.channel, 'in_app'), eq(notifications.userId, userId));
  const { rows, total } = await pageOf(db, where, { page, pageSize });
  return {
    items: rows.map((r) => ({
      id: r.id,
      template: r.template as NotificationTemplate,
      text: r.body,
      createdAt: r.createdAt.toISOString(),
      read: r.readAt !== null,
    })),
    total,
    page,
    pageSize,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.channel, 'in_app'), eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the user's own notifications read (the given ones, or all); another user's ids are ignored. */
export async function markRead(db: Db, userId: number, ids?: number[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.channel, 'in_app'),
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

type StaffMessage = z.output<typeof staffMessageSchema>;

/** Active students a staff message goes to (with their parents' mobile). */
async function audienceOf(tx: Tx, message: StaffMessage) {
  if (message.audience === 'group') {
    if (!message.groupId) throw AppError.badRequest('کلاس را انتخاب کنید.', { groupId: 'کلاس را انتخاب کنید.' });
    const [g] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.id, message.groupId));
    if (!g) throw AppError.notFound('کلاس پیدا نشد.');
  }
  return tx
    .select({ id: students.id, parentMobile: students.parentMobile })
    .from(students)
    .where(
      and(
        eq(students.status, 'active'),
        message.audience === 'group' && message.groupId ? eq(students.groupId, message.groupId) : undefined,
      ),
    )
    .orderBy(students.id);
}

async function previewIn(tx: Tx, message: StaffMessage): Promise<StaffMessagePreview & { studentIds: number[] }> {
  const audience = await audienceOf(tx, message);
  const settings = await effectiveNotificationSettings(tx);
  const school = await getSchoolProfile(tx);
  const text = render(settings.templates.staff_message, { school: school.name || 'مدرسه', text: message.text });
  const mobiles = [...new Set(audience.flatMap((s) => (s.parentMobile ? [s.parentMobile] : [])))];
  const opted = mobiles.length
    ? (await tx.select({ m: smsOptOuts.mobile }).from(smsOptOuts).where(inArray(smsOptOuts.mobile, mobiles))).length
    : 0;
  const smsRecipients = message.sms ? mobiles.length - opted : 0;
  const partsEach = smsParts(text);
  return {
    students: audience.length,
    smsRecipients,
    optedOut: message.sms ? opted : 0,
    text,
    partsEach,
    totalParts: partsEach * smsRecipients,
    studentIds: audience.map((s) => s.id),
  };
}

export async function previewMessage(db: Db, message: StaffMessage): Promise<StaffMessagePreview> {
  const { studentIds: _, ...preview } = await previewIn(db, message);
  return preview;
}

/** Sends a staff message: in-app to every student of the audience, SMS to their parents (once per number). */
export async function sendMessage(db: Db, actor: Actor, message: StaffMessage) {
  return inTransaction(db, async (tx) => {
    const { studentIds, ...preview } = await previewIn(tx, message);
    if (!studentIds.length) throw AppError.conflict('این کلاس دانش‌آموز فعالی ندارد.');
    const messageId = randomUUID();
    const events = studentIds.map((studentId) => ({
      kind: 'staff_message' as const,
      messageId,
      studentId,
      text: message.text,
    }));
    const queued = await enqueue(tx, events, { sms: message.sms });
    await audit(tx, actor, 'send', 'notification', messageId, {
      audience: message.audience,
      groupId: message.groupId ?? null,
      students: preview.students,
      sms: preview.smsRecipients,
    });
    return { ...preview, queued };
  });
}

function monthStart(now: Date): Date {
  // The Jalali month of today in Tehran; its first day as a Gregorian ISO date.
  const parts = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', { timeZone: 'Asia/Tehran', day: 'numeric' })
    .formatToParts(now)
    .find((p) => p.type === 'day');
  const day = Number(parts?.value ?? 1);
  const today = isoDateInTehran(now);
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - (day - 1));
  return tehranDayStart(d.toISOString().slice(0, 10));
}

async function viewOf(db: Tx, s: NotificationSettings, env: SmsEnv): Promise<NotificationSettingsView> {
  const [month] = await db
    .select({
      messages: sql<number>`count(*) filter (where ${notifications.state} in ('sent', 'delivered'))::int`,
      parts: sql<number>`coalesce(sum(${notifications.parts}) filter (where ${notifications.state} in ('sent', 'delivered')), 0)::int`,
      failed: sql<number>`count(*) filter (where ${notifications.state} = 'failed')::int`,
    })
    .from(notifications)
    .where(and(eq(notifications.channel, 'sms'), gte(notifications.createdAt, monthStart(new Date()))));
  return {
    provider: s.provider,
    sender: s.sender,
    dailyCap: s.dailyCap,
    reminderDaysBefore: s.reminderDaysBefore,
    templates: s.templates,
    apiKeySet: s.apiKey !== '',
    fromEnv: fromEnvOf(env),
    month: { messages: month?.messages ?? 0, parts: month?.parts ?? 0, failed: month?.failed ?? 0 },
    otpToday: await otpBudgetToday(db, env),
  };
}

export async function getNotificationSettings(db: Db, env: SmsEnv): Promise<NotificationSettingsView> {
  return viewOf(db, await effectiveNotificationSettings(db, env), env);
}

export async function putNotificationSettings(
  db: Db,
  actor: Actor,
  env: SmsEnv,
  input: z.output<typeof notificationSettingsSchema>,
): Promise<NotificationSettingsView> {
  await db.transaction(async (tx) => {
    const { before, after } = await saveNotificationSettings(tx, input, actor.userId);
    const changed = (['provider', 'sender', 'dailyCap', 'reminderDaysBefore'] as const).filter(
      (k) => before[k] !== after[k],
    );
    const templates = Object.keys(after.templates).filter(
      (k) => before.templates[k as NotificationTemplate] !== after.templates[k as NotificationTemplate],
    );
    // The key itself is never written to the audit log: only that it changed.
    await audit(tx, actor, 'update', 'settings', 'notifications', {
      changed,
      templates,
      apiKey: before.apiKey !== after.apiKey,
    });
  });
  return getNotificationSettings(db, env);
}

export async function smsLog(db: Db, { page, pageSize, state }: Page & { state?: string | undefined }) {
  const where = and(eq(notifications.channel, 'sms'), state ? eq(notifications.state, state as 'queued') : undefined);
  const { rows, total } = await pageOf(db, where, { page, pageSize });
  return {
    items: rows.map((r) => ({
      id: r.id,
      mobile: r.mobile ?? '',
      template: r.template as SmsLogKind,
      text: r.body,
      parts: r.parts,
      state: r.state,
      attempts: r.attempts,
      lastError: r.lastError,
      provider: r.provider,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt ? r.sentAt.toISOString() : null,
    })),
    total,
    page,
    pageSize,
  };
}

/** The signed-in parent's mobile (their username's number); a missing record is a 404. */
async function parentMobileOf(db: Db | Tx, userId: number): Promise<string> {
  const [p] = await db.select({ mobile: parents.mobile }).from(parents).where(eq(parents.userId, userId));
  if (!p) throw AppError.notFound();
  return p.mobile;
}

/** Whether non-essential SMS reach the parent's mobile (kept in `sms_opt_outs` by number). */
export async function smsPreferencesOf(db: Db, userId: number): Promise<SmsPreferences> {
  const mobile = await parentMobileOf(db, userId);
  const [out] = await db.select({ m: smsOptOuts.mobile }).from(smsOptOuts).where(eq(smsOptOuts.mobile, mobile));
  return { optional: !out, mobile };
}

/**
 * Turns the parent's non-essential SMS on or off. Essential ones (payments, receipts, one-time
 * codes) are sent whatever is chosen here. Saying the same twice changes nothing.
 */
export async function setSmsPreferences(db: Db, actor: Actor, optional: boolean): Promise<SmsPreferences> {
  const userId = actor.userId;
  if (!userId) throw AppError.unauthorized();
  return inTransaction(db, async (tx) => {
    const mobile = await parentMobileOf(tx, userId);
    if (optional) await tx.delete(smsOptOuts).where(eq(smsOptOuts.mobile, mobile));
    else await tx.insert(smsOptOuts).values({ mobile }).onConflictDoNothing();
    await audit(tx, actor, 'update', 'sms_preferences', userId, { optional });
    return { optional, mobile };
  });
}
