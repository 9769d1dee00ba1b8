import { z } from 'zod';
import { passwordChangeSchema } from '../auth/auth.contract';
import { endpoint } from '../endpoint';
import { GENDERS } from '../genders';
import { idParamSchema, idParams, idSchema } from '../ids';
import { isValidMobile, nationalCodeSchema, normalizeMobile } from '../iran';
import { listQuerySchema, pageOf } from '../pagination';
import { STAFF, STUDENT } from '../roles';
import { digitsToLatin, optionalText, text, tidyPersian } from '../text';

export const STUDENT_STATUSES = ['active', 'inactive', 'archived'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const STUDENT_STATUS_LABELS: Record<StudentStatus, string> = {
  active: 'فعال',
  inactive: 'غیرفعال',
  archived: 'بایگانی‌شده',
};

/** Empty strings (an untouched form field) mean "no value". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

const requiredName = (label: string) =>
  text({ error: `${label} را وارد کنید.` })
    .transform((v) => tidyPersian(v))
    .refine((v) => v.length > 0, { error: `${label} را وارد کنید.` })
    .refine((v) => v.length <= 100, { error: `${label} بیش از حد طولانی است.` });

/** A text that may be left empty (stored as null). */
const nullableText = (label: string, max: number, multiline = false) =>
  z.preprocess(blankToNull, optionalText(max, `${label} بیش از حد طولانی است.`, multiline).nullable().default(null));

export const optionalMobileSchema = z.preprocess(
  blankToNull,
  text()
    .refine(isValidMobile, { error: 'شمارهٔ همراه باید به شکل ۰۹xxxxxxxxx باشد.' })
    .transform(normalizeMobile)
    .nullable()
    .default(null),
);

/** A calendar date `YYYY-MM-DD` (Gregorian in JSON, shown Jalali) that exists and is not in the future. */
export const birthDateSchema = z.preprocess(
  blankToNull,
  text()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'تاریخ تولد معتبر نیست.' })
    .refine(
      (v) => {
        const d = new Date(`${v}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && d <= new Date();
      },
      { error: 'تاریخ تولد معتبر نیست.' },
    )
    .nullable()
    .default(null),
);

export const studentNumberSchema = z.preprocess(
  blankToNull,
  text()
    .transform((v) => digitsToLatin(v).trim())
    .refine((v) => /^[0-9A-Za-z-]{1,30}$/.test(v), { error: 'شمارهٔ دانش‌آموزی فقط رقم و حرف لاتین است (حداکثر ۳۰).' })
    .nullable()
    .default(null),
);

export const studentInputSchema = z.object({
  firstName: requiredName('نام'),
  lastName: requiredName('نام خانوادگی'),
  nationalCode: nationalCodeSchema,
  studentNumber: studentNumberSchema,
  groupId: z.preprocess(blankToNull, idParamSchema.nullable().default(null)),
  birthDate: birthDateSchema,
  gender: z.preprocess(blankToNull, z.enum(GENDERS, { error: 'جنسیت را انتخاب کنید.' }).nullable().default(null)),
  fatherName: nullableText('نام پدر', 100),
  parentMobile: optionalMobileSchema,
  address: nullableText('نشانی', 500, true),
});
export type StudentInput = z.input<typeof studentInputSchema>;

export const studentSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  nationalCode: z.string(),
  studentNumber: z.string().nullable(),
  groupId: z.number().int().nullable(),
  groupName: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  fatherName: z.string().nullable(),
  parentMobile: z.string().nullable(),
  mobile: z.string().nullable(),
  address: z.string().nullable(),
  photoUrl: z.string().nullable(),
  status: z.enum(STUDENT_STATUSES),
  username: z.string(),
  /** False for imported students until a password is issued (reset password / login slip). */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type Student = z.infer<typeof studentSchema>;

export const STUDENT_SORTS = ['name', '-name', 'number', '-number', 'created', '-created', 'group', '-group'] as const;

export const studentListQuerySchema = listQuerySchema.extend({
  groupId: z.preprocess(blankToNull, idParamSchema.nullable().default(null)),
  /** Absent: every student that is not archived. */
  status: z.preprocess(
    blankToNull,
    z
      .enum([...STUDENT_STATUSES, 'all'])
      .nullable()
      .default(null),
  ),
  sort: z.preprocess(blankToNull, z.enum(STUDENT_SORTS).nullable().default(null)),
});
export type StudentListQuery = z.input<typeof studentListQuerySchema>;

/** What an admin gets once, when an account's password is set: to print on the login slip. */
export const credentialsSchema = z.object({
  studentId: z.number().int(),
  fullName: z.string(),
  groupName: z.string().nullable(),
  username: z.string(),
  password: z.string(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const importBodySchema = z.object({
  fileName: text()
    .max(200)
    .regex(/\.(xlsx|csv)$/i, { error: 'فقط فایل XLSX یا CSV پذیرفته می‌شود.' }),
  /** The file, base64. */
  data: text().min(1, { error: 'فایل خالی است.' }).max(1_000_000, { error: 'حجم فایل بیش از حد مجاز است.' }),
  /** false: only check; true: check and save everything, or nothing when one row is bad. */
  commit: z.boolean().default(false),
});

export const importRowErrorSchema = z.object({ row: z.number().int(), messages: z.array(z.string()) });
export const importResultSchema = z.object({
  total: z.number().int(),
  errors: z.array(importRowErrorSchema),
  created: z.number().int(),
  /** Parent accounts made from the «همراه پدر» / «همراه مادر» columns, and links to a parent (new or existing). */
  parentsCreated: z.number().int().default(0),
  parentsLinked: z.number().int().default(0),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** Column headers of the import template and the export, in order. */
export const STUDENT_SHEET_HEADERS = {
  firstName: 'نام',
  lastName: 'نام خانوادگی',
  nationalCode: 'کد ملی',
  studentNumber: 'شماره دانش‌آموزی',
  group: 'کلاس',
  birthDate: 'تاریخ تولد',
  gender: 'جنسیت',
  fatherName: 'نام پدر',
  parentMobile: 'همراه ولی',
  address: 'نشانی',
} as const;

/** The signed-in student's own record (student/me). */
export const meSchema = studentSchema
  .pick({ id: true, firstName: true, lastName: true, studentNumber: true, groupId: true, groupName: true })
  .extend({
    fullName: z.string(),
    academicYear: z.number().int().nullable(),
    photoUrl: z.string().nullable(),
    /** The weighted average of the latest published report card, when there is one. */
    latestAverage: z
      .object({ term: z.string(), academicYear: z.number().int(), average: z.number().nullable() })
      .nullable(),
  });
export type Me = z.infer<typeof meSchema>;

export const profileSchema = meSchema.omit({ latestAverage: true }).extend(
  studentSchema.pick({
    nationalCode: true,
    birthDate: true,
    gender: true,
    fatherName: true,
    parentMobile: true,
    mobile: true,
    address: true,
    username: true,
  }).shape,
);
export type Profile = z.infer<typeof profileSchema>;

/** A field left out stays as it is; an empty one is cleared. */
export const profileUpdateSchema = z.object({
  mobile: optionalMobileSchema.optional(),
  address: nullableText('نشانی', 500, true).optional(),
});

export const studentsContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/student',
    access: STAFF,
    summary: 'Students, paged; search by name, national code or student number; filter by class and status',
    query: studentListQuerySchema,
    response: pageOf(studentSchema),
  }),
  create: endpoint({
    method: 'POST',
    path: 'panel/student',
    access: STAFF,
    summary: 'Creates a student and their account; answers the initial password once',
    body: studentInputSchema,
    response: z.object({ student: studentSchema, credentials: credentialsSchema }),
    noStore: true,
  }),
  get: endpoint({
    method: 'GET',
    path: 'panel/student/:id',
    access: STAFF,
    summary: 'One student',
    params: idParams,
    response: studentSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'panel/student/:id',
    access: STAFF,
    summary: 'Updates a student',
    params: idParams,
    body: studentInputSchema,
    response: studentSchema,
  }),
  multiDelete: endpoint({
    method: 'POST',
    path: 'panel/student/multi-delete',
    access: STAFF,
    summary: 'Deletes students; those with invoices, payments or report cards are archived instead',
    body: z.object({
      ids: z
        .array(idSchema)
        .min(1, { error: 'دست‌کم یک دانش‌آموز را انتخاب کنید.' })
        .max(1000, { error: 'حداکثر ۱۰۰۰ دانش‌آموز در هر بار.' }),
    }),
    response: z.object({ deleted: z.number().int(), archived: z.number().int() }),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: 'panel/student/:id/reset-password',
    access: STAFF,
    summary: "Sets a new random password (answered once) and ends the student's sessions",
    params: idParams,
    response: credentialsSchema,
    noStore: true,
  }),
  issuePasswords: endpoint({
    method: 'POST',
    path: 'panel/student/passwords',
    access: STAFF,
    summary: 'Sets new random passwords for several students at once (login slips), ending their sessions',
    body: z.object({
      ids: z
        .array(idSchema)
        .min(1, { error: 'دست‌کم یک دانش‌آموز را انتخاب کنید.' })
        .max(100, { error: 'حداکثر ۱۰۰ برگهٔ ورود در هر بار.' }),
    }),
    response: z.object({ items: z.array(credentialsSchema) }),
    noStore: true,
  }),
  setStatus: endpoint({
    method: 'POST',
    path: 'panel/student/:id/status',
    access: STAFF,
    summary: 'Activates or deactivates a student (deactivation ends their sessions)',
    params: idParams,
    body: z.object({ status: z.enum(['active', 'inactive'], { error: 'وضعیت معتبر نیست.' }) }),
    response: studentSchema,
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: 'panel/student/import/template',
    access: STAFF,
    summary: 'The XLSX template for importing students, with Persian headers',
    file: true,
  }),
  import: endpoint({
    method: 'POST',
    path: 'panel/student/import',
    access: STAFF,
    summary: 'Checks an XLSX or CSV of students row by row; with commit, saves all rows or none',
    body: importBodySchema,
    response: importResultSchema,
  }),
  export: endpoint({
    method: 'GET',
    path: 'panel/student/export',
    access: STAFF,
    summary: 'The filtered student list as XLSX',
    query: studentListQuerySchema.omit({ page: true, pageSize: true }),
    file: true,
    noStore: true,
  }),
  uploadPhoto: endpoint({
    method: 'POST',
    path: 'panel/student/:id/photo',
    access: STAFF,
    summary: "Sets a student's photo (multipart, one image: checked, re-encoded, metadata stripped)",
    params: idParams,
    body: z.object({}),
    bodyKind: 'multipart',
    response: studentSchema,
  }),
  removePhoto: endpoint({
    method: 'DELETE',
    path: 'panel/student/:id/photo',
    access: STAFF,
    summary: "Removes a student's photo",
    params: idParams,
    response: studentSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: 'student/me',
    access: STUDENT,
    summary: "The caller's name, class and latest report-card average",
    response: meSchema,
  }),
  profile: endpoint({
    method: 'GET',
    path: 'student/profile',
    access: STUDENT,
    summary: "The caller's own record",
    response: profileSchema,
    noStore: true,
  }),
  updateProfile: endpoint({
    method: 'PATCH',
    path: 'student/profile',
    access: STUDENT,
    summary: "Changes the caller's mobile and address",
    body: profileUpdateSchema,
    response: profileSchema,
  }),
  uploadOwnPhoto: endpoint({
    method: 'POST',
    path: 'student/profile/photo',
    access: STUDENT,
    summary: "Sets the caller's own photo (multipart, one image)",
    body: z.object({}),
    bodyKind: 'multipart',
    response: profileSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: 'student/profile/password',
    access: STUDENT,
    summary: "Changes the caller's password (needs the current one) and ends their other sessions",
    body: passwordChangeSchema,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
