import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idSchema } from '../ids';
import { listQuerySchema, pageOf } from '../pagination';
import { PARENT, STAFF, STUDENT, SUPER_ADMIN } from '../roles';
import { digitsToLatin, multilineText, text } from '../text';

/** What a message can be about; each has its own editable template. */
export const NOTIFICATION_TEMPLATES = [
  'invoice_issued',
  'due_reminder',
  'payment_confirmed',
  'receipt_approved',
  'receipt_rejected',
  'report_card_published',
  'pre_register_status',
  'staff_message',
  'absence',
] as const;
export type NotificationTemplate = (typeof NOTIFICATION_TEMPLATES)[number];

/** Messages that go even to a number that turned SMS off: payments. (Sign-in codes are sent at once, modules/notifications/otp-sms.ts.) */
export const ESSENTIAL_TEMPLATES: readonly NotificationTemplate[] = [
  'payment_confirmed',
  'receipt_approved',
  'receipt_rejected',
];

export const TEMPLATE_LABELS: Record<NotificationTemplate, string> = {
  invoice_issued: 'صدور صورت‌حساب',
  due_reminder: 'یادآوری سررسید',
  payment_confirmed: 'تأیید پرداخت',
  receipt_approved: 'تأیید رسید کارت به کارت',
  receipt_rejected: 'رد رسید کارت به کارت',
  report_card_published: 'انتشار کارنامه',
  pre_register_status: 'تغییر وضعیت پیش‌ثبت‌نام',
  staff_message: 'پیام مدرسه',
  absence: 'ثبت غیبت',
};

/** Placeholders each template may use, written `{name}` in the text. */
export const TEMPLATE_PLACEHOLDERS: Record<NotificationTemplate, readonly string[]> = {
  invoice_issued: ['school', 'student', 'title', 'amount', 'due'],
  due_reminder: ['school', 'student', 'title', 'amount', 'due'],
  payment_confirmed: ['school', 'student', 'title', 'amount'],
  receipt_approved: ['school', 'student', 'title', 'amount'],
  receipt_rejected: ['school', 'student', 'title', 'reason'],
  report_card_published: ['school', 'student', 'term'],
  pre_register_status: ['school', 'name', 'status'],
  staff_message: ['school', 'text'],
  absence: ['school', 'student', 'date', 'class'],
};

export const DEFAULT_TEMPLATES: Record<NotificationTemplate, string> = {
  invoice_issued: '{school}\nصورت‌حساب «{title}» برای {student} به مبلغ {amount} صادر شد. سررسید: {due}',
  due_reminder: '{school}\nیادآوری: سررسید «{title}» برای {student} ({amount}) در تاریخ {due} است.',
  payment_confirmed: '{school}\nپرداخت {amount} بابت «{title}» برای {student} تأیید شد.',
  receipt_approved: '{school}\nرسید کارت به کارت {amount} بابت «{title}» برای {student} تأیید شد.',
  receipt_rejected: '{school}\nرسید کارت به کارت «{title}» برای {student} رد شد. دلیل: {reason}',
  report_card_published: '{school}\nکارنامهٔ {term} {student} منتشر شد.',
  pre_register_status: '{school}\nوضعیت پیش‌ثبت‌نام {name}: {status}',
  staff_message: '{school}\n{text}',
  absence: '{school}\n{student} روز {date} در کلاس {class} غایب ثبت شد. اگر اشتباهی هست، با دفتر مدرسه تماس بگیرید.',
};

/** Whether a text needs the Unicode (UCS-2) encoding: anything outside the GSM 7-bit basic set. */
const GSM7 = /^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&'()*+,\-./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà]*$/;

/**
 * SMS parts as operators count them: a Unicode (Persian) message fits 70 characters in one part and
 * 67 per part when it is split (the rest carries the joining header); a Latin one 160 and 153.
 */
export function smsParts(message: string): number {
  const length = [...message].length;
  if (length === 0) return 0;
  const [single, multi] = GSM7.test(message) ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / multi);
}

export const SMS_PROVIDERS = ['fake', 'kavenegar', 'smsir'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];
export const SMS_PROVIDER_LABELS: Record<SmsProviderName, string> = {
  fake: 'آزمایشی (پیامی فرستاده نمی‌شود)',
  kavenegar: 'کاوه‌نگار',
  smsir: 'اس‌ام‌اس‌دات‌آی‌آر (sms.ir)',
};

