import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, idSchema } from '../ids';
import { normalizeMobile } from '../iran';
import { listQuerySchema, pageOf } from '../pagination';
import { STAFF } from '../roles';
import { digitsToLatin, multilineText, text } from '../text';

/** A mobile (09xxxxxxxxx, Persian/Arabic digits accepted) or an e-mail address. */
export const contactReplyToSchema = text({ error: 'شمارهٔ همراه یا ایمیل را وارد کنید.' })
  .trim()
  .min(1, { message: 'شمارهٔ همراه یا ایمیل را وارد کنید.' })
  .max(120, { message: 'شمارهٔ همراه یا ایمیل بیش از حد طولانی است.' })
  .transform((v) => (v.includes('@') ? v.toLowerCase() : normalizeMobile(digitsToLatin(v))))
  .refine((v) => (v.includes('@') ? z.email().safeParse(v).success : /^09\d{9}$/.test(v)), {
    message: 'شمارهٔ همراه (۰۹xxxxxxxxx) یا ایمیل معتبر وارد کنید.',
  });

export const contactInputSchema = z.object({
  name: text({ error: 'نام را وارد کنید.' })
    .trim()
    .min(2, { message: 'نام را وارد کنید.' })
    .max(100, { message: 'نام بیش از حد طولانی است.' }),
  replyTo: contactReplyToSchema,
  subject: text({ error: 'موضوع را وارد کنید.' })
    .trim()
    .min(2, { message: 'موضوع را وارد کنید.' })
    .max(150, { message: 'موضوع بیش از حد طولانی است.' }),
  message: multilineText({ error: 'متن پیام را وارد کنید.' })
    .trim()
    .min(5, { message: 'متن پیام دست‌کم ۵ حرف باشد.' })
    .max(5000, { message: 'متن پیام بیش از حد طولانی است.' }),
  /** Left empty by people; filled by bots that fill every field. */
  website: text().max(500).optional(),
});
export type ContactInput = z.input<typeof contactInputSchema>;

export const contactMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  replyTo: z.string(),
  subject: z.string(),
  message: z.string(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type ContactMessage = z.infer<typeof contactMessageSchema>;

/** How many messages one address may send per window before 429. */
export const CONTACT_LIMIT = { perWindow: 5, windowMs: 10 * 60_000 } as const;

export const contactContract = {
  send: endpoint({
    method: 'POST',
    path: 'general/contact-us',
    access: 'public',
    summary: 'Sends a message to the school (rate-limited per address; honeypot field website)',
    body: contactInputSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  list: endpoint({
    method: 'GET',
    path: 'panel/contact-us',
    access: STAFF,
    summary: 'Messages, unread first then newest; search by name, contact, subject or text',
    query: listQuerySchema.extend({ unread: z.enum(['1', '0']).optional() }),
    response: pageOf(contactMessageSchema).extend({ unread: z.number().int() }),
    noStore: true,
  }),
  get: endpoint({
    method: 'GET',
    path: 'panel/contact-us/:id',
    access: STAFF,
    summary: 'One message; opening it marks it read',
    params: idParams,
    response: contactMessageSchema,
    noStore: true,
  }),
  setRead: endpoint({
    method: 'PATCH',
    path: 'panel/contact-us/:id',
    access: STAFF,
    summary: 'Marks a message read or unread',
    params: idParams,
    body: z.object({ read: z.boolean() }),
    response: contactMessageSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'panel/contact-us/:id',
    access: STAFF,
    summary: 'Deletes a message',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  bulk: endpoint({
    method: 'POST',
    path: 'panel/contact-us/bulk',
    access: STAFF,
    summary: 'Marks read, unread or deletes several messages at once',
    body: z.object({
      ids: z.array(idSchema).min(1, { message: 'پیامی انتخاب نشده است.' }).max(200),
      action: z.enum(['read', 'unread', 'delete']),
    }),
    response: z.object({ ok: z.literal(true), count: z.number().int() }),
  }),
} as const;
