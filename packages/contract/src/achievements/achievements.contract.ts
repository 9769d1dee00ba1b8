import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, idSchema } from '../ids';
import { imageRefSchema, noUploadFieldsSchema } from '../images';
import { isoDateSchema } from '../jalali';
import { listQuerySchema, pageOf } from '../pagination';
import { STAFF } from '../roles';
import { multilineText, text } from '../text';

export const achievementBodySchema = z.object({
  title: text({ error: 'عنوان را وارد کنید.' })
    .trim()
    .min(1, { error: 'عنوان را وارد کنید.' })
    .max(200, { error: 'عنوان حداکثر ۲۰۰ نویسه است.' }),
  description: multilineText().trim().max(2000, { error: 'توضیح حداکثر ۲۰۰۰ نویسه است.' }).default(''),
  date: isoDateSchema,
});
export type AchievementBody = z.input<typeof achievementBodySchema>;

export const achievementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  date: z.string(),
  image: imageRefSchema.nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const achievementsContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/achievement',
    access: STAFF,
    summary: 'Lists achievements in display order (search by title)',
    query: listQuerySchema,
    response: pageOf(achievementSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: 'panel/achievement',
    access: STAFF,
    summary: 'Creates an achievement, shown first',
    body: achievementBodySchema,
    response: achievementSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'panel/achievement/:id',
    access: STAFF,
    summary: 'Replaces an achievement',
    params: idParams,
    body: achievementBodySchema,
    response: achievementSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'panel/achievement/:id',
    access: STAFF,
    summary: 'Deletes an achievement and its image',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  setImage: endpoint({
    method: 'PUT',
    path: 'panel/achievement/:id/image',
    access: STAFF,
    summary: 'Sets the image (multipart: file); re-encoded to WebP',
    params: idParams,
    bodyKind: 'multipart',
    body: noUploadFieldsSchema,
    response: achievementSchema,
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: 'panel/achievement/:id/image',
    access: STAFF,
    summary: 'Removes the image',
    params: idParams,
    response: achievementSchema,
  }),
  reorder: endpoint({
    method: 'PUT',
    path: 'panel/achievement/order',
    access: STAFF,
    summary: 'Puts the given achievements first, in this order',
    body: z.object({ ids: z.array(idSchema).min(1).max(500) }),
    response: z.object({ ok: z.literal(true) }),
  }),
  publicList: endpoint({
    method: 'GET',
    path: 'general/achievement',
    access: 'public',
    summary: 'Public achievements in display order',
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(achievementSchema),
  }),
  publicGet: endpoint({
    method: 'GET',
    path: 'general/achievement/:id',
    access: 'public',
    summary: 'One achievement (its shareable page, /achievements/:id)',
    params: idParams,
    response: achievementSchema,
  }),
} as const;
