import { describe, expect, it } from 'vitest';
import { comparePersian, normalizeTypedText, parseDecimal, persianSortKey } from './persian';

describe('persianSortKey / comparePersian', () => {
  it('orders names in the Persian alphabet, not by Unicode code point', () => {
    const names = [
      'یاسمن',
      'گلناز',
      'کامران',
      'ژاله',
      'چنگیز',
      'پرویز',
      'نازنین',
      'وحید',
      'هادی',
      'آرش',
      'امید',
      'بهار',
    ];
    expect([...names].sort(comparePersian)).toEqual([
      'آرش',
      'امید',
      'بهار',
      'پرویز',
      'چنگیز',
      'ژاله',
      'کامران',
      'گلناز',
      'نازنین',
      'وحید',
      'هادی',
      'یاسمن',
    ]);
  });

  it('sorts Arabic-typed ي/ك as ی/ک and ignores vowel marks and tatweel', () => {
    expect(persianSortKey('كريمي')).toBe(persianSortKey('کریمی'));
    expect(persianSortKey('مُحَمَّد')).toBe(persianSortKey('محمد'));
    expect(persianSortKey('کـریم')).toBe(persianSortKey('کریم'));
    expect(comparePersian('كريمي', 'گودرزی')).toBe(-1);
  });

  it('treats the zero-width non-joiner as a space, so a shorter name comes first', () => {
    expect(comparePersian('امینی', 'امینی‌پور')).toBe(-1);
    expect(persianSortKey('امینی‌پور')).toBe(persianSortKey('امینی پور'));
  });
});

describe('normalizeTypedText', () => {
  it('turns Arabic yeh, alef maksura, kaf and Arabic-Indic digits into Persian ones', () => {
    expect(normalizeTypedText('علي موسى كريمي ٠٩١٢')).toBe('علی موسی کریمی ۰۹۱۲');
  });
  it('keeps spaces, line breaks and the zero-width non-joiner', () => {
    expect(normalizeTypedText('  می‌روم\nخانه  ')).toBe('  می‌روم\nخانه  ');
  });
});

describe('parseDecimal', () => {
  it('reads a decimal however a Persian, Arabic or Latin keyboard types it', () => {
    for (const typed of ['۱۸٫۷۵', '18/75', '۱۸/۷۵', '18.75', '١٨٫٧٥', ' 18,75 ', '۱۸.۷۵']) {
      expect(parseDecimal(typed)).toBe(18.75);
    }
    expect(parseDecimal('۲۰')).toBe(20);
    expect(parseDecimal('.5')).toBe(0.5);
    expect(parseDecimal(17)).toBe(17);
  });
  it('answers null for what is not one number', () => {
    for (const typed of ['', 'abc', '18/7/5', '1e3', '--1', '١٨ ٧٥']) {
      expect(parseDecimal(typed)).toBeNull();
    }
  });
});
