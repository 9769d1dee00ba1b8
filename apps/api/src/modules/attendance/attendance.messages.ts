import { digitsToPersian } from '@madreseh/contract/digits';

/** What attendance answers in Persian, and the weekly closed day's name. */
export const ATTENDANCE_MESSAGES = {
  future: 'حضور و غیاب روزی که هنوز نیامده ثبت نمی‌شود.',
  outsideYear: (year: number) =>
    `این روز در سال تحصیلی این کلاس (${digitsToPersian(`${year}–${year + 1}`)}) نیست؛ تاریخ را بررسی کنید. حضور و غیاب فقط برای روزهای سال تحصیلی کلاس ثبت می‌شود.`,
  closed: (why: string) => `این روز مدرسه تعطیل است (${why})؛ حضور و غیاب ثبت نمی‌شود.`,
  notYourClass: 'این کلاس از کلاس‌های شما نیست.',
  groupNotFound: 'کلاس پیدا نشد.',
  periodNeeded: (n: number) => `زنگ را انتخاب کنید (۱ تا ${n.toLocaleString('fa-IR')}).`,
  noPeriods: 'مدرسه حضور و غیاب را روزی یک بار می‌گیرد؛ زنگ را خالی بگذارید.',
  notInClass: 'این دانش‌آموز در این کلاس نیست.',
  twice: 'این دانش‌آموز دو بار آمده است.',
  keyReused: 'این کلید ذخیره پیش‌تر برای برگهٔ دیگری به کار رفته است؛ صفحه را تازه کنید و دوباره ذخیره کنید.',
  holidayPast: 'تاریخ تعطیلی معتبر نیست.',
} as const;

export const FRIDAY = 'جمعه';
