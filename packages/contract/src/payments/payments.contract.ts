import { z } from 'zod';
import { isValidCardNumber, isValidSheba, shebaOf } from '../bank-checks';
import { endpoint } from '../endpoint';
import { idParamSchema, idParams, idSchema } from '../ids';
import { isoDateSchema, isoDateTimeSchema } from '../jalali';
import { listQuerySchema, pageOf } from '../pagination';
import { STAFF, STUDENT } from '../roles';
import { digitsToLatin, digitsToPersian, multilineText, optionalText, text } from '../text';

export const PAYMENT_METHODS = ['gateway', 'card_to_card', 'manual'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'rejected'] as const;
export const INVOICE_STATUSES = ['unpaid', 'partial', 'paid', 'overdue', 'cancelled'] as const;
export const MONEY_UNITS = ['toman', 'rial'] as const;
/** The largest amount one invoice may carry: 100 billion Rials. */
export const MAX_AMOUNT = 100_000_000_000;
/**
 * Card-to-card receipts (abuse of the approval queue): the smallest amount one receipt may carry
 * (100,000 Rials = 10,000 Toman) unless less than that is left to pay, at most one receipt waiting
 * per invoice, and at most `perHour` receipts sent by one student in an hour.
 */
export const RECEIPT_LIMITS = { minAmount: 100_000, perHour: 5 } as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export type MoneyUnit = (typeof MONEY_UNITS)[number];

export const INVOICE_STATUS_LABELS = {
  unpaid: 'پرداخت‌نشده',
  partial: 'پرداخت ناقص',
  paid: 'پرداخت‌شده',
  overdue: 'سررسید گذشته',
  cancelled: 'باطل‌شده',
} as const satisfies Record<InvoiceStatus, string>;

export const PAYMENT_STATUS_LABELS = {
  pending: 'در انتظار بررسی',
  succeeded: 'موفق',
  failed: 'ناموفق',
  rejected: 'ردشده',
} as const satisfies Record<PaymentStatus, string>;

export const PAYMENT_METHOD_LABELS = {
  gateway: 'پرداخت آنلاین',
  card_to_card: 'کارت به کارت',
  manual: 'نقدی / کارتخوان',
} as const satisfies Record<PaymentMethod, string>;

/** The longest date range one export of invoices and payments may cover, in days. */
export const EXPORT_MAX_DAYS = 366;

/** What is wrong with an export range of ISO dates, in Persian; null when it is fine. */
export function exportRangeProblem(from: string, to: string): string | null {
  if (from > to) return 'تاریخ پایان بازه نباید پیش از تاریخ شروع آن باشد.';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days > EXPORT_MAX_DAYS) return `بازهٔ خروجی حداکثر ${digitsToPersian(EXPORT_MAX_DAYS)} روز است.`;
  return null;
}

/** Whole Rials, accepting Persian digits and separators from a form. */
export const rialsSchema = z.preprocess(
  (v) => (typeof v === 'string' ? Number(digitsToLatin(v).replace(/[,٬\s]/g, '')) : v),
  z
    .number({ error: 'مبلغ را وارد کنید.' })
    .int({ error: 'مبلغ باید عدد صحیح باشد.' })
    .min(1, { error: 'مبلغ باید بیشتر از صفر باشد.' })
    .max(MAX_AMOUNT, { error: 'مبلغ بیش از حد مجاز است.' }),
);

const requiredLine = (max: number, required: string, multiline = false) =>
  (multiline ? multilineText({ error: required }) : text({ error: required }))
    .trim()
    .min(1, { error: required })
    .max(max, { error: `حداکثر ${max} نویسه مجاز است.` });

/** A text that may be left out; an empty one counts as left out. */
const leftOutText = (max: number, multiline = false) =>
  optionalText(max, `حداکثر ${max} نویسه مجاز است.`, multiline)
    .optional()
    .transform((v) => (v ? v : undefined));