export const NOTIFICATION_STATES = ['queued', 'sent', 'delivered', 'failed'] as const;
export const NOTIFICATION_CHANNELS = ['in_app', 'sms'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];
export const NOTIFICATION_STATE_LABELS: Record<NotificationState, string> = {
  queued: 'در صف',
  sent: 'فرستاده شد',
  delivered: 'رسید',
  failed: 'ناموفق',
};

const templateText = multilineText({ error: 'متن قالب را وارد کنید.' })
  .trim()
  .min(1, { message: 'متن قالب را وارد کنید.' })
  .max(500, { message: 'متن قالب بیش از ۵۰۰ حرف است.' });

export const notificationSettingsSchema = z.object({
  provider: z.enum(SMS_PROVIDERS, { error: 'سرویس پیامک را انتخاب کنید.' }),
  /** Written only: left out keeps the stored key, an empty string removes it. */
  apiKey: text().trim().max(200, { message: 'کلید بیش از حد طولانی است.' }).optional(),
  sender: text()
    .trim()
    .transform((v) => digitsToLatin(v))
    .pipe(
      z
        .string()
        .max(20, { message: 'شمارهٔ خط بیش از حد طولانی است.' })
        .regex(/^\d*$/, { message: 'شمارهٔ خط فقط رقم است.' }),
    ),
  dailyCap: z
    .number({ error: 'سقف روزانه را وارد کنید.' })
    .int()
    .min(0, { message: 'سقف روزانه نمی‌تواند منفی باشد.' })
    .max(1_000_000, { message: 'سقف روزانه بیش از حد بزرگ است.' }),
  reminderDaysBefore: z
    .number({ error: 'تعداد روز را وارد کنید.' })
    .int()
    .min(0, { message: 'تعداد روز از ۰ تا ۳۰ است.' })
    .max(30, { message: 'تعداد روز از ۰ تا ۳۰ است.' }),
  templates: z.object(
    Object.fromEntries(NOTIFICATION_TEMPLATES.map((k) => [k, templateText])) as Record<
      NotificationTemplate,
      typeof templateText
    >,
  ),
});
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;

