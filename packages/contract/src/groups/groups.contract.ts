import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams, idSchema } from '../ids';
import { parseDecimal } from '../persian';
import { STAFF } from '../roles';
import { text, tidyPersian } from '../text';

export const GRADING_SCALES = ['numeric', 'descriptive'] as const;
export type GradingScale = (typeof GRADING_SCALES)[number];
export const GRADING_SCALE_LABELS: Record<GradingScale, string> = {
  numeric: 'نمره‌ای (۰ تا ۲۰)',
  descriptive: 'توصیفی',
};

/** Persian school grade levels, 1 to 12. */
export const GRADE_LEVEL_LABELS = [
  'اول',
  'دوم',
  'سوم',
  'چهارم',
  'پنجم',
  'ششم',
  'هفتم',
  'هشتم',
  'نهم',
  'دهم',
  'یازدهم',
  'دوازدهم',
] as const;

const name = (label: string, max = 100) =>
  text({ error: `${label} را وارد کنید.` })
    .transform((v) => tidyPersian(v))
    .refine((v) => v.length > 0, { error: `${label} را وارد کنید.` })
    .refine((v) => v.length <= max, { error: `${label} بیش از حد طولانی است.` });

const intInput = (min: number, max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? (parseDecimal(v) ?? v) : v),
    z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message }),
  );

export const subjectInputSchema = z.object({
  /** Present when the subject already exists (update keeps its grades). */
  id: idSchema.optional(),
  name: name('نام درس'),
  weight: intInput(1, 20, 'ضریب باید عددی بین ۱ تا ۲۰ باشد.'),
});

export const groupInputSchema = z
  .object({
    name: name('نام کلاس'),
    gradeLevel: intInput(1, 12, 'پایه را انتخاب کنید.'),
    academicYear: intInput(1390, 1500, 'سال تحصیلی معتبر نیست.'),
    gradingScale: z.enum(GRADING_SCALES, { error: 'نوع نمره‌دهی را انتخاب کنید.' }),
    usesMonthly: z.boolean().default(false),
    subjects: z.array(subjectInputSchema).max(40, { error: 'حداکثر ۴۰ درس.' }).default([]),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.subjects.forEach((s, i) => {
      if (seen.has(s.name))
        ctx.addIssue({ code: 'custom', path: ['subjects', i, 'name'], message: 'نام درس تکراری است.' });
      seen.add(s.name);
    });
  });
export type GroupInput = z.input<typeof groupInputSchema>;

export const subjectSchema = z.object({ id: z.number().int(), name: z.string(), weight: z.number().int() });
export type Subject = z.infer<typeof subjectSchema>;

export const groupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  gradeLevel: z.number().int(),
  academicYear: z.number().int(),
  gradingScale: z.enum(GRADING_SCALES),
  passMark: z.number(),
  usesMonthly: z.boolean(),
  subjects: z.array(subjectSchema),
  studentCount: z.number().int(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupsContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/group/list',
    access: STAFF,
    summary: 'Every class with its subjects and number of students, newest academic year first',
    response: z.object({ items: z.array(groupSchema) }),
  }),
  create: endpoint({
    method: 'POST',
    path: 'panel/group',
    access: STAFF,
    summary: 'Creates a class with its subjects',
    body: groupInputSchema,
    response: groupSchema,
  }),
  get: endpoint({
    method: 'GET',
    path: 'panel/group/:id',
    access: STAFF,
    summary: 'One class with its subjects',
    params: idParams,
    response: groupSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'panel/group/:id',
    access: STAFF,
    summary: 'Updates a class and replaces its subject list (subjects with grades cannot be removed)',
    params: idParams,
    body: groupInputSchema,
    response: groupSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'panel/group/:id',
    access: STAFF,
    summary: 'Deletes a class that has no students and no report cards',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
} as const;