export const paymentSchema = z.object({
  id: z.number().int(),
  invoiceId: z.number().int(),
  method: z.enum(PAYMENT_METHODS),
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  gateway: z.string().nullable(),
  referenceId: z.string().nullable(),
  cardMasked: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  transferredAt: z.string().nullable(),
  /**
   * The receipt photo (1600 px) and its 400 px thumbnail: signed addresses that expire within about
   * an hour, given only to the student who sent it and to staff.
   */
  receiptUrl: z.string().nullable(),
  receiptThumbUrl: z.string().nullable(),
  note: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  failureReason: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentSchema>;

export const invoiceSchema = z.object({
  id: z.number().int(),
  studentId: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  amount: z.number().int(),
  paid: z.number().int(),
  remaining: z.number().int(),
  /** Card-to-card receipts waiting for a decision. */
  pendingAmount: z.number().int(),
  /** What may be paid now, online or by a new receipt: the remaining less the receipts waiting. */
  payable: z.number().int(),
  dueDate: z.string(),
  status: z.enum(INVOICE_STATUSES),
  createdAt: z.string(),
  cancelledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  payments: z.array(paymentSchema),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const totalsSchema = z.object({
  billed: z.number().int(),
  paid: z.number().int(),
  remaining: z.number().int(),
});

export const gatewayInfoSchema = z.object({
  name: z.string(),
  label: z.string(),
  test: z.boolean(),
});

export const invoiceFormSchema = z.object({
  title: requiredLine(150, 'عنوان را وارد کنید.'),
  description: leftOutText(1000, true),
  amount: rialsSchema,
  dueDate: isoDateSchema,
});
export type InvoiceForm = z.input<typeof invoiceFormSchema>;

export const paymentSettingsSchema = z.object({
  moneyUnit: z.enum(MONEY_UNITS),
  cardNumber: z.string().nullable(),
  cardHolder: z.string().nullable(),
  bankName: z.string().nullable(),
  sheba: z.string().nullable(),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const paymentSettingsFormSchema = z.object({
  moneyUnit: z.enum(MONEY_UNITS),
  cardNumber: text()
    .transform((v) => digitsToLatin(v).replace(/[\s-]/g, ''))
    .refine((v) => v === '' || /^\d{16}$/.test(v), { error: 'شمارهٔ کارت باید ۱۶ رقم باشد.' })
    .refine((v) => v === '' || isValidCardNumber(v), {
      error: 'این شمارهٔ کارت درست نیست؛ رقم‌ها را دوباره از روی کارت بخوانید.',
      abort: true,
    })
    .transform((v) => v || null),
  cardHolder: leftOutText(100).transform((v) => v ?? null),
  bankName: leftOutText(60).transform((v) => v ?? null),
  sheba: text()
    .default('')
    .transform(shebaOf)
    .refine((v) => v === '' || isValidSheba(v), {
      error: 'شمارهٔ شبا درست نیست: IR و ۲۴ رقم، همان‌طور که بانک داده است.',
    })
    .transform((v) => v || null),
});

export const cardToCardBodySchema = z.object({
  invoiceId: idParamSchema,
  amount: rialsSchema,
  cardLast4: text({ error: 'چهار رقم آخر کارت را وارد کنید.' })
    .transform((v) => digitsToLatin(v).trim())
    .refine((v) => /^\d{4}$/.test(v), { error: 'چهار رقم آخر کارت را وارد کنید.' }),
  trackingNumber: text({ error: 'شمارهٔ پیگیری را وارد کنید.' })
    .transform((v) => digitsToLatin(v).trim())
    .refine((v) => /^[0-9A-Za-z-]{4,40}$/.test(v), { error: 'شمارهٔ پیگیری معتبر نیست.' }),
  transferredAt: isoDateTimeSchema('زمان واریز را وارد کنید.'),
});
export type CardToCardBody = z.input<typeof cardToCardBodySchema>;

export const cardToCardViewSchema = z.object({
  card: z.object({ number: z.string(), holder: z.string().nullable(), bank: z.string().nullable() }).nullable(),
  moneyUnit: z.enum(MONEY_UNITS),
  invoices: z.array(
    z.object({ id: z.number().int(), title: z.string(), remaining: z.number().int(), dueDate: z.string() }),
  ),
  submissions: z.array(paymentSchema.extend({ invoiceTitle: z.string() })),
});

export const studentInvoicesSchema = z.object({
  invoices: z.array(invoiceSchema),
  totals: totalsSchema,
  moneyUnit: z.enum(MONEY_UNITS),
  gateways: z.array(gatewayInfoSchema),
});

export const paymentResultSchema = paymentSchema.extend({
  invoiceTitle: z.string(),
  invoiceRemaining: z.number().int(),
  moneyUnit: z.enum(MONEY_UNITS),
});

export const pendingReceiptSchema = paymentSchema.extend({
  invoiceTitle: z.string(),
  invoiceAmount: z.number().int(),
  invoiceRemaining: z.number().int(),
  studentId: z.number().int(),
  studentName: z.string(),
  groupName: z.string().nullable(),
});

export const bulkInvoiceBodySchema = z.object({
  groupId: idSchema,
  installments: z.array(invoiceFormSchema).min(1, { error: 'دست‌کم یک قسط لازم است.' }).max(24),
});

export const bulkUpdateBodySchema = z
  .object({
    ids: z.array(idSchema).min(1, { error: 'هیچ صورت‌حسابی انتخاب نشده است.' }).max(1000),
    dueDate: isoDateSchema.optional(),
    cancelReason: leftOutText(300, true),
  })
  .refine((v) => (v.dueDate ? 1 : 0) + (v.cancelReason ? 1 : 0) === 1, {
    error: 'یا سررسید تازه را بدهید یا دلیل ابطال را.',
  });

export const invoiceRowSchema = invoiceSchema.omit({ payments: true }).extend({
  studentName: z.string(),
  groupName: z.string().nullable(),
});

export const invoiceListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
  groupId: idParamSchema.optional(),
  status: z.enum(INVOICE_STATUSES).optional(),
  q: text().trim().max(100).optional(),
});

export const paymentsContract = {
  studentInvoices: endpoint({
    method: 'GET',
    path: 'student/invoices',
    access: STUDENT,
    summary: "The calling student's invoices with their payments and totals",
    response: studentInvoicesSchema,
    noStore: true,
  }),
  directPay: endpoint({
    method: 'POST',
    path: 'student/payment/direct-pay',
    access: STUDENT,
    idempotent: true,
    summary: "Starts an online payment of an invoice's remaining amount; answers the gateway address",
    body: z.object({ invoiceId: idSchema, gateway: text().max(30).optional() }),
    response: z.object({ paymentId: z.number().int(), redirectUrl: z.string() }),
  }),
  paymentResult: endpoint({
    method: 'GET',
    path: 'student/payment/:id',
    access: STUDENT,
    summary: "One of the calling student's payments, for the result page",
    params: idParams,
    response: paymentResultSchema,
    noStore: true,
  }),
  cardToCardView: endpoint({
    method: 'GET',
    path: 'student/payment/card-to-card',
    access: STUDENT,
    summary: "The school's card, the student's payable invoices and their card-to-card submissions",
    response: cardToCardViewSchema,
    noStore: true,
  }),
  cardToCard: endpoint({
    method: 'POST',
    path: 'student/payment/card-to-card',
    access: STUDENT,
    idempotent: true,
    summary: 'Submits a card-to-card receipt with its photo (multipart, field file); it waits for approval',
    body: cardToCardBodySchema,
    bodyKind: 'multipart',
    response: paymentSchema,
  }),
  gatewayCallback: endpoint({
    method: 'GET',
    path: 'general/payment/callback/:gateway',
    access: 'public',
    summary: 'Where a gateway returns the payer: verifies the payment and redirects to the result page',
    params: z.object({ gateway: text().max(30) }),
    query: z.object({ Authority: text().max(100).optional(), Status: text().max(10).optional() }),
    file: true,
  }),
  sandboxInfo: endpoint({
    method: 'GET',
    path: 'general/payment/sandbox/:authority',
    access: 'public',
    summary: 'The built-in test gateway: what is being paid (404 when the test gateway is off)',
    params: z.object({ authority: text().max(100) }),
    response: z.object({ amount: z.number().int(), description: z.string(), callbackUrl: z.string() }),
    noStore: true,
  }),
  studentInvoice: endpoint({
    method: 'GET',
    path: 'panel/student/invoice/:id',
    access: STAFF,
    summary: "A student's invoices with payments and totals ({id} is the student)",
    params: idParams,
    response: z.object({
      student: z.object({ id: z.number().int(), fullName: z.string(), groupName: z.string().nullable() }),
      invoices: z.array(invoiceSchema),
      totals: totalsSchema,
      moneyUnit: z.enum(MONEY_UNITS),
    }),
    noStore: true,
  }),
  createInvoice: endpoint({
    method: 'POST',
    path: 'panel/student/invoice/:id',
    access: STAFF,
    idempotent: true,
    summary: 'Creates an invoice for a student ({id} is the student)',
    params: idParams,
    body: invoiceFormSchema,
    response: invoiceSchema,
  }),
  listInvoices: endpoint({
    method: 'GET',
    path: 'panel/invoices',
    access: STAFF,
    summary: 'Invoices of all students, filtered by class and status',
    query: invoiceListQuerySchema,
    response: pageOf(invoiceRowSchema),
    noStore: true,
  }),
  updateInvoice: endpoint({
    method: 'PUT',
    path: 'panel/invoices/:id',
    access: STAFF,
    idempotent: true,
    summary: 'Edits an invoice while nothing has been paid on it',
    params: idParams,
    body: invoiceFormSchema,
    response: invoiceSchema,
  }),
  cancelInvoice: endpoint({
    method: 'POST',
    path: 'panel/invoices/:id/cancel',
    access: STAFF,
    idempotent: true,
    summary: 'Cancels an invoice that has no successful payment',
    params: idParams,
    body: z.object({ reason: requiredLine(300, 'دلیل ابطال را بنویسید.', true) }),
    response: invoiceSchema,
  }),
  manualPayment: endpoint({
    method: 'POST',
    path: 'panel/invoices/:id/payments',
    access: STAFF,
    idempotent: true,
    summary: 'Records a cash or POS payment on an invoice',
    params: idParams,
    body: z.object({ amount: rialsSchema, note: leftOutText(300, true) }),
    response: paymentSchema,
  }),
  bulkCreate: endpoint({
    method: 'POST',
    path: 'panel/invoices/bulk',
    access: STAFF,
    idempotent: true,
    summary:
      'Creates the same invoice, or a set of installments, for every active student of a class; a student who already has a live invoice of that title and due date is skipped',
    body: bulkInvoiceBodySchema,
    /** `skipped`: invoices not made because the student already has a live one of that title and due date. */
    response: z.object({ created: z.number().int(), students: z.number().int(), skipped: z.number().int() }),
  }),
  bulkUpdate: endpoint({
    method: 'PATCH',
    path: 'panel/invoices',
    access: STAFF,
    idempotent: true,
    summary: 'Moves the due date of, or cancels, many invoices at once',
    body: bulkUpdateBodySchema,
    response: z.object({ updated: z.number().int() }),
  }),
  exportInvoices: endpoint({
    method: 'GET',
    path: 'panel/invoices/export',
    access: STAFF,
    summary:
      'XLSX of the invoices due in a date range and the payments sent or decided in it (at most 366 days; Jalali dates, amounts in Rials)',
    query: z.object({ from: isoDateSchema, to: isoDateSchema }),
    file: true,
    noStore: true,
  }),
  groups: endpoint({
    method: 'GET',
    path: 'panel/invoices/groups',
    access: STAFF,
    summary: 'Classes with their number of active students, for bulk invoicing',
    response: z.array(
      z.object({ id: z.number().int(), name: z.string(), academicYear: z.number().int(), students: z.number().int() }),
    ),
  }),
  pendingReceipts: endpoint({
    method: 'GET',
    path: 'panel/payments/pending',
    access: STAFF,
    summary: 'Card-to-card receipts waiting for a decision, oldest first, a page at a time',
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(pendingReceiptSchema).extend({ moneyUnit: z.enum(MONEY_UNITS) }),
    noStore: true,
  }),
  approve: endpoint({
    method: 'POST',
    path: 'panel/payments/:id/approve',
    access: STAFF,
    idempotent: true,
    summary: 'Approves a card-to-card receipt',
    params: idParams,
    response: paymentSchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: 'panel/payments/:id/reject',
    access: STAFF,
    idempotent: true,
    summary: 'Rejects a card-to-card receipt with a reason the student sees',
    params: idParams,
    body: z.object({ reason: requiredLine(300, 'دلیل رد را بنویسید.', true) }),
    response: paymentSchema,
  }),
  getSettings: endpoint({
    method: 'GET',
    path: 'panel/payment-settings',
    access: STAFF,
    summary: 'Money unit and the destination card for card-to-card payments',
    response: paymentSettingsSchema,
  }),
  putSettings: endpoint({
    method: 'PUT',
    path: 'panel/payment-settings',
    access: STAFF,
    idempotent: true,
    summary: 'Updates the money unit and the destination card',
    body: paymentSettingsFormSchema,
    response: paymentSettingsSchema,
  }),
} as const;
