import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, idSchema } from '../ids';
import { imageRefSchema } from '../images';
import { listQuerySchema, pageOf } from '../pagination';
import { STAFF } from '../roles';
import { text } from '../text';

export const galleryFieldsSchema = z.object({
  caption: text().trim().max(300, { message: 'توضیح عکس بیش از حد طولانی است.' }).default(''),
  album: text().trim().max(80, { message: 'نام آلبوم بیش از حد طولانی است.' }).default(''),
});

export const galleryPhotoSchema = z.object({
  id: z.number().int(),
  caption: z.string(),
  album: z.string(),
  image: imageRefSchema,
  width: z.number().int(),
  height: z.number().int(),
  position: z.number().int(),
  createdAt: z.string(),
});
export type GalleryPhoto = z.infer<typeof galleryPhotoSchema>;

export const galleryListQuerySchema = listQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({ album: text().trim().max(80).optional() });

export const galleryPageSchema = pageOf(galleryPhotoSchema).extend({ albums: z.array(z.string()) });

export const galleryContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/gallery',
    access: STAFF,
    summary: 'Gallery photos in their order, with the album names',
    query: galleryListQuerySchema,
    response: galleryPageSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: 'panel/gallery',
    access: STAFF,
    summary: 'Uploads one photo (multipart: file, caption, album); re-encoded to WebP',
    bodyKind: 'multipart',
    body: galleryFieldsSchema,
    response: galleryPhotoSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'panel/gallery/:id',
    access: STAFF,
    summary: 'Changes the caption and album of a photo',
    params: idParams,
    body: galleryFieldsSchema,
    response: galleryPhotoSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'panel/gallery/:id',
    access: STAFF,
    summary: 'Deletes a photo and its files',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  reorder: endpoint({
    method: 'POST',
    path: 'panel/gallery/reorder',
    access: STAFF,
    summary:
      'Puts the given photos first, in this order; with inPlace, they keep the places they hold between them (one page of the list) and take them in this order',
    body: z.object({ ids: z.array(idSchema).min(1).max(500), inPlace: z.boolean().default(false) }),
    response: z.object({ ok: z.literal(true) }),
  }),
  publicList: endpoint({
    method: 'GET',
    path: 'general/gallery',
    access: 'public',
    summary: 'Gallery photos in their order, optionally of one album, with the album names',
    query: galleryListQuerySchema,
    response: galleryPageSchema,
  }),
} as const;
