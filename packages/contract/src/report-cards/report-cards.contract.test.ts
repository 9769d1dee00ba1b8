import { describe, expect, it } from 'vitest';
import { tidyPersian } from '../text';
import { parseDescriptive, parseScore, weightedAverage } from './report-cards.contract';

describe('parseScore', () => {
  it.each([
    ['18', 18],
    ['۱۸٫۵', 18.5],
    ['١٧٫٢٥', 17.25],
    ['19/75', 19.75],
    ['0', 0],
    ['20', 20],
    [' 7.5 ', 7.5],
    [12, 12],
  ] as const)('%s → %s', (raw, score) => expect(parseScore(raw)).toBe(score));

  it.each(['21', '-1', '20.5', '۱۸٫۵۵۵', 'abc', '', '1e1', '18..5'])('refuses %s', (raw) =>
    expect(parseScore(raw)).toBeNull(),
  );
});

describe('parseDescriptive', () => {
  it('takes keys and Persian labels, with Arabic yeh', () => {
    expect(parseDescriptive('excellent')).toBe('excellent');
    expect(parseDescriptive('خیلی خوب')).toBe('excellent');
    expect(parseDescriptive('قابل قبول')).toBe('acceptable');
    expect(parseDescriptive('نياز به تلاش بيشتر')).toBe('needs-effort');
    expect(parseDescriptive('عالی')).toBeNull();
  });
});

describe('weightedAverage', () => {
  it('weights scores and skips the missing ones', () => {
    expect(
      weightedAverage([
        { score: 18.5, weight: 4 },
        { score: 9.75, weight: 3 },
        { score: null, weight: 2 },
      ]),
    ).toBe(14.75);
    expect(weightedAverage([{ score: null, weight: 1 }])).toBeNull();
    expect(weightedAverage([])).toBeNull();
  });
});

describe('tidyPersian', () => {
  it('keeps the zero-width non-joiner and fixes Arabic letters', () => {
    expect(tidyPersian('  امينی\u200cپور   كريمي ')).toBe('امینی\u200cپور کریمی');
  });
});
