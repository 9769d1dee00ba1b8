import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParamSchema, idParams, idSchema } from '../ids';
import { isoDateSchema, jalaliMonthLength, jalaliToIso } from '../jalali';
import { decimalInput, parseDecimal } from '../persian';
import { gridSchema, termSchema } from '../report-cards/report-cards.contract';
import { STAFF, TEACHER } from '../roles';
import { MAIN_TERMS, TERM_MONTHS, type Term } from '../terms';
import { text, tidyPersian } from '../text';

/** What a teacher records as continuous assessment, and the term exam («امتحان نوبت»). */
export const ASSESSMENT_KINDS = ['quiz', 'homework', 'oral', 'activity', 'project', 'exam'] as const;
export type AssessmentKind = (typeof ASSESSMENT_KINDS)[number];
/** The kinds whose marks make the continuous average (every kind but the exam). */
export const CONTINUOUS_KINDS = ['quiz', 'homework', 'oral', 'activity', 'project'] as const;
export type ContinuousKind = (typeof CONTINUOUS_KINDS)[number];
export const ASSESSMENT_KIND_LABELS: Record<AssessmentKind, string> = {
  quiz: 'آزمونک',
  homework: 'تکلیف',
  oral: 'پرسش شفاهی',
  activity: 'فعالیت کلاسی',
  project: 'پروژه و تحقیق',
  exam: 'امتحان نوبت',
};
/** The highest max score an assessment may have (a project marked out of 100, say). */
export const MAX_ASSESSMENT_SCORE = 100;

// ---------------------------------------------------------------- the school's averaging rule

export const AVERAGING_METHODS = ['simple', 'by-kind'] as const;
export type AveragingMethod = (typeof AVERAGING_METHODS)[number];

const weightSchema = z
  .number({ error: 'وزن از ۰ تا ۱۰ است.' })
  .int({ error: 'وزن از ۰ تا ۱۰ است.' })
  .min(0, { error: 'وزن از ۰ تا ۱۰ است.' })
  .max(10, { error: 'وزن از ۰ تا ۱۰ است.' });

/**
 * How the school turns marks into a term grade. Every mark is first scaled to 20 (score ÷ max × 20).
 * The continuous average is the plain mean of those (`simple`), or the mean of each kind's mean
 * weighted by `kindWeights` (`by-kind`; a kind with no mark, or weight 0, is left out). A monthly term
 * grade is the continuous average; a main term's is `continuousShare` % of it plus the rest of the
 * student's exam mark, once an exam of that term is recorded (before that, the continuous average).
 */
export const averagingRuleSchema = z
  .object({
    method: z.enum(AVERAGING_METHODS, { error: 'روش میانگین را انتخاب کنید.' }),
    kindWeights: z.object({
      quiz: weightSchema,
      homework: weightSchema,
      oral: weightSchema,
      activity: weightSchema,
      project: weightSchema,
    }),
    continuousShare: z
      .number({ error: 'سهم نمرهٔ مستمر از ۰ تا ۱۰۰ درصد است.' })
      .int({ error: 'سهم نمرهٔ مستمر از ۰ تا ۱۰۰ درصد است.' })
      .min(0, { error: 'سهم نمرهٔ مستمر از ۰ تا ۱۰۰ درصد است.' })
      .max(100, { error: 'سهم نمرهٔ مستمر از ۰ تا ۱۰۰ درصد است.' }),
  })
  .refine((r) => r.method !== 'by-kind' || Object.values(r.kindWeights).some((w) => w > 0), {
    path: ['kindWeights'],
    error: 'دست‌کم یک نوع ارزشیابی وزن بیشتر از صفر داشته باشد.',
  });
export type AveragingRule = z.infer<typeof averagingRuleSchema>;

export const DEFAULT_AVERAGING_RULE: AveragingRule = {
  method: 'simple',
  kindWeights: { quiz: 2, homework: 1, oral: 1, activity: 1, project: 1 },
  continuousShare: 50,
};

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A mark scaled to 20. */
export const scaledTo20 = (score: number, maxScore: number) => (score / maxScore) * 20;

export interface TakenMark {
  kind: AssessmentKind;
  score: number;
  maxScore: number;
}

