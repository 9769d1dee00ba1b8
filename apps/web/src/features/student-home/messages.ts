/** Words of the student's start page. */
export const studentHomeFa = {
  noClass: 'هنوز کلاسی برای شما ثبت نشده است.',
  studentNumber: (n: string) => `شمارهٔ دانش‌آموزی ${n}`,
  latestReportCard: 'آخرین کارنامه',
  descriptive: 'توصیفی',
  seeReportCard: 'دیدن کارنامه',
  noReportCard: 'هنوز کارنامه‌ای منتشر نشده است.',
  latestNews: 'تازه‌ترین اخبار',
  noNews: 'هنوز خبری برای شما منتشر نشده است.',
  allNews: 'همهٔ اخبار',
  remaining: 'ماندهٔ پرداخت‌نشده',
  noDebt: 'بدهی ندارید',
  invoicesAndPay: 'صورت‌حساب‌ها و پرداخت',
  seeInvoices: 'دیدن صورت‌حساب‌ها',
  notices: 'اعلان‌ها',
  seeAttendance: 'حضور و غیاب من',
} as const;
