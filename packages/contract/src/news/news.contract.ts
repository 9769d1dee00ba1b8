import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, idSchema } from '../ids';
import { imageRefSchema } from '../images';
import { isoDateTimeSchema } from '../jalali';
import { listQuerySchema, pageOf } from '../pagination';
import { STAFF, STUDENT, TEACHER } from '../roles';
import { multilineText, text } from '../text';

/** Who sees a news item: the public site, every student, or the students of chosen groups. */
export const NEWS_AUDIENCES = ['public', 'students', 'groups'] as const;
export const newsAudienceSchema = z.enum(NEWS_AUDIENCES);
export type NewsAudience = z.infer<typeof newsAudienceSchema>;
export const NEWS_AUDIENCE_LABELS: Record<NewsAudience, string> = {
  public: 'اطلاعیهٔ عمومی',
  students: 'همهٔ دانش‌آموزان',
  groups: 'کلاس‌های انتخابی',
};

/** A news item as stored: a draft, or published (visible from its publish time on). */
export const NEWS_STATUSES = ['draft', 'published'] as const;
export const newsStatusSchema = z.enum(NEWS_STATUSES);
export type NewsStatus = z.infer<typeof newsStatusSchema>;
/** Draft, published and visible, or published with a future time (scheduled). */
export const NEWS_STATES = ['published', 'scheduled', 'draft'] as const;
export const newsStateSchema = z.enum(NEWS_STATES);
export type NewsState = z.infer<typeof newsStateSchema>;
export const NEWS_STATE_LABELS: Record<NewsState, string> = {
  draft: 'پیش‌نویس',
  scheduled: 'زمان‌بندی‌شده',
  published: 'منتشرشده',
};

export const newsIdParamsSchema = idParams;

export const newsInputSchema = z
  .object({
    title: text({ error: 'عنوان را وارد کنید.' })
      .trim()
      .min(3, { message: 'عنوان باید دست‌کم ۳ حرف باشد.' })
      .max(200, { message: 'عنوان بیش از حد طولانی است.' }),
    summary: multilineText().trim().max(500, { message: 'خلاصه بیش از حد طولانی است.' }).default(''),
    /** Rich text (HTML); the server keeps only an allow-list of tags and attributes. */
    bodyHtml: multilineText().max(100_000, { message: 'متن خبر بیش از حد طولانی است.' }).default(''),
    audience: newsAudienceSchema,
    groupIds: z.array(idSchema).max(100).default([]),
    pinned: z.boolean().default(false),
    status: newsStatusSchema,
    /** When it becomes visible (ISO instant); in the future means scheduled. Empty: now. */
    publishAt: isoDateTimeSchema('زمان انتشار معتبر نیست.').nullable().default(null),
    /** On update: drop the cover image. */
    removeCover: z.boolean().default(false),
  })
  .superRefine((v, ctx) => {
    if (v.audience === 'groups' && v.groupIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['groupIds'], message: 'دست‌کم یک کلاس را انتخاب کنید.' });
    }
  });
export type NewsInput = z.input<typeof newsInputSchema>;

export const adminNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  bodyHtml: z.string(),
  cover: imageRefSchema.nullable(),
  audience: newsAudienceSchema,
  groupIds: z.array(z.number().int()),
  pinned: z.boolean(),
  status: newsStatusSchema,
  state: newsStateSchema,
  publishAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Who wrote it (null when that account is gone) and whether a teacher wrote it for her classes. */
  author: z.string().nullable(),
  byTeacher: z.boolean(),
});
export type AdminNews = z.infer<typeof adminNewsSchema>;

/** A news item as readers (visitors, students) see it: no audience, status or internal fields. */
export const newsCardSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  cover: imageRefSchema.nullable(),
  pinned: z.boolean(),
  publishAt: z.string(),
});
export type NewsCard = z.infer<typeof newsCardSchema>;
export const newsDetailSchema = newsCardSchema.extend({ bodyHtml: z.string() });
export type NewsDetail = z.infer<typeof newsDetailSchema>;

/**
 * What a teacher writes to her own classes: a title, plain text (kept as paragraphs) and the
 * classes. It is published at once to the students of those classes and their parents.
 */
