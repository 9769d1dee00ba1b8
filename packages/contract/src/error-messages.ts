/** Error codes and the Persian messages for people, without zod (docs/decisions/0014). */

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
  idempotencyKeyReused: 'idempotency_key_reused',
  storageFull: 'storage_full',
  unavailable: 'service_unavailable',
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
  idempotencyKeyInvalid: 'سرایند Idempotency-Key باید ۸ تا ۲۰۰ نویسهٔ لاتین بدون فاصله باشد.',
  idempotencyKeyReused: 'این کلید تکرار برای درخواست دیگری به کار رفته است؛ برای هر کار کلید تازه‌ای بفرستید.',
  idempotencyInProgress: 'همین درخواست هنوز در حال انجام است؛ چند لحظهٔ دیگر نتیجه را ببینید.',
  idempotencyRetry: 'درخواست پیشین با همین کلید انجام نشد؛ دوباره تلاش کنید.',
  storageFull: 'فضای ذخیره‌سازی سرور پر شده است و چیزی ذخیره نشد. لطفاً به مسئول فنی مدرسه خبر دهید.',
  unavailable: 'سرور موقتاً در دسترس نیست و چیزی انجام نشد. چند لحظهٔ دیگر دوباره تلاش کنید.',
  unexpected: 'خطای پیش‌بینی‌نشده‌ای رخ داد. دوباره تلاش کنید.',
} as const;

/**
 * An error answer of the API as both sides hold it: its HTTP status, its stable code, its Persian
 * message and, for a form, a message per field. The server throws it (AppError), the client reads it
 * (ApiError).
 */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}
