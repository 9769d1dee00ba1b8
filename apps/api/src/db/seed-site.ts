import type { Tx } from './client';
import { contactMessages, news, settings } from './schema/site';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);

/**
 * The demo school: a girls' school of grades 1 to 9 (primary and lower secondary), as its classes
 * «سوم الف», «هفتم الف» and «هفتم ب» (seed/school-demo.ts) and its pre-registrations are; the holder
 * of its bank card is the school itself.
 */
export const DEMO_SCHOOL_NAME = 'مدرسهٔ دخترانهٔ فرزانگان امید';

/** Demo content of the public site: the school profile, notices and news, contact messages. */
export async function seedSite(tx: Tx, userIds: Map<string, number>): Promise<void> {
  const admin = userIds.get('admin') ?? null;
  await tx.insert(settings).values({
    key: 'school',
    updatedBy: admin,
    value: {
      name: DEMO_SCHOOL_NAME,
      slogan: 'آموختن، با هم و برای فردا',
      aboutHtml:
        '<h2>دربارهٔ مدرسه</h2><p>مدرسهٔ دخترانهٔ فرزانگان امید از سال ۱۳۷۸ در دو دورهٔ دبستان (پایهٔ اول تا ششم) و متوسطهٔ اول (پایهٔ هفتم تا نهم) با هدف پرورش دانش‌آموزانی پرسشگر، مسئول و خلاق فعالیت می‌کند. کلاس‌های کم‌جمعیت، آزمایشگاه‌های مجهز و همراهی نزدیک با خانواده‌ها از ویژگی‌های ماست.</p><h3>چرا فرزانگان امید؟</h3><ul><li>آزمایشگاه علوم تجربی</li><li>کارگاه رباتیک و برنامه‌نویسی</li><li>مشاورهٔ تحصیلی و هدایت در پایهٔ نهم</li></ul>',
      address: 'تهران، خیابان شریعتی، بالاتر از پل صدر، کوچهٔ بهار، پلاک ۱۴',
      phones: ['02122223344', '02122223355'],
      email: 'info@farzanegan-omid.ir',
      hours: 'شنبه تا چهارشنبه، ساعت ۷:۳۰ تا ۱۴',
      location: { lat: 35.7681, lng: 51.4467 },
      preRegistrationOpen: true,
      gradesOffered: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      academicYear: 1405,
      logoKey: null,
      heroKey: null,
    },
  });
  await tx.insert(news).values([
    {
      title: 'آغاز پیش‌ثبت‌نام سال تحصیلی ۱۴۰۵-۱۴۰۶',
      summary: 'پیش‌ثبت‌نام پایه‌های اول تا نهم از امروز به‌صورت اینترنتی آغاز شد.',
      bodyHtml:
        '<p>اولیای گرامی، پیش‌ثبت‌نام از طریق همین سایت انجام می‌شود. پس از تکمیل فرم، کد پیگیری دریافت می‌کنید.</p>',
      audience: 'public',
      status: 'published',
      pinned: true,
      publishAt: hoursAgo(72),
      createdBy: admin,
    },
    {
      title: 'برگزاری جشن شکوفه‌ها',
      summary: 'جشن آغاز سال تحصیلی روز شنبه در سالن اجتماعات مدرسه برگزار می‌شود.',
      bodyHtml: '<p>از همهٔ خانواده‌ها دعوت می‌کنیم در این جشن همراه ما باشند.</p>',
      audience: 'public',
      status: 'published',
      publishAt: hoursAgo(30),
      createdBy: admin,
    },
    {
      title: 'کسب رتبهٔ نخست مسابقات رباتیک استان',
      summary: 'تیم رباتیک مدرسه در مسابقات استانی رتبهٔ نخست را به دست آورد.',
      bodyHtml: '<p>به تیم رباتیک و مربی پرتلاش آن تبریک می‌گوییم.</p>',
      audience: 'public',
      status: 'published',
      publishAt: hoursAgo(5),
      createdBy: admin,
    },
    {
      title: 'برنامهٔ امتحانات میان‌ترم',
      summary: 'برنامهٔ امتحانات میان‌ترم نیم‌سال اول منتشر شد.',
      bodyHtml: '<p>امتحانات از ۱۵ آبان آغاز می‌شود. برنامهٔ هر پایه در تابلوی اعلانات نصب شده است.</p>',
      audience: 'students',
      status: 'published',
      pinned: true,
      publishAt: hoursAgo(20),
      createdBy: admin,
    },
    {
      title: 'اردوی علمی موزهٔ علوم و فناوری',
      summary: 'ثبت‌نام اردو تا پایان هفته در دفتر معاونت انجام می‌شود.',
      bodyHtml: '<p>هزینهٔ اردو و فرم رضایت‌نامه را از دفتر معاونت دریافت کنید.</p>',
      audience: 'students',
      status: 'published',
      publishAt: hoursAgo(2),
      createdBy: admin,
    },
    {
      title: 'تعطیلی مدرسه در روز انتخابات',
      summary: 'پیش‌نویس اطلاعیه برای هفتهٔ آینده',
      bodyHtml: '<p>متن اطلاعیه پس از تأیید مدیر منتشر می‌شود.</p>',
      audience: 'public',
      status: 'draft',
      publishAt: hoursAgo(1),
      createdBy: admin,
    },
  ]);
  await tx.insert(contactMessages).values([
    {
      name: 'رضا کاظمی',
      replyTo: '09121234567',
      subject: 'ظرفیت پایهٔ هفتم',
      message: 'سلام، آیا برای دخترم در پایهٔ هفتم هنوز ظرفیت دارید؟',
      searchText: 'رضا کاظمی 09121234567 ظرفیت پایه هفتم',
      createdAt: hoursAgo(3),
    },
    {
      name: 'مینا صالحی',
      replyTo: 'mina.salehi@example.org',
      subject: 'سرویس مدرسه',
      message: 'لطفاً دربارهٔ مسیرهای سرویس مدرسه در منطقهٔ ۳ راهنمایی کنید.',
      searchText: 'مینا صالحی mina.salehi@example.org سرویس مدرسه',
      createdAt: hoursAgo(26),
      readAt: hoursAgo(20),
    },
  ]);
}
