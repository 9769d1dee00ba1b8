/** The Persian messages of the payments module and the reasons stored on failed payments. */
export const MSG = {
  noStudent: 'پروندهٔ دانش‌آموزی برای این حساب پیدا نشد.',
  invoiceNotFound: 'صورت‌حساب پیدا نشد.',
  studentNotFound: 'دانش‌آموز پیدا نشد.',
  paymentNotFound: 'پرداخت پیدا نشد.',
  cancelled: 'این صورت‌حساب باطل شده است.',
  nothingToPay: 'مبلغی برای پرداخت باقی نمانده است.',
  waitingReceipts: 'رسیدهای در انتظار بررسی، باقیماندهٔ این صورت‌حساب را پوشش می‌دهند.',
  oneWaitingReceipt:
    'یک رسید این صورت‌حساب هنوز در انتظار بررسی است. پس از بررسی آن (تأیید یا رد) می‌توانید رسید تازه‌ای بفرستید.',
  receiptTooSmall: (min: string) =>
    `مبلغ هر رسید دست‌کم ${min} ریال است (یا همهٔ باقیماندهٔ صورت‌حساب، اگر کمتر از این است).`,
  tooManyReceipts: (n: string) => `در هر ساعت حداکثر ${n} رسید می‌توانید بفرستید. کمی بعد دوباره تلاش کنید.`,
  overRemaining: (max: string) => `مبلغ نمی‌تواند بیشتر از باقیماندهٔ صورت‌حساب (${max} ریال) باشد.`,
  overpay: 'با تأیید این پرداخت، مبلغ پرداختی از مبلغ صورت‌حساب بیشتر می‌شود.',
  notPending: 'این رسید پیش‌تر بررسی شده است.',
  notReceipt: 'فقط رسیدهای کارت به کارت را می‌توان تأیید یا رد کرد.',
  hasPayments: 'صورت‌حسابی که پرداختی دارد را نمی‌توان ویرایش کرد.',
  hasSucceeded: 'صورت‌حسابی که پرداخت موفق دارد را نمی‌توان باطل کرد.',
  noGateway: 'پرداخت آنلاین در حال حاضر در دسترس نیست.',
  gatewayDown: 'درگاه پرداخت پاسخ نداد. چند دقیقهٔ دیگر دوباره تلاش کنید.',
  gatewayRefused: 'درگاه پرداخت درخواست را نپذیرفت. دوباره تلاش کنید.',
  emptyGroup: 'این کلاس دانش‌آموز فعالی ندارد.',
  groupNotFound: 'کلاس پیدا نشد.',
  someNotFound: 'برخی از صورت‌حساب‌های انتخاب‌شده پیدا نشدند.',
  noCard: 'شمارهٔ کارت مدرسه هنوز ثبت نشده است.',
  duplicateInvoice: 'این دانش‌آموز صورت‌حساب باطل‌نشده‌ای با همین عنوان و سررسید دارد.',
  duplicateReceipt:
    'رسید این واریز (همین شمارهٔ پیگیری، همین کارت و همین روز) پیش‌تر ثبت شده است و دوباره پذیرفته نمی‌شود.',
  verifying: 'یک پرداخت آنلاین این صورت‌حساب همین حالا در درگاه در حال تأیید است؛ چند لحظهٔ دیگر دوباره تلاش کنید.',
} as const;

/** Reasons stored on failed payments and shown to the payer. */
export const FAILURE = {
  cancelledByPayer: 'پرداخت در درگاه لغو شد یا ناموفق بود.',
  notVerified: 'درگاه پرداخت، پرداخت را تأیید نکرد.',
  amountMismatch: 'مبلغ تأییدشده با مبلغ پرداخت یکسان نبود.',
  invoiceSettled: 'صورت‌حساب پیش از تأیید این پرداخت تسویه یا باطل شده بود؛ مبلغ از سوی درگاه بازگردانده می‌شود.',
  gatewayRefused: 'درگاه پرداخت درخواست را نپذیرفت.',
  gatewayDown: 'درگاه پرداخت پاسخ نداد.',
  abandoned: 'پرداخت در درگاه آزمایشی نیمه‌کاره رها شد.',
  expired: 'پرداخت در مهلت مقرر در درگاه انجام نشد.',
  invoiceCancelled: 'صورت‌حساب باطل شد.',
} as const;

/** A sum of Rials as the messages write it (1,000,000). */
export const rialText = (n: number) => n.toLocaleString('en-US');
