import { z } from 'zod';

/** How an API answer names a stored image: its two renditions and a srcset (see uploads.ts). */
export const imageRefSchema = z.object({
  thumb: z.string(),
  large: z.string(),
  srcSet: z.string(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

/** Multipart uploads validate their text fields with a schema; this is the one for "no fields". */
export const noUploadFieldsSchema = z.object({});
