/** Words of the parent area. */
export const parentFa = {
  home: 'فرزندان من',
  greeting: (name: string) => `سلام ${name}، خوش آمدید`,
  navLabel: 'منوی ولی',
  switcherLabel: 'انتخاب فرزند',
  noChildren: 'هنوز فرزندی به حساب شما پیوند داده نشده است. با دفتر مدرسه تماس بگیرید.',
  noClass: 'بدون کلاس',
  relation: (r: string) => `نسبت: ${r}`,
  remaining: 'ماندهٔ پرداخت‌نشده',
  noDebt: 'بدهی ندارد',
  childHome: 'خلاصه',
  news: 'اخبار',
  reportCard: 'کارنامه',
  invoices: 'صورت‌حساب‌ها',
  cardToCard: 'کارت به کارت',
  open: 'ورود',
} as const;