/** The continuous average (0–20, two decimals) of a student's marks by the rule; null without a mark. */
export function continuousAverage(marks: readonly TakenMark[], rule: AveragingRule): number | null {
  const continuous = marks.filter((m) => m.kind !== 'exam');
  if (continuous.length === 0) return null;
  if (rule.method === 'simple') {
    return round2(continuous.reduce((s, m) => s + scaledTo20(m.score, m.maxScore), 0) / continuous.length);
  }
  let sum = 0;
  let weights = 0;
  for (const kind of CONTINUOUS_KINDS) {
    const own = continuous.filter((m) => m.kind === kind);
    const weight = rule.kindWeights[kind];
    if (own.length === 0 || weight === 0) continue;
    sum += weight * (own.reduce((s, m) => s + scaledTo20(m.score, m.maxScore), 0) / own.length);
    weights += weight;
  }
  return weights === 0 ? null : round2(sum / weights);
}

/**
 * A student's term grade from her marks of the term. `examHeld`: an exam of this subject and term is
 * recorded (for anyone). Answers the grade (0–20, two decimals), or null when it cannot be made.
 */
export function termGradeOf(
  marks: readonly TakenMark[],
  rule: AveragingRule,
  term: Term,
  examHeld: boolean,
): number | null {
  const continuous = continuousAverage(marks, rule);
  // A monthly grade, or a main term before its exam: the continuous average alone.
  if (!MAIN_TERMS.includes(term) || !examHeld) return continuous;
  const exams = marks.filter((m) => m.kind === 'exam');
  const exam = exams.length ? exams.reduce((s, m) => s + scaledTo20(m.score, m.maxScore), 0) / exams.length : null;
  const share = rule.continuousShare / 100;
  if (share === 1) return continuous;
  if (share === 0) return exam === null ? null : round2(exam);
  // A student who missed the exam (or has no continuous mark) gets no grade from here.
  if (continuous === null || exam === null) return null;
  return round2(share * continuous + (1 - share) * exam);
}

/** The first and last ISO day of a term of the school year starting in Mehr of `academicYear`. */
export function termRange(academicYear: number, term: Term): { from: string; to: string } {
  const { from, to } = TERM_MONTHS[term];
  return {
    from: jalaliToIso(academicYear + from[0], from[1], 1),
    to: jalaliToIso(academicYear + to[0], to[1], jalaliMonthLength(academicYear + to[0], to[1])),
  };
}

// ---------------------------------------------------------------- assessments and marks

/**
 * A mark as typed: Persian, Arabic or Latin digits with any decimal mark, at most two decimals; the
 * range (0 to the assessment's max) is checked by the server against the assessment.
 */
export function parseMark(raw: string | number, maxScore: number): number | null {
  const n = parseDecimal(raw);
  if (n === null || n < 0 || n > maxScore) return null;
  return Number.isInteger(Math.round(n * 1e6) / 1e4) ? n : null;
}

const maxScoreSchema = z.preprocess(
  (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? 20 : decimalInput(v)),
  z
    .number({ error: `بیشترین نمره عددی از ۱ تا ${MAX_ASSESSMENT_SCORE.toLocaleString('fa-IR')} است.` })
    .min(1, { error: `بیشترین نمره عددی از ۱ تا ${MAX_ASSESSMENT_SCORE.toLocaleString('fa-IR')} است.` })
    .max(MAX_ASSESSMENT_SCORE, {
      error: `بیشترین نمره عددی از ۱ تا ${MAX_ASSESSMENT_SCORE.toLocaleString('fa-IR')} است.`,
    })
    .refine((n) => Number.isInteger(Math.round(n * 1e6) / 1e4), { error: 'بیشترین نمره حداکثر دو رقم اعشار دارد.' }),
);

/** What a teacher types for an assessment; the max score is 20 unless given. */
export const assessmentFieldsSchema = z.object({
  kind: z.enum(ASSESSMENT_KINDS, { error: 'نوع ارزشیابی را انتخاب کنید.' }),
  title: text({ error: 'عنوان را بنویسید.' })
    .transform((v) => tidyPersian(v))
    .refine((v) => v.length > 0, { error: 'عنوان را بنویسید.' })
    .refine((v) => v.length <= 100, { error: 'عنوان حداکثر ۱۰۰ نویسه باشد.' }),
  date: isoDateSchema,
  maxScore: maxScoreSchema,
});
export type AssessmentFields = z.input<typeof assessmentFieldsSchema>;

