import { z } from 'zod';
import { endpoint } from '../endpoint';
import { GRADING_SCALES } from '../groups/groups.contract';
import { idParamSchema, idSchema } from '../ids';
import { parseDecimal } from '../persian';
import { STAFF, STUDENT } from '../roles';
import { TERMS } from '../terms';
import { multilineText, text } from '../text';

/** Descriptive grades of the primary years, best first. */
export const DESCRIPTIVE_GRADES = ['excellent', 'good', 'acceptable', 'needs-effort'] as const;
export type DescriptiveGrade = (typeof DESCRIPTIVE_GRADES)[number];
export const DESCRIPTIVE_LABELS: Record<DescriptiveGrade, string> = {
  excellent: 'خیلی خوب',
  good: 'خوب',
  acceptable: 'قابل قبول',
  'needs-effort': 'نیاز به تلاش بیشتر',
};

/**
 * Reads what a teacher typed in a numeric cell: Persian or Arabic digits, «٫» or «/» as the decimal
 * mark. Answers the score with at most two decimals, or null when it is not a score from 0 to 20.
 */
export function parseScore(raw: string | number): number | null {
  const n = parseDecimal(raw);
  if (n === null || n < 0 || n > 20) return null;
  // At most two decimals: 17.25 is a score, 17.255 is a typing slip.
  return Number.isInteger(Math.round(n * 1e6) / 1e4) ? n : null;
}

/** Reads a descriptive grade from its key or its Persian label. */
export function parseDescriptive(raw: string): DescriptiveGrade | null {
  const v = raw.trim();
  if ((DESCRIPTIVE_GRADES as readonly string[]).includes(v)) return v as DescriptiveGrade;
  const hit = DESCRIPTIVE_GRADES.find((g) => DESCRIPTIVE_LABELS[g] === v.replace(/ي/g, 'ی'));
  return hit ?? null;
}

/** Weighted average of the scores present, rounded to two decimals; null when there is none. */
export function weightedAverage(grades: { score: number | null; weight: number }[]): number | null {
  let sum = 0;
  let weights = 0;
  for (const g of grades) {
    if (g.score === null) continue;
    sum += g.score * g.weight;
    weights += g.weight;
  }
  return weights === 0 ? null : Math.round((sum / weights) * 100) / 100;
}

export const termSchema = z.enum(TERMS, { error: 'نوبت را انتخاب کنید.' });

export const gridQuerySchema = z.object({
  groupId: idParamSchema,
  term: termSchema,
});

const gradeValueSchema = z.union([z.number(), text().max(40)]).nullable();

export const gridSaveSchema = z.object({
  groupId: idSchema,
  term: termSchema,
  rows: z
    .array(
      z.object({
        studentId: idSchema,
        grades: z.array(z.object({ subjectId: idSchema, value: gradeValueSchema })).max(40),
        remarks: z.preprocess(
          (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
          multilineText().trim().max(500, { error: 'توضیح معلم حداکثر ۵۰۰ نویسه باشد.' }).nullable().default(null),
        ),
      }),
    )
    .min(1, { error: 'چیزی برای ذخیره نیست.' })
    .max(200),
});
export type GridSave = z.input<typeof gridSaveSchema>;

export const gridSchema = z.object({
  group: z.object({
    id: z.number().int(),
    name: z.string(),
    academicYear: z.number().int(),
    gradingScale: z.enum(GRADING_SCALES),
    passMark: z.number(),
    usesMonthly: z.boolean(),
  }),
  term: termSchema,
  subjects: z.array(z.object({ id: z.number().int(), name: z.string(), weight: z.number().int() })),
  rows: z.array(
    z.object({
      studentId: z.number().int(),
      fullName: z.string(),
      studentNumber: z.string().nullable(),
      /** subject id → a score ("17.5") or a descriptive grade key; absent when not entered. */
      grades: z.record(z.string(), z.string()),
      remarks: z.string().nullable(),
      average: z.number().nullable(),
      published: z.boolean(),
    }),
  ),
  /** True when every saved card of this class and term is published (and there is at least one). */
  published: z.boolean(),
});
export type Grid = z.infer<typeof gridSchema>;

export const reportCardSchema = z.object({
  id: z.number().int(),
  studentName: z.string(),
  studentNumber: z.string().nullable(),
  fatherName: z.string().nullable(),
  nationalCode: z.string(),
  groupName: z.string(),
  gradeLevel: z.number().int(),
  academicYear: z.number().int(),
  term: termSchema,
  gradingScale: z.enum(GRADING_SCALES),
  passMark: z.number(),
  subjects: z.array(
    z.object({
      name: z.string(),
      weight: z.number().int(),
      score: z.number().nullable(),
      descriptive: z.enum(DESCRIPTIVE_GRADES).nullable(),
      /** Numeric scale: the score is at least the pass mark; null when not graded or descriptive. */
      passed: z.boolean().nullable(),
    }),
  ),
  average: z.number().nullable(),
  passed: z.boolean().nullable(),
  remarks: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** Attendance over the term's months: days with an absence, and marks of lateness. */
  attendance: z
    .object({ absentDays: z.number().int(), lates: z.number().int() })
    // A copy saved offline before attendance existed still reads.
    .default({ absentDays: 0, lates: 0 }),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

/** Which published card to read (a student's own or a parent's child's): a term of a year, or the latest. */
export const publishedCardQuerySchema = z.object({
  academicYear: z.coerce.number().int().min(1390).max(1500).optional(),
  term: termSchema.optional(),
});
/** The published card asked for (null when there is none) and every term that has one. */
export const publishedCardSchema = z.object({
  card: reportCardSchema.nullable(),
  terms: z.array(z.object({ academicYear: z.number().int(), term: termSchema })),
});

/** Publishing, or withdrawing a published term with its reason (kept in the audit log). */
export const publishBodySchema = z
  .object({
    groupId: idSchema,
    term: termSchema,
    published: z.boolean(),
    reason: z.string().trim().max(300, { error: 'دلیل حداکثر ۳۰۰ نویسه باشد.' }).optional(),
  })
  .refine((b) => b.published || (b.reason ?? '').length >= 3, {
    path: ['reason'],
    error: 'دلیل برداشتن کارنامه‌ها را بنویسید.',
  });
export type PublishBody = z.input<typeof publishBodySchema>;

export const reportCardsContract = {
  grid: endpoint({
    method: 'GET',
    path: 'panel/report-card',
    access: STAFF,
    summary: "A class's grades for one term: rows are students, columns are subjects",
    query: gridQuerySchema,
    response: gridSchema,
    noStore: true,
  }),
  save: endpoint({
    method: 'PUT',
    path: 'panel/report-card',
    access: STAFF,
    summary: 'Saves grades and remarks of one or more students of a class for a term; averages computed here',
    body: gridSaveSchema,
    response: gridSchema,
  }),
  publish: endpoint({
    method: 'POST',
    path: 'panel/report-card/publish',
    access: STAFF,
    summary: "Publishes or unpublishes a class's report cards of one term",
    body: publishBodySchema,
    response: z.object({ count: z.number().int() }),
  }),
  mine: endpoint({
    method: 'GET',
    path: 'student/report-card',
    access: STUDENT,
    summary: "The caller's latest published report card, or the one of the term asked for",
    query: publishedCardQuerySchema,
    response: publishedCardSchema,
  }),
} as const;
