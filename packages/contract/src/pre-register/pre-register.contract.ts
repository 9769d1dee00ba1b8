import { z } from 'zod';
import { endpoint } from '../endpoint';
import { GENDERS } from '../genders';
import { idParams } from '../ids';
import { mobileSchema, nationalCodeSchema } from '../iran';
import { isoDateSchema } from '../jalali';
import { listQuerySchema, pageOf } from '../pagination';
import { decimalInput } from '../persian';
import { STAFF } from '../roles';
import { digitsToLatin, multilineText, optionalText, text } from '../text';

export const PRE_REGISTER_STATUSES = ['new', 'reviewing', 'accepted', 'rejected', 'waitlisted'] as const;
export type PreRegisterStatus = (typeof PRE_REGISTER_STATUSES)[number];
export const PRE_REGISTER_STATUS_LABELS: Record<PreRegisterStatus, string> = {
  new: 'جدید',
  reviewing: 'در حال بررسی',
  accepted: 'پذیرفته‌شده',
  rejected: 'ردشده',
  waitlisted: 'در فهرست انتظار',
};
/** Where a request may go from each status: new → reviewing → accepted | rejected | waitlisted. */
export const PRE_REGISTER_NEXT: Record<PreRegisterStatus, readonly PreRegisterStatus[]> = {
  new: ['reviewing'],
  reviewing: ['accepted', 'rejected', 'waitlisted'],
  accepted: ['reviewing'],
  rejected: ['reviewing'],
  waitlisted: ['reviewing', 'accepted', 'rejected'],
};
const gradeSchema = z
  .number({ error: 'پایه را انتخاب کنید.' })
  .int()
  .min(1, { error: 'پایه معتبر نیست.' })
  .max(12, { error: 'پایه معتبر نیست.' });

const name = (label: string, required = true) => {
  const base = text({ error: `${label} را وارد کنید.` })
    .trim()
    .max(100, { error: `${label} حداکثر ۱۰۰ نویسه است.` });
  return required ? base.min(2, { error: `${label} را وارد کنید.` }) : base;
};
/** A text that may be left empty (stored as ''). */
const blankText = (max: number, label: string, multiline = false) =>
  optionalText(max, `${label} حداکثر ${max} نویسه است.`, multiline).default('');
const optionalMobile = text()
  .trim()
  .default('')
  .pipe(z.union([z.literal(''), mobileSchema]));

export const preRegisterBodySchema = z
  .object({
    firstName: name('نام'),
    lastName: name('نام خانوادگی'),
    nationalCode: nationalCodeSchema,
    birthDate: text({ error: 'تاریخ تولد را وارد کنید.' })
      .min(1, { error: 'تاریخ تولد را وارد کنید.' })
      .pipe(isoDateSchema),
    gender: z.enum(GENDERS, { error: 'جنسیت را انتخاب کنید.' }),
    grade: gradeSchema,
    previousSchool: blankText(150, 'نام مدرسهٔ قبلی'),
    // «۱۸٫۷۵», «18/75», «۱۸/۷۵» and «18.75» are the same average.
    lastAverage: z.preprocess(
      decimalInput,
      z
        .number({ error: 'معدل باید عدد باشد.' })
        .min(0, { error: 'معدل باید بین ۰ و ۲۰ باشد.' })
        .max(20, { error: 'معدل باید بین ۰ و ۲۰ باشد.' })
        .nullable()
        .default(null),
    ),
    fatherName: name('نام پدر'),
    fatherMobile: mobileSchema,
    fatherJob: blankText(100, 'شغل پدر'),
    motherName: name('نام مادر'),
    motherMobile: optionalMobile,
    motherJob: blankText(100, 'شغل مادر'),
    phone: text()
      .default('')
      .transform((v) => digitsToLatin(v).replace(/[\s-]/g, ''))
      .refine((v) => v === '' || /^0\d{9,10}$/.test(v), { error: 'شمارهٔ تلفن ثابت معتبر نیست.' }),
    address: multilineText({ error: 'نشانی را وارد کنید.' })
      .trim()
      .min(5, { error: 'نشانی را کامل وارد کنید.' })
      .max(500, { error: 'نشانی حداکثر ۵۰۰ نویسه است.' }),
    notes: blankText(1000, 'توضیحات', true),
  })
  .refine((b) => b.birthDate < new Date().toISOString().slice(0, 10), {
    path: ['birthDate'],
    error: 'تاریخ تولد باید پیش از امروز باشد.',
  });
export type PreRegisterBody = z.input<typeof preRegisterBodySchema>;

