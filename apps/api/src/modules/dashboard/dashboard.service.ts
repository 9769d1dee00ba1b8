import type { Dashboard } from '@madreseh/contract/dashboard/dashboard.contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { achievements } from '../../db/schema/achievements';
import { contactMessages, galleryPhotos, news } from '../../db/schema/site';

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
    })
    .from(sql`(select 1) as one`);
  const r = row ?? {
    newsPublished: 0,
    newsScheduled: 0,
    newsDraft: 0,
    photos: 0,
    albums: 0,
    achievements: 0,
    unread: 0,
    messages: 0,
  };
  return {
    news: { published: r.newsPublished, scheduled: r.newsScheduled, draft: r.newsDraft },
    gallery: { photos: r.photos, albums: r.albums },
    achievements: { total: r.achievements },
    messages: { unread: r.unread, total: r.messages },
  };
}
