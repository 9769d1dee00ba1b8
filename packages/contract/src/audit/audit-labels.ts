/**
 * The audit log in Persian words: names of the kinds of record, of the actions and of the fields, and
 * a row's recorded fields as one line. Apart from the contract (audit.contract.ts) so the words load
 * with the audit page only, not with every page that talks to the API.
 */

/** Persian names of the kinds of record, for the filter and the list. */
export const AUDIT_ENTITY_LABELS: Record<string, string> = {
  invoice: 'صورت‌حساب',
  payment: 'پرداخت',
  payment_settings: 'تنظیمات پرداخت',
  student: 'دانش‌آموز',
  group: 'کلاس',
  news: 'خبر',
  'news.cover': 'تصویر خبر',
  gallery: 'گالری',
  achievement: 'افتخار',
  contact: 'پیام تماس',
  pre_registration: 'پیش‌ثبت‌نام',
  settings: 'تنظیمات مدرسه',
  staff_account: 'حساب مدیر',
  backup: 'پشتیبان',
  teacher: 'معلم',
  attendance: 'حضور و غیاب',
  holiday: 'تعطیلی مدرسه',
  user: 'حساب',
  notifications: 'پیامک',
};

/** Persian names of the actions. */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  create: 'ایجاد',
  update: 'ویرایش',
  delete: 'حذف',
  'multi-delete': 'حذف گروهی',
  reorder: 'تغییر ترتیب',
  upload: 'بارگذاری',
  remove: 'برداشتن',
  set_image: 'افزودن تصویر',
  remove_image: 'برداشتن تصویر',
  'set-photo': 'افزودن عکس',
  'remove-photo': 'برداشتن عکس',
  import: 'ورود از فایل',
  'reset-password': 'رمز تازه',
  set_password: 'رمز تازه',
  'issue-passwords': 'صدور رمزها',
  activate: 'فعال‌سازی',
  deactivate: 'غیرفعال‌سازی',
  'mark-read': 'خوانده‌شده',
  'mark-unread': 'خوانده‌نشده',
  'pre_register.status': 'تغییر وضعیت',
  'save-grades': 'ثبت نمره‌ها',
  publish: 'انتشار کارنامه',
  unpublish: 'لغو انتشار کارنامه',
  approve_receipt: 'تأیید رسید',
  reject_receipt: 'رد رسید',
  submit_receipt: 'ارسال رسید',
  cancel: 'لغو',
  bulk_cancel: 'لغو گروهی',
  bulk_create: 'صدور گروهی',
  bulk_due_date: 'تغییر گروهی سررسید',
  manual_payment: 'ثبت پرداخت دستی',
  gateway_start: 'شروع پرداخت آنلاین',
  gateway_credit: 'پرداخت آنلاین موفق',
  gateway_fail: 'پرداخت آنلاین ناموفق',
  refund: 'بازپرداخت',
  download: 'دریافت',
  assign: 'تعیین درس‌ها',
  'take-attendance': 'ثبت حضور و غیاب',
  'clear-sign-in-slowing': 'پاک کردن کندی ورود',
  'sign-in-slowed': 'هشدار: رمزهای نادرست پیاپی برای حساب مدیر',
  'otp-guesses-capped': 'هشدار: کدهای ورود نادرست پیاپی برای شمارهٔ ولی',
  'otp-sms-cap-reached': 'سقف روزانهٔ پیامک کد ورود پر شد',
};

/** Persian names of the fields recorded in a change (a field without one shows its own name). */
export const AUDIT_FIELD_LABELS: Record<string, string> = {
  title: 'عنوان',
  summary: 'خلاصه',
  bodyHtml: 'متن',
  audience: 'مخاطب',
  pinned: 'سنجاق',
  status: 'وضعیت',
  publishAt: 'زمان انتشار',
  coverKey: 'تصویر',
  groupIds: 'کلاس‌ها',
  description: 'توضیح',
  date: 'تاریخ',
  caption: 'توضیح عکس',
  album: 'آلبوم',
  name: 'نام',
  gradeLevel: 'پایه',
  academicYear: 'سال تحصیلی',
  gradingScale: 'نوع نمره‌دهی',
  usesMonthly: 'نمرهٔ ماهانه',
  subjects: 'درس‌ها',
  slogan: 'شعار',
  aboutHtml: 'دربارهٔ مدرسه',
  address: 'نشانی',
  phones: 'تلفن‌ها',
  email: 'رایانامه',
  hours: 'ساعت کار',
  location: 'موقعیت',
  preRegistrationOpen: 'پیش‌ثبت‌نام باز',
  gradesOffered: 'پایه‌ها',
  moneyUnit: 'واحد پول',
  cardNumber: 'شمارهٔ کارت',
  cardHolder: 'دارندهٔ کارت',
  bankName: 'بانک',
  sheba: 'شبا',
  adminNote: 'یادداشت',
  fullName: 'نام کامل',
  role: 'نقش',
  active: 'فعال',
  read: 'خوانده‌شده',
  amount: 'مبلغ',
  dueDate: 'سررسید',
  firstName: 'نام',
  lastName: 'نام خانوادگی',
  nationalCode: 'کد ملی',
  groupId: 'کلاس',
  username: 'نام کاربری',
  reason: 'دلیل',
  term: 'نوبت',
  students: 'دانش‌آموزان',
  studentId: 'دانش‌آموز',
  invoiceId: 'صورت‌حساب',
  paymentId: 'پرداخت',
  file: 'فایل',
  created: 'ایجادشده',
  more: 'تغییرهای دیگر',
  mobile: 'شمارهٔ همراه',
  subjectIds: 'درس‌ها',
};

/** A field's Persian name; one without a name keeps its own, isolated like a value (bidi). */
const fieldOf = (k: string) => AUDIT_FIELD_LABELS[k] ?? `\u2068${k}\u2069`;

const shortText = (v: unknown, max = 80): string => {
  const text =
    v === null || v === undefined
      ? '—'
      : typeof v === 'boolean'
        ? v
          ? 'بله'
          : 'خیر'
        : Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)
          ? v.length
            ? v.join('، ')
            : '—'
          : typeof v === 'object'
            ? JSON.stringify(v)
            : String(v);
  // Each value in its own direction (Unicode isolates), so a Latin or numeric value keeps its place
  // around the arrow in a right-to-left line.
  return `\u2068${text.length > max ? `${text.slice(0, max - 1)}…` : text}\u2069`;
};
const isPair = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && 'from' in v && 'to' in v;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An audit row's recorded fields as one short line, the same in the list and the export: a change is
 * `field: before ← after` (read right to left: it was, then it became), other fields `field: value`;
 * fields by their Persian names, yes/no in Persian, a list as its items, each value isolated (bidi).
 */
export function auditDetailsLine(details: Record<string, unknown> | null): string {
  if (!details) return '';
  const parts: string[] = [];
  if ('from' in details || 'to' in details) parts.push(`${shortText(details.from)} ← ${shortText(details.to)}`);
  const { before, after } = details;
  if (isRecord(before) && isRecord(after)) {
    for (const k of Object.keys(after)) parts.push(`${fieldOf(k)}: ${shortText(before[k])} ← ${shortText(after[k])}`);
  }
  for (const [k, v] of Object.entries(details)) {
    if (k === 'from' || k === 'to' || (isRecord(before) && isRecord(after) && (k === 'before' || k === 'after')))
      continue;
    parts.push(
      isPair(v) ? `${fieldOf(k)}: ${shortText(v.from)} ← ${shortText(v.to)}` : `${fieldOf(k)}: ${shortText(v)}`,
    );
  }
  return parts.join('، ');
}
