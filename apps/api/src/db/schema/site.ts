import { NEWS_AUDIENCES, NEWS_STATUSES } from '@madreseh/contract/news/news.contract';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, instant, instantNow, ref, requiredRef, timestamps } from './columns';
import { groups } from './school';
import { users } from './users';

/** Settings, one row per section (`school`, later `money`, …); the value is validated by the contract. */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 40 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: ref('updated_by', () => users.id, 'set null'),
  updatedAt: instantNow('updated_at'),
});

export const newsAudienceEnum = pgEnum('news_audience', NEWS_AUDIENCES);
export const newsStatusEnum = pgEnum('news_status', NEWS_STATUSES);

/** News and notices: public notices (home page), for all students, or for chosen groups. */
export const news = pgTable(
  'news',
  {
    id: id(),
    title: varchar('title', { length: 200 }).notNull(),
    summary: varchar('summary', { length: 500 }).notNull().default(''),
    /** Sanitized HTML. */
    bodyHtml: text('body_html').notNull().default(''),
    coverKey: varchar('cover_key', { length: 200 }),
    audience: newsAudienceEnum('audience').notNull(),
    pinned: boolean('pinned').notNull().default(false),
    status: newsStatusEnum('status').notNull().default('draft'),
    publishAt: instantNow('publish_at'),
    createdBy: ref('created_by', () => users.id, 'set null'),
    ...timestamps(),
  },
  (t) => [index('news_visible_idx').on(t.audience, t.status, t.publishAt)],
);

/** The groups a news item with audience `groups` is for. */
export const newsGroups = pgTable(
  'news_groups',
  {
    newsId: requiredRef('news_id', () => news.id, 'cascade'),
    groupId: requiredRef('group_id', () => groups.id, 'cascade'),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.groupId] }), index('news_groups_group_idx').on(t.groupId)],
);

/** Photos of the public gallery, stored through the image pipeline. */
export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: id(),
    imageKey: varchar('image_key', { length: 200 }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    caption: varchar('caption', { length: 300 }).notNull().default(''),
    album: varchar('album', { length: 80 }).notNull().default(''),
    /** Smaller first; new photos go first (negative of a growing counter). */
    position: integer('position').notNull().default(0),
    createdBy: ref('created_by', () => users.id, 'set null'),
    ...createdAt(),
  },
  (t) => [index('gallery_photos_order_idx').on(t.position, t.id), index('gallery_photos_album_idx').on(t.album)],
);

/** Messages sent through the public contact form. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: varchar('name', { length: 100 }).notNull(),
    replyTo: varchar('reply_to', { length: 120 }).notNull(),
    subject: varchar('subject', { length: 150 }).notNull(),
    message: text('message').notNull(),
    readAt: instant('read_at'),
    ip: varchar('ip', { length: 64 }),
    /** Name, contact, subject and text normalised for search. */
    searchText: text('search_text').notNull().default(''),
    ...createdAt(),
  },
  (t) => [index('contact_messages_read_idx').on(t.readAt, t.createdAt)],
);
