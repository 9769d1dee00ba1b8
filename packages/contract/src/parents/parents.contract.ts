import { z } from 'zod';
import { monthQuerySchema, myMonthSchema } from '../attendance/attendance.contract';
import { endpoint } from '../endpoint';
import { idParamSchema, idParams } from '../ids';
import { mobileSchema, nationalCodeSchema } from '../iran';
import { newsCardSchema, newsDetailSchema } from '../news/news.contract';
import { listQuerySchema, pageOf } from '../pagination';
import {
  cardToCardBodySchema,
  cardToCardViewSchema,
  MONEY_UNITS,
  PAYMENT_STATUSES,
  paymentResultSchema,
  paymentSchema,
  studentInvoicesSchema,
} from '../payments/payment-schemas';
import { publishedCardQuerySchema, publishedCardSchema } from '../report-cards/report-cards.contract';
import { PARENT, STAFF } from '../roles';
import { text, tidyPersian } from '../text';

export const PARENT_RELATIONS = ['father', 'mother', 'guardian'] as const;
export type ParentRelation = (typeof PARENT_RELATIONS)[number];
export const PARENT_RELATION_LABELS: Record<ParentRelation, string> = {
  father: 'پدر',
  mother: 'مادر',
  guardian: 'سرپرست',
};

/** Column headers of the student import that create or link parents. */
export const PARENT_SHEET_HEADERS = { fatherMobile: 'همراه پدر', motherMobile: 'همراه مادر' } as const;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A child as their parent sees them in the switcher. */
export const childSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  groupName: z.string().nullable(),
  relation: z.enum(PARENT_RELATIONS),
  photoUrl: z.string().nullable(),
});
export type Child = z.infer<typeof childSchema>;

/** A parent linked to a student, as staff see it on the student drawer. */
export const linkedParentSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  mobile: z.string(),
  nationalCode: z.string().nullable(),
  relation: z.enum(PARENT_RELATIONS),
  /** False until a password is issued (login slip). */
  hasPassword: z.boolean(),
  /** How many students this parent is linked to. */
  children: z.number().int(),
});
export type LinkedParent = z.infer<typeof linkedParentSchema>;

/** Staff link a parent to a student: an existing parent by mobile, or a new one. */
export const parentLinkBodySchema = z.object({
  mobile: mobileSchema,
  fullName: text({ error: 'نام ولی را وارد کنید.' })
    .transform((v) => tidyPersian(v))
    .refine((v) => v.length > 0, { error: 'نام ولی را وارد کنید.' })
    .refine((v) => v.length <= 100, { error: 'نام ولی بیش از حد طولانی است.' }),
  nationalCode: z.preprocess(blankToNull, nationalCodeSchema.nullable().default(null)),
  relation: z.enum(PARENT_RELATIONS, { error: 'نسبت را انتخاب کنید.' }),
});
export type ParentLinkBody = z.input<typeof parentLinkBodySchema>;

/** What staff get once, when a parent's password is set: to print on the login slip. */
export const parentCredentialsSchema = z.object({
  parentId: z.number().int(),
  fullName: z.string(),
  /** The children's names, for the slip. */
  children: z.array(z.string()),
  username: z.string(),
  password: z.string(),
});
export type ParentCredentials = z.infer<typeof parentCredentialsSchema>;

/** A parent's one online payment of several invoices (of one or more children). */
export const batchPayBodySchema = z.object({
  invoiceIds: z
    .array(idParamSchema, { error: 'صورت‌حساب‌ها را انتخاب کنید.' })
    .min(1, { error: 'دست‌کم یک صورت‌حساب را برای پرداخت انتخاب کنید.' })
    .max(50, { error: 'در یک پرداخت حداکثر ۵۰ صورت‌حساب را می‌توان پرداخت.' }),
  gateway: text().max(30).optional(),
});
export type BatchPayBody = z.input<typeof batchPayBodySchema>;

/** A batch as its payer sees it on the result page: every invoice it covers. */
export const batchResultSchema = z.object({
  id: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  referenceId: z.string().nullable(),
  failureReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  items: z.array(
    z.object({
      paymentId: z.number().int(),
      invoiceId: z.number().int(),
      childId: z.number().int(),
      childName: z.string(),
      title: z.string(),
      amount: z.number().int(),
    }),
  ),
  moneyUnit: z.enum(MONEY_UNITS),
});
export type BatchResult = z.infer<typeof batchResultSchema>;

export const childParams = z.object({ childId: idParamSchema });
export const childItemParams = z.object({ childId: idParamSchema, id: idParamSchema });

