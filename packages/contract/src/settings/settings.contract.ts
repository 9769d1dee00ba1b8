import { z } from 'zod';
import { endpoint } from '../endpoint';
import { imageRefSchema } from '../images';
import { STAFF } from '../roles';
import { digitsToLatin, multilineText, text } from '../text';

// In a module of their own without zod, for the public about page (docs/decisions/0014).
export { GRADE_LABELS, GRADE_LEVELS } from '../grades';

const optionalLine = (max: number, message: string) => text().trim().max(max, { message }).default('');
const optionalLines = (max: number, message: string) => multilineText().trim().max(max, { message }).default('');

const phoneSchema = text()
  .transform((v) => digitsToLatin(v).replace(/[\s-]/g, ''))
  .refine((v) => /^\+?\d{4,15}$/.test(v), { message: 'شمارهٔ تلفن معتبر نیست.' });

/**
 * The school profile: what the public site shows about the school. Logo and hero image are set
 * through `panel/settings/image` (an upload) and answered as image references.
 */
export const schoolProfileInputSchema = z.object({
  name: text({ error: 'نام مدرسه را وارد کنید.' })
    .trim()
    .min(2, { message: 'نام مدرسه را وارد کنید.' })
    .max(120, { message: 'نام مدرسه بیش از حد طولانی است.' }),
  slogan: optionalLine(200, 'شعار بیش از حد طولانی است.'),
  /** Rich text (HTML); the server keeps only an allow-list of tags. */
  aboutHtml: multilineText().max(60_000, { message: 'متن درباره ما بیش از حد طولانی است.' }).default(''),
  address: optionalLines(500, 'نشانی بیش از حد طولانی است.'),
  phones: z.array(phoneSchema).max(5, { message: 'حداکثر پنج شماره تلفن.' }).default([]),
  email: z.union([z.literal(''), z.email({ message: 'نشانی ایمیل معتبر نیست.' })]).default(''),
  hours: optionalLines(300, 'ساعات کاری بیش از حد طولانی است.'),
  /** Where the school is, for "open in map apps" links (no embedded map). */
  location: z
    .object({
      lat: z
        .number()
        .min(24, { message: 'عرض جغرافیایی معتبر نیست.' })
        .max(40, { message: 'عرض جغرافیایی معتبر نیست.' }),
      lng: z
        .number()
        .min(44, { message: 'طول جغرافیایی معتبر نیست.' })
        .max(64, { message: 'طول جغرافیایی معتبر نیست.' }),
    })
    .nullable()
    .default(null),
  preRegistrationOpen: z.boolean().default(false),
  gradesOffered: z
    .array(z.number().int().min(1).max(12))
    .max(12)
    .transform((g) => [...new Set(g)].sort((a, b) => a - b))
    .default([]),
  /** Jalali year the current school year starts in (Mehr), e.g. 1405 for 1405–1406. */
  academicYear: z
    .number()
    .int()
    .min(1390, { message: 'سال تحصیلی معتبر نیست.' })
    .max(1500, { message: 'سال تحصیلی معتبر نیست.' }),
});
export type SchoolProfileInput = z.input<typeof schoolProfileInputSchema>;

/** As answered (plain types: response schemas carry no transforms). */
export const schoolProfileSchema = z.object({
  name: z.string(),
  slogan: z.string(),
  aboutHtml: z.string(),
  address: z.string(),
  phones: z.array(z.string()),
  email: z.string(),
  hours: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  preRegistrationOpen: z.boolean(),
  gradesOffered: z.array(z.number().int()),
  academicYear: z.number().int(),
  logo: imageRefSchema.nullable(),
  hero: imageRefSchema.nullable(),
  /** The principal's stamp and signature, printed where the principal signs; set by a super-admin only. */
  stamp: imageRefSchema.nullable(),
  updatedAt: z.string().nullable(),
});
export type SchoolProfile = z.infer<typeof schoolProfileSchema>;

/**
 * All settings, one key per section. A feature that needs settings adds its section here (an
 * optional key in both schemas, e.g. `money: { unit: 'toman' | 'rial', cardNumber }`) and a
 * default in the API's settings service; the page adds a tab.
 */
export const settingsSchema = z.object({
  school: schoolProfileSchema,
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsUpdateSchema = z.object({
  school: schoolProfileInputSchema.optional(),
});

/** `stamp` (the principal's stamp and signature) may be set or removed by a super-admin only. */
export const SCHOOL_IMAGE_KINDS = ['logo', 'hero', 'stamp'] as const;
export type SchoolImageKind = (typeof SCHOOL_IMAGE_KINDS)[number];
export const settingsImageFieldsSchema = z.object({
  kind: z.enum(SCHOOL_IMAGE_KINDS, { message: 'نوع تصویر باید لوگو، تصویر اصلی یا مهر و امضا باشد.' }),
});
export const STAMP_SUPER_ADMIN_ONLY = 'مهر و امضای مدرسه را فقط مدیر ارشد می‌تواند تغییر دهد.';

export const settingsContract = {
  get: endpoint({
    method: 'GET',
    path: 'panel/settings',
    access: STAFF,
    summary: 'Every settings section (school profile, …)',
    response: settingsSchema,
    noStore: true,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'panel/settings',
    access: STAFF,
    summary: 'Replaces the sections present in the body',
    body: settingsUpdateSchema,
    response: settingsSchema,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: 'panel/settings/image',
    access: STAFF,
    summary: 'Sets the school logo, hero image or stamp (multipart: kind, file; stamp: super-admin only)',
    bodyKind: 'multipart',
    body: settingsImageFieldsSchema,
    response: settingsSchema,
  }),
  removeImage: endpoint({
    method: 'DELETE',
    path: 'panel/settings/image/:kind',
    access: STAFF,
    summary: 'Removes the school logo, hero image or stamp (stamp: super-admin only)',
    params: settingsImageFieldsSchema,
    response: settingsSchema,
  }),
  publicProfile: endpoint({
    method: 'GET',
    path: 'general/school',
    access: 'public',
    summary: 'The public school profile (name, logo, about, contact, pre-registration state)',
    response: schoolProfileSchema.omit({ updatedAt: true }),
  }),
} as const;