export const assessmentCreateSchema = assessmentFieldsSchema.extend({ groupId: idSchema, subjectId: idSchema });
export type AssessmentCreate = z.input<typeof assessmentCreateSchema>;

/** Every student's mark at once: a blank (null or '') mark means not taken. */
export const marksSaveSchema = z.object({
  marks: z
    .array(
      z.object({
        studentId: idSchema,
        score: z.union([z.number(), text().max(20, { error: 'نمره معتبر نیست.' })]).nullable(),
      }),
    )
    .min(1, { error: 'چیزی برای ذخیره نیست.' })
    .max(200),
});
export type MarksSave = z.input<typeof marksSaveSchema>;

export const assessmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ASSESSMENT_KINDS),
  title: z.string(),
  date: z.string(),
  maxScore: z.number(),
  /** student id → mark; a student not here has not taken it. */
  marks: z.record(z.string(), z.number()),
});
export type Assessment = z.infer<typeof assessmentSchema>;

export const markbookQuerySchema = z.object({ groupId: idParamSchema, subjectId: idParamSchema });

/** One (class, subject) of the caller: its students, its assessments (newest first) and the school's rule. */
export const markbookSchema = z.object({
  group: z.object({ id: z.number().int(), name: z.string(), academicYear: z.number().int(), usesMonthly: z.boolean() }),
  subject: z.object({ id: z.number().int(), name: z.string() }),
  students: z.array(z.object({ id: z.number().int(), fullName: z.string() })),
  assessments: z.array(assessmentSchema),
  rule: averagingRuleSchema,
});
export type Markbook = z.infer<typeof markbookSchema>;

export const fillBodySchema = z.object({ groupId: idSchema, subjectId: idSchema, term: termSchema });
export type FillBody = z.input<typeof fillBodySchema>;

export const assessmentsContract = {
  markbook: endpoint({
    method: 'GET',
    path: 'teacher/assessments',
    access: TEACHER,
    summary: "One of the caller's (class, subject) pairs: students, assessments with marks, and the averaging rule",
    query: markbookQuerySchema,
    response: markbookSchema,
    noStore: true,
  }),
  create: endpoint({
    method: 'POST',
    path: 'teacher/assessments',
    access: TEACHER,
    summary: 'Records an assessment (quiz, homework, oral, …) of one of the caller’s (class, subject) pairs',
    body: assessmentCreateSchema,
    response: assessmentSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: 'teacher/assessments/:id',
    access: TEACHER,
    summary: "Changes an assessment's kind, title, date or max score (not below a mark already given)",
    params: idParams,
    body: assessmentFieldsSchema,
    response: assessmentSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: 'teacher/assessments/:id',
    access: TEACHER,
    summary: 'Deletes an assessment and its marks',
    params: idParams,
    response: z.object({ ok: z.literal(true) }),
  }),
  saveMarks: endpoint({
    method: 'PUT',
    path: 'teacher/assessments/:id/marks',
    access: TEACHER,
    summary: "Saves every student's mark of an assessment at once (0 to its max; blank: not taken)",
    params: idParams,
    body: marksSaveSchema,
    response: assessmentSchema,
  }),
  fill: endpoint({
    method: 'POST',
    path: 'teacher/report-card/fill',
    access: TEACHER,
    summary: "Fills one subject's term grades from the assessments by the school's rule (a published term is refused)",
    body: fillBodySchema,
    response: z.object({ grid: gridSchema, filled: z.number().int(), skipped: z.number().int() }),
  }),
  rule: endpoint({
    method: 'GET',
    path: 'panel/assessments/rule',
    access: STAFF,
    summary: "The school's rule for turning continuous marks and the exam into a term grade",
    response: averagingRuleSchema,
    noStore: true,
  }),
  setRule: endpoint({
    method: 'PUT',
    path: 'panel/assessments/rule',
    access: STAFF,
    summary: "Sets the school's averaging rule of continuous marks and the exam's share",
    body: averagingRuleSchema,
    response: averagingRuleSchema,
  }),
} as const;
