import type { Dashboard } from '@madreseh/contract/dashboard/dashboard.contract';
import { academicYearOf } from '@madreseh/contract/jalali';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { achievements } from '../../db/schema/achievements';
import { figures } from '../../db/schema/figures';
import { payments } from '../../db/schema/payments';
import { preRegistrations } from '../../db/schema/pre-register';
import { students } from '../../db/schema/school';
import { contactMessages, galleryPhotos, news, settings } from '../../db/schema/site';
import { pendingReceiptSql } from '../payments/invoice-ledger';

type PreRegisterFigures = NonNullable<Dashboard['preRegistrations']>;

/** A figure kept by triggers (migrations 0012, 0019): its row, or `fallback` when the row is missing. */
const counted = (name: string, fallback: SQL) =>
  sql<number>`coalesce((select ${figures.n}::int from ${figures} where ${figures.name} = ${name}), ${fallback})`;

/**
 * Every figure in one statement (one round trip). A feature adds its block by adding its
 * sub-selects here and its optional key in the contract's dashboardSchema.
 */
export async function dashboardFigures(db: Db): Promise<Dashboard> {
  const [row] = await db
    .select({
      newsPublished: sql<number>`(select count(*)::int from ${news} where ${news.status} = 'published' and ${news.publishAt} <= now())`,
      newsScheduled: sql<number>`(select count(*)::int from ${news} where ${news.status} = 'published' and ${news.publishAt} > now())`,
      newsDraft: sql<number>`(select count(*)::int from ${news} where ${news.status} = 'draft')`,
      photos: sql<number>`(select count(*)::int from ${galleryPhotos})`,
      albums: sql<number>`(select count(distinct ${galleryPhotos.album})::int from ${galleryPhotos} where ${galleryPhotos.album} <> '')`,
      achievements: sql<number>`(select count(*)::int from ${achievements})`,
      unread: sql<number>`(select count(*)::int from ${contactMessages} where ${contactMessages.readAt} is null)`,
      messages: sql<number>`(select count(*)::int from ${contactMessages})`,
      // Kept current by triggers (db/schema/figures.ts): one row each, however large the school. A
      // figure missing (a backup from before its counter restored) is counted instead.
      activeStudents: counted(
        'active_students',
        sql`(select count(*)::int from ${students} where ${students.status} = 'active')`,
      ),
      unpaidInvoices: counted('unpaid_invoices', sql`0`),
      pendingReceipts: counted(
        'pending_receipts',
        sql`(select count(*)::int from ${payments} where ${pendingReceiptSql})`,
      ),
      preRegistrations: sql<PreRegisterFigures | string>`(
        with yr as (
          select coalesce(
            (select (${settings.value}->>'academicYear')::int from ${settings} where ${settings.key} = 'school'),
            ${academicYearOf().start}
          ) as y
        ),
        pr as (
          select ${preRegistrations.status} as status, ${preRegistrations.grade} as grade, ${preRegistrations.createdAt} as created_at
          from ${preRegistrations} where ${preRegistrations.academicYear} = (select y from yr)
        )
        select json_build_object(
          'academicYear', (select y from yr),
          'total', (select count(*)::int from pr),
          'lastWeek', (select count(*)::int from pr where created_at >= now() - interval '7 days'),
          'byStatus', coalesce((select json_object_agg(status, n) from (select status, count(*)::int as n from pr group by status) s), '{}'::json),
          'byGrade', coalesce((select json_object_agg(grade, n) from (select grade, count(*)::int as n from pr group by grade) g), '{}'::json)
        )
      )`,
    })
    .from(sql`(select 1) as one`);
  const r = row ?? {
    newsPublished: 0,
    newsScheduled: 0,
    newsDraft: 0,
    photos: 0,
    albums: 0,
    unread: 0,
    messages: 0,
    activeStudents: 0,
    unpaidInvoices: 0,
    pendingReceipts: 0,
    achievements: 0,
    preRegistrations: null,
  };
  const pre = typeof r.preRegistrations === 'string' ? JSON.parse(r.preRegistrations) : r.preRegistrations;
  return {
    news: { published: r.newsPublished, scheduled: r.newsScheduled, draft: r.newsDraft },
    gallery: { photos: r.photos, albums: r.albums },
    achievements: { total: r.achievements },
    messages: { unread: r.unread, total: r.messages },
    students: { active: r.activeStudents },
    invoices: { unpaid: r.unpaidInvoices },
    receipts: { pending: r.pendingReceipts },
    ...(pre ? { preRegistrations: pre as PreRegisterFigures } : {}),
  };
}