export const preRegisterStatusSchema = z.enum(PRE_REGISTER_STATUSES);

export const preRegistrationSchema = z.object({
  id: z.number().int(),
  trackingCode: z.string(),
  academicYear: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  nationalCode: z.string(),
  birthDate: z.string(),
  gender: z.enum(GENDERS),
  grade: z.number().int(),
  previousSchool: z.string(),
  lastAverage: z.number().nullable(),
  fatherName: z.string(),
  fatherMobile: z.string(),
  fatherJob: z.string(),
  motherName: z.string(),
  motherMobile: z.string(),
  motherJob: z.string(),
  phone: z.string(),
  address: z.string(),
  notes: z.string(),
  status: preRegisterStatusSchema,
  adminNote: z.string(),
  statusChangedAt: z.string().nullable(),
  statusChangedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type PreRegistration = z.infer<typeof preRegistrationSchema>;

/** What the applicant sees: no admin note, no internal id, no contact details. */
export const preRegisterPublicStatusSchema = z.object({
  trackingCode: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  grade: z.number().int(),
  academicYear: z.number().int(),
  status: preRegisterStatusSchema,
  createdAt: z.string(),
  statusChangedAt: z.string().nullable(),
});
export type PreRegisterPublicStatus = z.infer<typeof preRegisterPublicStatusSchema>;

const trackingCodeSchema = text({ error: 'کد پیگیری را وارد کنید.' })
  .transform((v) => digitsToLatin(v).trim())
  // Eight digits; requests made before the codes were shortened have ten, still looked up.
  .refine((v) => /^(\d{8}|\d{10})$/.test(v), { error: 'کد پیگیری ۸ رقم است.' });

export const PRE_REGISTER_SORTS = ['newest', 'name'] as const;
export type PreRegisterSort = (typeof PRE_REGISTER_SORTS)[number];
export const PRE_REGISTER_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type PreRegisterExportFormat = (typeof PRE_REGISTER_EXPORT_FORMATS)[number];
export const preRegisterFilterSchema = z.object({
  status: preRegisterStatusSchema.optional(),
  grade: z.coerce.number().int().min(1).max(12).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  q: text().trim().max(100).optional(),
  /** `newest` first (default) or by `name` in Persian alphabetical order. */
  sort: z.enum(PRE_REGISTER_SORTS).default('newest'),
});
export type PreRegisterFilter = z.infer<typeof preRegisterFilterSchema>;

export const preRegisterContract = {
  submit: endpoint({
    method: 'POST',
    path: 'general/pre-register',
    access: 'public',
    summary:
      'A family pre-registers a student; answers the tracking code (409 when closed); a repeat for the same national code is a form of its own, answered the same way',
    body: preRegisterBodySchema,
    response: z.object({ trackingCode: z.string(), createdAt: z.string(), academicYear: z.number().int() }),
  }),
  lookup: endpoint({
    method: 'GET',
    path: 'general/pre-register',
    access: 'public',
    summary: 'Status of a pre-registration by tracking code and national code (404 for a wrong pair)',
    query: z.object({ trackingCode: trackingCodeSchema, nationalCode: nationalCodeSchema }),
    response: preRegisterPublicStatusSchema,
    noStore: true,
  }),
  list: endpoint({
    method: 'GET',
    path: 'panel/pre-register',
    access: STAFF,
    summary: 'Pre-registrations, newest first, filtered by status, grade, date range and search',
    query: listQuerySchema.omit({ q: true }).extend(preRegisterFilterSchema.shape),
    response: pageOf(preRegistrationSchema),
    noStore: true,
  }),
  export: endpoint({
    method: 'GET',
    path: 'panel/pre-register/export',
    access: STAFF,
    summary: 'The filtered list as an XLSX or CSV file (Persian headers, Jalali dates)',
    query: preRegisterFilterSchema.extend({ format: z.enum(PRE_REGISTER_EXPORT_FORMATS).default('xlsx') }),
    file: true,
    noStore: true,
  }),
  get: endpoint({
    method: 'GET',
    path: 'panel/pre-register/:id',
    access: STAFF,
    summary: 'One pre-registration with every field',
    params: idParams,
    response: preRegistrationSchema,
    noStore: true,
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: 'panel/pre-register/:id',
    access: STAFF,
    summary: 'Moves a pre-registration along the status workflow, with an admin note',
    params: idParams,
    body: z.object({
      status: preRegisterStatusSchema,
      adminNote: multilineText().trim().max(1000, { error: 'یادداشت حداکثر ۱۰۰۰ نویسه است.' }).default(''),
    }),
    response: preRegistrationSchema,
  }),
} as const;
