import { z } from 'zod';

/** Every error the API sends has this shape (DESIGN §4). */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const ERROR_CODES = {
  validation: 'validation_failed',
  unauthorized: 'unauthorized',
  invalidCredentials: 'invalid_credentials',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'payload_too_large',
  unsupportedMedia: 'unsupported_media_type',
  tooMany: 'too_many_requests',
  internal: 'internal_error',
} as const;

/** Persian sentences for people; one place so client and server say the same thing. */
export const ERROR_MESSAGES = {
  validation: 'اطلاعات واردشده کامل یا درست نیست.',
  unauthorized: 'برای ادامه باید وارد حساب کاربری شوید.',
  invalidCredentials: 'نام کاربری یا رمز عبور درست نیست.',
  forbidden: 'شما اجازهٔ دسترسی به این بخش را ندارید.',
  notFound: 'موردی که خواستید پیدا نشد.',
  tooLarge: 'حجم اطلاعات ارسالی بیش از حد مجاز است.',
  unsupportedMedia: 'نوع فایل پشتیبانی نمی‌شود.',
  tooMany: 'تعداد درخواست‌ها بیش از حد مجاز است. چند دقیقهٔ دیگر دوباره تلاش کنید.',
  network: 'ارتباط با سرور برقرار نشد. اتصال اینترنت را بررسی کنید.',
  unexpected: 'خطای پیش‌بینی‌نشده‌ای رخ داد. دوباره تلاش کنید.',
} as const;

/** The only body a 5xx ever carries (DESIGN §3). */
export const INTERNAL_ERROR_BODY = { code: ERROR_CODES.internal, message: 'Internal Server Error' } as const;