export const notificationSettingsViewSchema = notificationSettingsSchema.omit({ apiKey: true }).extend({
  /** As stored, in Latin digits (the form's field reads any digits). */
  sender: z.string(),
  apiKeySet: z.boolean(),
  /** Settings an SMS_* environment variable fixes (the form shows them read-only). */
  fromEnv: z.array(z.enum(['provider', 'apiKey', 'sender', 'dailyCap', 'reminderDaysBefore'])),
  month: z.object({ messages: z.number().int(), parts: z.number().int(), failed: z.number().int() }),
  /** Parents' sign-in codes sent this Tehran day, and the school's cap of them (SMS_OTP_DAILY_CAP). */
  otpToday: z.object({ sent: z.number().int(), dailyCap: z.number().int() }),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsViewSchema>;

export const notificationItemSchema = z.object({
  id: z.number().int(),
  template: z.enum(NOTIFICATION_TEMPLATES),
  text: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

/** Who a staff message goes to: the parents of one class, or the whole school. */
export const STAFF_MESSAGE_AUDIENCES = ['group', 'school'] as const;
export type StaffMessageAudience = (typeof STAFF_MESSAGE_AUDIENCES)[number];

export const staffMessageSchema = z.object({
  audience: z.enum(STAFF_MESSAGE_AUDIENCES, { error: 'گیرندگان را انتخاب کنید.' }),
  groupId: idSchema.optional(),
  text: multilineText({ error: 'متن پیام را وارد کنید.' })
    .trim()
    .min(2, { message: 'متن پیام را وارد کنید.' })
    .max(600, { message: 'متن پیام بیش از ۶۰۰ حرف است.' }),
  sms: z.boolean().default(true),
});
export type StaffMessageInput = z.input<typeof staffMessageSchema>;

export const staffMessagePreviewSchema = z.object({
  students: z.number().int(),
  smsRecipients: z.number().int(),
  optedOut: z.number().int(),
  text: z.string(),
  partsEach: z.number().int(),
  totalParts: z.number().int(),
});
export type StaffMessagePreview = z.infer<typeof staffMessagePreviewSchema>;

/** What an SMS in the log may be: a template's message, or a parent's sign-in code (not a template). */
export const SMS_LOG_KINDS = [...NOTIFICATION_TEMPLATES, 'sign_in_code'] as const;
export type SmsLogKind = (typeof SMS_LOG_KINDS)[number];
export const SMS_LOG_LABELS: Record<SmsLogKind, string> = { ...TEMPLATE_LABELS, sign_in_code: 'کد ورود ولی' };

export const smsLogItemSchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  template: z.enum(SMS_LOG_KINDS),
  text: z.string(),
  parts: z.number().int(),
  state: z.enum(NOTIFICATION_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  provider: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type SmsLogItem = z.infer<typeof smsLogItemSchema>;

/** A parent's SMS choice: `optional` false means only essential messages reach their mobile. */
export const smsPreferencesSchema = z.object({ optional: z.boolean(), mobile: z.string() });
export type SmsPreferences = z.infer<typeof smsPreferencesSchema>;

export const notificationsContract = {
  mine: endpoint({
    method: 'GET',
    path: 'student/notifications',
    access: STUDENT,
    summary: "The signed-in student's notifications, newest first",
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(notificationItemSchema),
    noStore: true,
  }),
  unread: endpoint({
    method: 'GET',
    path: 'student/notifications/unread',
    access: STUDENT,
    summary: 'How many notifications the signed-in student has not read',
    response: z.object({ count: z.number().int() }),
    noStore: true,
  }),
  markRead: endpoint({
    method: 'POST',
    path: 'student/notifications/read',
    access: STUDENT,
    summary: 'Marks the given notifications (or all when ids is left out) read',
    body: z.object({ ids: z.array(idSchema).max(100).optional() }),
    response: z.object({ ok: z.literal(true), count: z.number().int() }),
  }),
  parentMine: endpoint({
    method: 'GET',
    path: 'parent/notifications',
    access: PARENT,
    summary: "The signed-in parent's notifications (about all their children), newest first",
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(notificationItemSchema),
    noStore: true,
  }),
  parentUnread: endpoint({
    method: 'GET',
    path: 'parent/notifications/unread',
    access: PARENT,
    summary: 'How many notifications the signed-in parent has not read',
    response: z.object({ count: z.number().int() }),
    noStore: true,
  }),
  parentMarkRead: endpoint({
    method: 'POST',
    path: 'parent/notifications/read',
    access: PARENT,
    summary: 'Marks the given notifications of the parent (or all when ids is left out) read',
    body: z.object({ ids: z.array(idSchema).max(100).optional() }),
    response: z.object({ ok: z.literal(true), count: z.number().int() }),
  }),
  smsPreferences: endpoint({
    method: 'GET',
    path: 'parent/sms-preferences',
    access: PARENT,
    summary: "Whether the parent's mobile receives non-essential SMS (payments and codes always go)",
    response: smsPreferencesSchema,
    noStore: true,
  }),
  putSmsPreferences: endpoint({
    method: 'PUT',
    path: 'parent/sms-preferences',
    access: PARENT,
    summary: "Turns non-essential SMS to the parent's mobile on or off",
    body: smsPreferencesSchema.pick({ optional: true }),
    response: smsPreferencesSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: 'panel/notifications/message/preview',
    access: STAFF,
    summary: 'Recipients and SMS parts of a message to the parents of a class or the whole school',
    body: staffMessageSchema,
    response: staffMessagePreviewSchema,
  }),
  send: endpoint({
    method: 'POST',
    path: 'panel/notifications/message',
    access: STAFF,
    summary: 'Sends a message to the parents of a class or the whole school (in-app and SMS)',
    body: staffMessageSchema,
    response: staffMessagePreviewSchema.extend({ queued: z.number().int() }),
    idempotent: true,
  }),
  getSettings: endpoint({
    method: 'GET',
    path: 'panel/notifications/settings',
    access: SUPER_ADMIN,
    summary: 'SMS provider, sender line, cap, reminder days and templates (the API key only as set or not)',
    response: notificationSettingsViewSchema,
    noStore: true,
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: 'panel/notifications/settings',
    access: SUPER_ADMIN,
    summary: 'Saves the notification settings; the API key is written, never read back',
    body: notificationSettingsSchema,
    response: notificationSettingsViewSchema,
  }),
  smsLog: endpoint({
    method: 'GET',
    path: 'panel/notifications/sms',
    access: STAFF,
    summary: 'SMS messages, newest first, with their state',
    query: listQuerySchema
      .pick({ page: true, pageSize: true })
      .extend({ state: z.enum(NOTIFICATION_STATES).optional() }),
    response: pageOf(smsLogItemSchema),
    noStore: true,
  }),
} as const;
