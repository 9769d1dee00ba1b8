export const dashboardFa = {
  unreadMessages: 'پیام‌های خوانده‌نشده',
  ofTotal: (n: string) => `از ${n} پیام`,
  publishedNews: 'اخبار منتشرشده',
  newsDetail: (scheduled: string, draft: string) => `${scheduled} زمان‌بندی‌شده، ${draft} پیش‌نویس`,
  photos: 'عکس‌های گالری',
  achievements: 'افتخارات ثبت‌شده',
  albums: (n: string) => `در ${n} آلبوم`,
  students: 'دانش‌آموزان فعال',
  unpaidInvoices: 'صورت‌حساب‌های پرداخت‌نشده',
  pendingReceipts: 'رسیدهای در انتظار بررسی',
} as const;
