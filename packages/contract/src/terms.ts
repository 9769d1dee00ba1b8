// The report-card terms, without zod: the student's home names the latest term before any schema is
// needed, and its code should not build the report-card contract's schemas to do so.

/** Report-card terms in the order of the school year (Mehr to Khordad): months and the two exam terms. */
export const TERMS = [
  'mehr',
  'aban',
  'azar',
  'dey',
  'first',
  'bahman',
  'esfand',
  'farvardin',
  'ordibehesht',
  'khordad',
  'second',
] as const;
export type Term = (typeof TERMS)[number];
export const MAIN_TERMS: readonly Term[] = ['first', 'second'];
export const TERM_LABELS: Record<Term, string> = {
  mehr: 'ماهانهٔ مهر',
  aban: 'ماهانهٔ آبان',
  azar: 'ماهانهٔ آذر',
  dey: 'ماهانهٔ دی',
  first: 'نوبت اول',
  bahman: 'ماهانهٔ بهمن',
  esfand: 'ماهانهٔ اسفند',
  farvardin: 'ماهانهٔ فروردین',
  ordibehesht: 'ماهانهٔ اردیبهشت',
  khordad: 'ماهانهٔ خرداد',
  second: 'نوبت دوم',
};

/** The Jalali months (year offset from the academic year's start, month) each term covers. */
export const TERM_MONTHS: Record<Term, { from: [number, number]; to: [number, number] }> = {
  mehr: { from: [0, 7], to: [0, 7] },
  aban: { from: [0, 8], to: [0, 8] },
  azar: { from: [0, 9], to: [0, 9] },
  dey: { from: [0, 10], to: [0, 10] },
  first: { from: [0, 7], to: [0, 10] },
  bahman: { from: [0, 11], to: [0, 11] },
  esfand: { from: [0, 12], to: [0, 12] },
  farvardin: { from: [1, 1], to: [1, 1] },
  ordibehesht: { from: [1, 2], to: [1, 2] },
  khordad: { from: [1, 3], to: [1, 3] },
  second: { from: [0, 11], to: [1, 3] },
};
