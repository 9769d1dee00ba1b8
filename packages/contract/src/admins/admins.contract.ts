import { z } from 'zod';
import { passwordChangeSchema } from '../auth/auth.contract';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import { SUPER_ADMIN } from '../roles';
import { digitsToLatin, text, tidyPersian } from '../text';

/** The roles of the school office's accounts (students are managed elsewhere). */
export const STAFF_ROLES = ['admin', 'super-admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const USERNAME_RULE = 'نام کاربری ۳ تا ۶۴ نویسه باشد: حرف لاتین، رقم، نقطه، خط تیره یا زیرخط.';

/**
 * A staff username as people type it: Persian or Arabic digits become Latin, spaces around it go
 * and letters are lower-cased, as at login (auth/login), so the account signs in however it is typed.
 */
export const staffUsernameSchema = text({ error: 'نام کاربری را وارد کنید.' })
  .transform((v) => digitsToLatin(v).trim().toLowerCase())
  .refine((v) => v.length > 0, { error: 'نام کاربری را وارد کنید.' })
  .refine((v) => /^[a-z0-9._-]{3,64}$/.test(v), { error: USERNAME_RULE });

const fullNameSchema = text({ error: 'نام و نام خانوادگی را وارد کنید.' })
  .transform((v) => tidyPersian(v))
  .refine((v) => v.length > 0, { error: 'نام و نام خانوادگی را وارد کنید.' })
  .refine((v) => v.length <= 200, { error: 'نام و نام خانوادگی بیش از حد طولانی است.' });

const roleSchema = z.enum(STAFF_ROLES, { error: 'نقش را انتخاب کنید: مدیر یا مدیر ارشد.' });

/** The password policy of every account: the one a student's own password change follows. */
export const staffPasswordSchema = passwordChangeSchema.shape.newPassword;

export const staffCreateSchema = z.object({
  username: staffUsernameSchema,
  fullName: fullNameSchema,
  role: roleSchema,
  password: staffPasswordSchema,
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

/** Only what is sent changes; at least one of the three. */
export const staffUpdateSchema = z
  .object({
    fullName: fullNameSchema.optional(),
    role: roleSchema.optional(),
    active: z.boolean({ error: 'وضعیت حساب معتبر نیست.' }).optional(),
  })
  .refine((v) => v.fullName !== undefined || v.role !== undefined || v.active !== undefined, {
    error: 'چیزی برای تغییر فرستاده نشده است.',
  });
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;

export const staffPasswordBodySchema = z.object({ password: staffPasswordSchema });

export const staffAccountSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  role: z.enum(STAFF_ROLES),
  active: z.boolean(),
  createdAt: z.string(),
  /** The latest use of any session the account still has; null when it has none. */
  lastSeenAt: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

export const adminsContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/admins',
    access: SUPER_ADMIN,
    summary: 'The staff accounts (admins and super-admins), super-admins first, with when each was last seen',
    response: z.object({ items: z.array(staffAccountSchema) }),
    noStore: true,
  }),
  create: endpoint({
    method: 'POST',
    path: 'panel/admins',
    access: SUPER_ADMIN,
    summary: 'Creates an admin or super-admin account with a password (never answered back)',
    body: staffCreateSchema,
    response: staffAccountSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: 'panel/admins/:id',
    access: SUPER_ADMIN,
    summary:
      "Changes a staff account's name, role or active state; deactivating or demoting ends its sessions. " +
      'Nobody deactivates or demotes themselves, and the last active super-admin stays',
    params: idParams,
    body: staffUpdateSchema,
    response: staffAccountSchema,
  }),
  setPassword: endpoint({
    method: 'PUT',
    path: 'panel/admins/:id/password',
    access: SUPER_ADMIN,
    summary: "Sets a staff account's password and ends its other sessions",
    params: idParams,
    body: staffPasswordBodySchema,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
