import { z } from 'zod';
import { endpoint } from '../endpoint';
import { ROLES } from '../roles';
import { digitsToLatin, text } from '../text';

export const roleSchema = z.enum(ROLES);

export const sessionUserSchema = z.object({
  id: z.number().int(),
  role: roleSchema,
  fullName: z.string(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginBodySchema = z.object({
  username: text({ error: 'نام کاربری را وارد کنید.' })
    .max(64, { error: 'نام کاربری بیش از حد طولانی است.' })
    .transform((v) => digitsToLatin(v).trim().toLowerCase())
    .refine((v) => v.length > 0, { error: 'نام کاربری را وارد کنید.' }),
  password: text({ error: 'رمز عبور را وارد کنید.' })
    .min(1, { error: 'رمز عبور را وارد کنید.' })
    .max(128, { error: 'رمز عبور بیش از حد طولانی است.' })
    .transform((v) => digitsToLatin(v)),
});

export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });

export const authContract = {
  login: endpoint({
    method: 'POST',
    path: 'auth/login',
    access: 'public',
    summary: 'Sign in with username and password; answers a bearer token and the user',
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  logout: endpoint({
    method: 'POST',
    path: 'auth/logout',
    access: ['student', 'admin', 'super-admin'],
    summary: 'Ends the calling session',
    response: z.object({ ok: z.literal(true) }),
  }),
  checkToken: endpoint({
    method: 'POST',
    path: 'auth/check-token',
    access: ['student', 'admin', 'super-admin'],
    summary: 'Answers the user when the bearer token is valid (401 otherwise); never cached',
    response: z.object({ valid: z.literal(true), user: sessionUserSchema }),
    noStore: true,
  }),
  redirect: endpoint({
    method: 'GET',
    path: 'auth/redirect',
    access: ['student', 'admin', 'super-admin'],
    summary: "Answers the home path of the caller's role",
    response: z.object({ path: z.enum(['/student', '/dashboard']) }),
    noStore: true,
  }),
} as const;
