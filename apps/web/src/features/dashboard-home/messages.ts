export const dashboardFa = {
  unreadMessages: 'پیام‌های خوانده‌نشده',
  ofTotal: (n: string) => `از ${n} پیام`,
  publishedNews: 'اخبار منتشرشده',
  newsDetail: (scheduled: string, draft: string) => `${scheduled} زمان‌بندی‌شده، ${draft} پیش‌نویس`,
  photos: 'عکس‌های گالری',
  albums: (n: string) => `در ${n} آلبوم`,
  students: 'دانش‌آموزان فعال',
  preRegisterTotal: (year: string) => `پیش‌ثبت‌نام‌های سال ${year}`,
  lastWeek: (n: string) => `${n} در هفتهٔ گذشته`,
  byStatus: 'پیش‌ثبت‌نام به تفکیک وضعیت',
  byGrade: 'پیش‌ثبت‌نام به تفکیک پایه',
  none: 'هنوز موردی نیست.',
} as const;
