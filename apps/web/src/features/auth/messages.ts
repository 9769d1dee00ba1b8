import { ROLE_LABELS } from '@madreseh/contract/roles';

/** Words of the slowed sign-ins page (decision 0010). */
export const signInFa = {
  title: 'ورودهای کندشده',
  description:
    'پس از پنج رمز نادرست پی‌درپی، ورود به یک حساب از دستگاه‌های تازه کمی کند می‌شود (هر بار دو برابر، حداکثر پنج دقیقه) و هرگز بسته نمی‌شود. دستگاهی که پیش‌تر با همان حساب وارد شده، کند نمی‌شود.',
  empty: 'اکنون ورود هیچ حسابی کند نشده است.',
  columns: {
    name: 'نام',
    username: 'نام کاربری',
    role: 'نقش',
    failures: 'رمزهای نادرست',
    lastFailure: 'آخرین تلاش نادرست',
    wait: 'انتظار',
    actions: 'کار',
  },
  roles: ROLE_LABELS,
  clear: 'پاک کردن',
  clearLabel: (name: string) => `پاک کردن شمارش ورودهای نادرست ${name}`,
  cleared: (name: string) => `شمارش ورودهای نادرست ${name} پاک شد.`,
  canTryNow: 'می‌تواند اکنون تلاش کند',
  waitSeconds: (s: string) => `${s} ثانیه`,
  waitMinutes: (m: string) => `${m} دقیقه`,
  refresh: 'تازه کردن',
} as const;

/** Words of the prompt shown while the demo password is still in use. */
export const demoPasswordFa = {
  warning: 'این رمز نمایشی است و همه آن را می‌دانند؛ پیش از هر کار رمز تازه‌ای بگذارید.',
  repeatMismatch: 'تکرار رمز با رمز تازه یکی نیست.',
  changed: 'رمز تازه گذاشته شد. نشست‌های دیگر شما بسته شدند.',
  title: 'رمز نمایشی',
  setNew: 'گذاشتن رمز تازه',
  later: 'بعداً',
  submit: 'گذاشتن رمز',
} as const;

/** Words of the sign-in page's one-time code (parents). */
export const authFa = {
  withPassword: 'با رمز عبور',
  withCode: 'ولی: با کد پیامکی',
  otpMobile: 'شمارهٔ همراه ولی',
  otpSend: 'فرستادن کد ورود',
  otpSent: (mobile: string) =>
    `اگر این شماره (${mobile}) شمارهٔ ولی ثبت‌شده‌ای باشد، کد شش‌رقمی ورود تا دو دقیقه معتبر است.`,
  otpCode: 'کد شش‌رقمی ورود',
  otpVerify: 'ورود',
  otpAgain: 'شمارهٔ دیگر یا کد تازه',
} as const;
