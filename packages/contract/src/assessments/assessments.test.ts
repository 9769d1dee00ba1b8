import { describe, expect, it } from 'vitest';
import {
  type AveragingRule,
  continuousAverage,
  DEFAULT_AVERAGING_RULE,
  parseMark,
  type TakenMark,
  termGradeOf,
  termRange,
} from './assessments.contract';

const byKind: AveragingRule = {
  method: 'by-kind',
  kindWeights: { quiz: 2, homework: 1, oral: 0, activity: 1, project: 1 },
  continuousShare: 40,
};
const marks: TakenMark[] = [
  { kind: 'quiz', score: 20, maxScore: 20 },
  { kind: 'quiz', score: 5, maxScore: 10 },
  { kind: 'homework', score: 18, maxScore: 20 },
  { kind: 'oral', score: 0, maxScore: 20 },
];

describe('the averaging rule', () => {
  it('scales every mark to 20 and takes the plain mean (the exam aside)', () => {
    expect(continuousAverage(marks, DEFAULT_AVERAGING_RULE)).toBe(12);
    expect(continuousAverage([...marks, { kind: 'exam', score: 1, maxScore: 20 }], DEFAULT_AVERAGING_RULE)).toBe(12);
    expect(continuousAverage([], DEFAULT_AVERAGING_RULE)).toBeNull();
  });

  it('weights each kind’s mean by kind, leaving out kinds of weight 0 or without marks', () => {
    // quizzes (20 + 10) / 2 = 15 weighted 2, homework 18 weighted 1, oral weighted 0.
    expect(continuousAverage(marks, byKind)).toBe(16);
    expect(continuousAverage([{ kind: 'oral', score: 10, maxScore: 20 }], byKind)).toBeNull();
  });

  it('makes a main term’s grade of the continuous share and the exam, once an exam is held', () => {
    expect(termGradeOf(marks, byKind, 'first', false)).toBe(16);
    const withExam = [...marks, { kind: 'exam' as const, score: 15, maxScore: 20 }];
    expect(termGradeOf(withExam, byKind, 'first', true)).toBe(15.4);
    // Held, but this student missed it: nothing to fill.
    expect(termGradeOf(marks, byKind, 'second', true)).toBeNull();
    // A month is the continuous average, exam or not.
    expect(termGradeOf(withExam, byKind, 'azar', true)).toBe(16);
    expect(termGradeOf(withExam, { ...byKind, continuousShare: 100 }, 'first', true)).toBe(16);
    expect(termGradeOf(withExam, { ...byKind, continuousShare: 0 }, 'first', true)).toBe(15);
  });

  it('reads a term as its Jalali months of the school year', () => {
    expect(termRange(1405, 'first')).toEqual({ from: '2026-09-23', to: '2027-01-20' });
    expect(termRange(1405, 'azar').from).toBe('2026-11-22');
  });

  it('reads marks typed on any keyboard, from 0 to the max, two decimals at most', () => {
    expect(parseMark('۱۸٫۵', 20)).toBe(18.5);
    expect(parseMark('9/75', 10)).toBe(9.75);
    expect(parseMark('۲۱', 20)).toBeNull();
    expect(parseMark('-1', 20)).toBeNull();
    expect(parseMark('7.125', 10)).toBeNull();
  });
});
