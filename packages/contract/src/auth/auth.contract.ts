import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams } from '../ids';
import { mobileSchema } from '../iran';
import { HOME_PATHS, ROLES, SIGNED_IN, STAFF } from '../roles';
import { digitsToLatin, text } from '../text';

export const roleSchema = z.enum(ROLES);

export const sessionUserSchema = z.object({
  id: z.number().int(),
  role: roleSchema,
  fullName: z.string(),
  /**
   * A super-admin of a demo database still signed in with the published demo password: the
   * dashboard asks for a new one first (the ask can be put off for one page view).
   */
  demoPassword: z.boolean().optional(),
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

/**
 * One-time sign-in codes for parents: 6 digits, valid 2 minutes, used once; `perMobile` codes per
 * mobile and `perIp` per address in `windowS` seconds; `attempts` wrong tries spend a code.
 */
/**
 * One-time codes: six digits for two minutes, five tries each; requests per mobile and per address in
 * a window; a day's codes per mobile and wrong codes per mobile (then the number waits for the next
 * Tehran day).
 */
export const OTP_RULES = {
  digits: 6,
  ttlS: 120,
  perMobile: 3,
  perIp: 10,
  windowS: 600,
  attempts: 5,
  codesPerMobileDaily: 5,
  wrongPerMobileDaily: 10,
} as const;

export const otpRequestSchema = z.object({ mobile: mobileSchema });
export const otpVerifySchema = z.object({
  mobile: mobileSchema,
  code: text({ error: 'کد ورود را وارد کنید.' })
    .transform((v) => digitsToLatin(v).trim())
    .refine((v) => /^\d{6}$/.test(v), { error: 'کد ورود شش رقم است.' }),
});

export const loginResponseSchema = z.object({ token: z.string(), user: sessionUserSchema });

/** An account whose sign-in is being slowed after failed passwords (decision 0010), for staff. */
export const slowedSignInSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  role: roleSchema,
  failures: z.number().int(),
  lastFailureAt: z.string(),
  /** Seconds a new device still waits before its next attempt is checked (0: it may try now). */
  waitSeconds: z.number().int(),
});
export type SlowedSignIn = z.infer<typeof slowedSignInSchema>;

/** Changing one's own password (every role): the current one, and a new one of 8 to 128 characters. */
export const passwordChangeSchema = z.object({
  currentPassword: text({ error: 'رمز عبور فعلی را وارد کنید.' })
    .min(1, { error: 'رمز عبور فعلی را وارد کنید.' })
    .max(128)
    .transform(digitsToLatin),
  newPassword: text({ error: 'رمز عبور تازه را وارد کنید.' })
    .transform(digitsToLatin)
    .refine((v) => v.length >= 8, { error: 'رمز عبور تازه دست‌کم ۸ نویسه باشد.' })
    .refine((v) => v.length <= 128, { error: 'رمز عبور تازه بیش از حد طولانی است.' }),
});

export const authContract = {
  login: endpoint({
    method: 'POST',
    path: 'auth/login',
    access: 'public',
    summary: 'Sign in with username and password; answers a bearer token and the user',
    body: loginBodySchema,
    response: loginResponseSchema,
  }),
  otpRequest: endpoint({
    method: 'POST',
    path: 'auth/otp/request',
    access: 'public',
    summary:
      "Sends a parent a one-time sign-in code by SMS (6 digits, 2 minutes); the same answer whether or not the mobile is a parent's",
    body: otpRequestSchema,
    response: z.object({ ok: z.literal(true), expiresInS: z.number().int() }),
    noStore: true,
  }),
  otpVerify: endpoint({
    method: 'POST',
    path: 'auth/otp/verify',
    access: 'public',
    summary: 'Signs a parent in with the one-time code sent to their mobile; answers a bearer token and the user',
    body: otpVerifySchema,
    response: loginResponseSchema,
    noStore: true,
  }),
  logout: endpoint({
    method: 'POST',
    path: 'auth/logout',
    access: SIGNED_IN,
    summary: 'Ends the calling session',
    response: z.object({ ok: z.literal(true) }),
  }),
  checkToken: endpoint({
    method: 'POST',
    path: 'auth/check-token',
    access: SIGNED_IN,
    summary: 'Answers the user when the bearer token is valid (401 otherwise); never cached',
    response: z.object({ valid: z.literal(true), user: sessionUserSchema }),
    noStore: true,
  }),
  redirect: endpoint({
    method: 'GET',
    path: 'auth/redirect',
    access: SIGNED_IN,
    summary: "Answers the home path of the caller's role",
    response: z.object({ path: z.enum(HOME_PATHS) }),
    noStore: true,
  }),
  changeOwnPassword: endpoint({
    method: 'POST',
    path: 'panel/me/password',
    access: STAFF,
    summary:
      "Changes the calling staff member's own password (needs the current one), ends their other sessions; audited",
    body: passwordChangeSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
  slowedList: endpoint({
    method: 'GET',
    path: 'panel/sign-in/slowed',
    access: STAFF,
    summary: 'Accounts whose sign-in is slowed now after repeated wrong passwords (decision 0010)',
    response: z.object({ items: z.array(slowedSignInSchema) }),
    noStore: true,
  }),
  slowedClear: endpoint({
    method: 'DELETE',
    path: 'panel/sign-in/slowed/:id',
    access: STAFF,
    summary: "Starts an account's failed sign-in count again (every device); audited",
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
