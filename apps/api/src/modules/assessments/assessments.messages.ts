/** Persian messages of the assessments actions. */

export const ASSESSMENT_MESSAGES = {
  notYours: 'این درسِ این کلاس از درس‌های شما نیست.',
  notFound: 'ارزشیابی پیدا نشد.',
  outsideYear: (from: string, to: string) => `تاریخ باید در سال تحصیلی این کلاس باشد (${from} تا ${to}).`,
  maxBelowMarks: 'نمرهٔ بعضی دانش‌آموزان از این بیشتر است؛ اول آن نمره‌ها را درست کنید.',
  badMark: (max: number) =>
    `نمره باید عددی از ۰ تا ${max.toLocaleString('fa-IR')} باشد (حداکثر دو رقم اعشار)؛ خالی یعنی غایب در ارزشیابی.`,
  badMarks: 'بعضی نمره‌ها درست نیستند؛ هیچ نمره‌ای ذخیره نشد.',
  notInClass: 'این دانش‌آموز در این کلاس نیست.',
  twice: 'این دانش‌آموز دو بار آمده است.',
  nothingToFill: 'هیچ دانش‌آموزی در این نوبت نمرهٔ ارزشیابی ندارد؛ نمره‌ای پر نشد.',
} as const;