export const parentsContract = {
  children: endpoint({
    method: 'GET',
    path: 'parent/children',
    access: PARENT,
    summary: "The caller's linked children: id, name, class and relation",
    response: z.object({ items: z.array(childSchema) }),
    noStore: true,
  }),
  news: endpoint({
    method: 'GET',
    path: 'parent/children/:childId/news',
    access: PARENT,
    summary: 'News a linked child may read, pinned first, newest first',
    params: childParams,
    query: listQuerySchema.pick({ page: true, pageSize: true }),
    response: pageOf(newsCardSchema),
  }),
  newsItem: endpoint({
    method: 'GET',
    path: 'parent/children/:childId/news/:id',
    access: PARENT,
    summary: 'One news item a linked child may read',
    params: childItemParams,
    response: newsDetailSchema,
  }),
  reportCard: endpoint({
    method: 'GET',
    path: 'parent/children/:childId/report-card',
    access: PARENT,
    summary: "A linked child's latest published report card, or the one of the term asked for",
    params: childParams,
    query: publishedCardQuerySchema,
    response: publishedCardSchema,
  }),
  attendance: endpoint({
    method: 'GET',
    path: 'parent/children/:childId/attendance',
    access: PARENT,
    summary: "A linked child's attendance of one Jalali month (this month unless asked)",
    params: childParams,
    query: monthQuerySchema.partial(),
    response: myMonthSchema,
    noStore: true,
  }),
  invoices: endpoint({
    method: 'GET',
    path: 'parent/children/:childId/invoices',
    access: PARENT,
    summary: "A linked child's invoices with their payments and totals",
    params: childParams,
    response: studentInvoicesSchema,
    noStore: true,
  }),
  directPay: endpoint({
    method: 'POST',
    path: 'parent/children/:childId/payment/direct-pay',
    access: PARENT,
    idempotent: true,
    summary: "Starts an online payment of a linked child's invoice; the payer is the parent",
    params: childParams,
    body: z.object({ invoiceId: idParamSchema, gateway: text().max(30).optional() }),
    response: z.object({ paymentId: z.number().int(), redirectUrl: z.string() }),
  }),
  paymentResult: endpoint({
    method: 'GET',
    path: 'parent/children/:childId/payment/:id',
    access: PARENT,
    summary: "One payment of a linked child's invoices, for the result page and the receipt",
    params: childItemParams,
    response: paymentResultSchema,
    noStore: true,
  }),
  cardToCardView: endpoint({
    method: 'GET',
    path: 'parent/children/:childId/payment/card-to-card',
    access: PARENT,
    summary: "The school's card, a linked child's payable invoices and their card-to-card submissions",
    params: childParams,
    response: cardToCardViewSchema,
    noStore: true,
  }),
  cardToCard: endpoint({
    method: 'POST',
    path: 'parent/children/:childId/payment/card-to-card',
    access: PARENT,
    idempotent: true,
    summary: "Submits a card-to-card receipt for a linked child's invoice (multipart, field file)",
    params: childParams,
    body: cardToCardBodySchema,
    bodyKind: 'multipart',
    response: paymentSchema,
  }),
  batchPay: endpoint({
    method: 'POST',
    path: 'parent/payment/online',
    access: PARENT,
    idempotent: true,
    summary:
      "Starts one online payment for several open invoices of the caller's children; each share is the invoice's payable remainder",
    body: batchPayBodySchema,
    response: z.object({ batchId: z.number().int(), amount: z.number().int(), redirectUrl: z.string() }),
  }),
  batchResult: endpoint({
    method: 'GET',
    path: 'parent/payment/batch/:id',
    access: PARENT,
    summary: "One of the caller's payments of several invoices, with every invoice it covers",
    params: idParams,
    response: batchResultSchema,
    noStore: true,
  }),
  // ----- staff -----
  ofStudent: endpoint({
    method: 'GET',
    path: 'panel/student/:id/parents',
    access: STAFF,
    summary: "A student's linked parents",
    params: idParams,
    response: z.object({ items: z.array(linkedParentSchema) }),
    noStore: true,
  }),
  link: endpoint({
    method: 'POST',
    path: 'panel/student/:id/parents',
    access: STAFF,
    summary: 'Links a parent to a student: the parent of that mobile, or a new parent account',
    params: idParams,
    body: parentLinkBodySchema,
    response: z.object({ parent: linkedParentSchema, created: z.boolean() }),
  }),
  unlink: endpoint({
    method: 'DELETE',
    path: 'panel/student/:id/parents/:parentId',
    access: STAFF,
    summary: 'Unlinks a parent from a student (the parent account stays)',
    params: z.object({ id: idParamSchema, parentId: idParamSchema }),
    response: z.object({ ok: z.literal(true) }),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'panel/parent/:id/reset-password',
    access: STAFF,
    summary: 'Sets a new random password for a parent (answered once, for the login slip) and ends their sessions',
    params: idParams,
    response: parentCredentialsSchema,
    noStore: true,
  }),
} as const;