export const teacherNewsInputSchema = z.object({
  title: text({ error: 'عنوان را وارد کنید.' })
    .trim()
    .min(3, { message: 'عنوان باید دست‌کم ۳ حرف باشد.' })
    .max(200, { message: 'عنوان بیش از حد طولانی است.' }),
  text: multilineText({ error: 'متن خبر را وارد کنید.' })
    .trim()
    .min(2, { message: 'متن خبر را وارد کنید.' })
    .max(5000, { message: 'متن خبر بیش از ۵۰۰۰ حرف است.' }),
  groupIds: z
    .array(idSchema)
    .min(1, { message: 'دست‌کم یک کلاس را انتخاب کنید.' })
    .max(50, { message: 'کلاس‌ها بیش از حد زیادند.' }),
  /** On update: drop the image. */
  removeCover: z.boolean().default(false),
});
export type TeacherNewsInput = z.input<typeof teacherNewsInputSchema>;

/** A teacher's own news item as she sees it in her list. */
export const teacherNewsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  cover: imageRefSchema.nullable(),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  publishAt: z.string(),
  updatedAt: z.string(),
});
export type TeacherNews = z.infer<typeof teacherNewsSchema>;

export const adminNewsListQuerySchema = listQuerySchema.extend({
  state: newsStateSchema.optional(),
  audience: newsAudienceSchema.optional(),
});

export const newsContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/news',
    access: STAFF,
    summary: 'News items, newest first; search by title, filter by state and audience',
    query: adminNewsListQuerySchema,
    response: pageOf(adminNewsSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: 'panel/news',
    access: STAFF,
    summary: 'Creates a news item (HTML body sanitized)',
    body: newsInputSchema,
    response: adminNewsSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: 'panel/news/:id',
    access: STAFF,
    summary: 'One news item',
    params: newsIdParamsSchema,
    response: adminNewsSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'panel/news/:id',
    access: STAFF,
    summary: 'Replaces a news item',
    params: newsIdParamsSchema,
    body: newsInputSchema,
    response: adminNewsSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'panel/news/:id',
    access: STAFF,
    summary: 'Deletes a news item and its cover image',
    params: newsIdParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  uploadCover: endpoint({
    method: 'POST',
    path: 'panel/news/:id/cover',
    access: STAFF,
    summary: 'Sets the cover image of a news item (multipart: file)',
    params: newsIdParamsSchema,
    bodyKind: 'multipart',
    body: z.object({}),
    response: adminNewsSchema,
  }),
  publicList: endpoint({
    method: 'GET',
    path: 'general/news',
    access: 'public',
    summary: 'Published public notices, pinned first, newest first',
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(newsCardSchema),
  }),
  publicGet: endpoint({
    method: 'GET',
    path: 'general/news/:id',
    access: 'public',
    summary: 'One published public notice',
    params: newsIdParamsSchema,
    response: newsDetailSchema,
  }),
  studentList: endpoint({
    method: 'GET',
    path: 'student/news',
    access: STUDENT,
    summary: "Published news for all students or the caller's group, pinned first, newest first",
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(newsCardSchema),
  }),
  studentGet: endpoint({
    method: 'GET',
    path: 'student/news/:id',
    access: STUDENT,
    summary: 'One news item the caller may read',
    params: newsIdParamsSchema,
    response: newsDetailSchema,
  }),
  teacherList: endpoint({
    method: 'GET',
    path: 'teacher/news',
    access: TEACHER,
    summary: 'The news items the signed-in teacher wrote, newest first',
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(teacherNewsSchema),
    noStore: true,
  }),
  teacherCreate: endpoint({
    method: 'POST',
    path: 'teacher/news',
    access: TEACHER,
    summary: "Publishes a news item to some of the caller's classes (students and their parents hear of it)",
    body: teacherNewsInputSchema,
    response: teacherNewsSchema,
  }),
  teacherUpdate: endpoint({
    method: 'PUT',
    path: 'teacher/news/:id',
    access: TEACHER,
    summary: 'Replaces a news item the caller wrote; its classes must still be hers',
    params: newsIdParamsSchema,
    body: teacherNewsInputSchema,
    response: teacherNewsSchema,
  }),
  teacherRemove: endpoint({
    method: 'DELETE',
    path: 'teacher/news/:id',
    access: TEACHER,
    summary: 'Deletes a news item the caller wrote, and its image',
    params: newsIdParamsSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  teacherUploadCover: endpoint({
    method: 'POST',
    path: 'teacher/news/:id/cover',
    access: TEACHER,
    summary: 'Sets the image of a news item the caller wrote (multipart: file)',
    params: newsIdParamsSchema,
    bodyKind: 'multipart',
    body: z.object({}),
    response: teacherNewsSchema,
  }),
} as const;
