import type { Tx } from '../db/client';
import { achievements } from '../db/schema/achievements';
import { preRegistrations } from '../db/schema/pre-register';
import { contactMessages, galleryPhotos, news, newsGroups } from '../db/schema/site';
import { nationalCodeFrom } from '../db/seed/school-demo';
import type { Fixture } from './query-count.records';

/**
 * The public site's rows: news of every audience (the class news is teacher1's, for student1's class
 * and one added class each), gallery photos, achievements, contact messages and pre-registrations.
 */
export async function addSiteContent(
  tx: Tx,
  f: Fixture,
  range: number[],
  moreGroups: { id: number }[],
  teacherOne: number,
): Promise<void> {
  const past = (i: number) => new Date(Date.now() - (i + 1) * 60_000);
  for (const audience of ['public', 'students', 'groups'] as const) {
    const rows = await tx
      .insert(news)
      .values(
        range.map((i) => ({
          title: `خبر ${audience} ${i}`,
          summary: 'خلاصه',
          bodyHtml: '<p>متن</p>',
          audience,
          status: 'published' as const,
          publishAt: past(i),
          // The class news is teacher1's: her own list (teacher/news) grows with it.
          createdBy: audience === 'groups' ? teacherOne : null,
        })),
      )
      .returning({ id: news.id });
    if (audience === 'groups') {
      await tx
        .insert(newsGroups)
        .values(
          rows.flatMap((r, i) =>
            [f.groupId, moreGroups[i]?.id ?? f.groupId].map((groupId) => ({ newsId: r.id, groupId })),
          ),
        );
    }
  }
  await tx.insert(galleryPhotos).values(
    range.map((i) => ({
      imageKey: `gallery/test-${i}`,
      width: 1600,
      height: 1200,
      caption: `عکس ${i}`,
      album: `آلبوم ${i % 5}`,
      position: -1000 - i,
    })),
  );
  await tx
    .insert(achievements)
    .values(range.map((i) => ({ title: `افتخار ${i}`, description: 'شرح', date: '2024-05-01', position: i })));
  await tx.insert(contactMessages).values(
    range.map((i) => ({
      name: `فرستنده ${i}`,
      replyTo: `0912${String(1000000 + i)}`,
      subject: 'پرسش',
      message: 'متن پیام',
      searchText: `فرستنده ${i}`,
    })),
  );
  await tx.insert(preRegistrations).values(
    range.map((i) => ({
      trackingCode: String(9_000_000_000 + i),
      academicYear: f.academicYear,
      firstName: 'نام',
      lastName: `خانوادگی ${i}`,
      nationalCode: nationalCodeFrom(String(700_000_000 + i)),
      birthDate: '2012-01-01',
      gender: 'female' as const,
      grade: 10 + (i % 3),
      fatherName: 'پدر',
      fatherMobile: '09121234567',
      motherName: 'مادر',
      address: 'نشانی',
      status: (['new', 'reviewing', 'accepted', 'rejected', 'waitlisted'] as const)[i % 5],
    })),
  );
}
