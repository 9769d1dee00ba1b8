import {
  type Assessment,
  type AssessmentKind,
  type AveragingRule,
  type Markbook,
  termRange,
} from '@madreseh/contract/assessments/assessments.contract';
import { MAIN_TERMS, TERMS, type Term } from '@madreseh/contract/terms';
import { digitsToPersian, formatDecimal } from '../../lib/format';
import { assessmentsFa as t } from './messages';

export const KIND_COLORS: Record<AssessmentKind, string> = {
  quiz: 'brand',
  homework: 'teal',
  oral: 'orange',
  activity: 'cyan',
  project: 'grape',
  exam: 'red',
};

/** A score with Persian digits and the Persian decimal mark, at most two decimals. */
export function formatScore(n: number | null): string {
  if (n === null) return t.noMarks;
  return formatDecimal(Math.round(n * 100) / 100);
}

export function ruleText(rule: AveragingRule): string {
  const method = rule.method === 'simple' ? t.ruleSimple : t.ruleByKind;
  return t.ruleText(
    method,
    t.ruleShare(digitsToPersian(rule.continuousShare), digitsToPersian(100 - rule.continuousShare)),
  );
}

export function averageOf(a: Assessment): number | null {
  const marks = Object.values(a.marks);
  return marks.length ? marks.reduce((s, m) => s + m, 0) / marks.length : null;
}

/** The term a date falls in, by the months of the school year: the main term, or its month for monthly classes. */
export function termOf(book: Markbook, iso: string): Term {
  const terms = book.group.usesMonthly ? TERMS.filter((x) => !MAIN_TERMS.includes(x)) : MAIN_TERMS;
  return (
    terms.find((x) => {
      const { from, to } = termRange(book.group.academicYear, x);
      return iso >= from && iso <= to;
    }) ?? 'first'
  );
}
