import { describe, expect, it } from 'vitest';
import { digitsToLatin, digitsToPersian, normalizePersian } from './text';

describe('digitsToLatin', () => {
  it('turns Persian and Arabic-Indic digits into Latin ones and keeps everything else', () => {
    expect(digitsToLatin('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(digitsToLatin('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(digitsToLatin('student۱')).toBe('student1');
    expect(digitsToLatin('کلاس ۷ و ٨ - 9')).toBe('کلاس 7 و 8 - 9');
    expect(digitsToLatin('')).toBe('');
  });
});

describe('digitsToPersian', () => {
  it('turns Latin digits into Persian ones, for strings and numbers', () => {
    expect(digitsToPersian('0123456789')).toBe('۰۱۲۳۴۵۶۷۸۹');
    expect(digitsToPersian(1403)).toBe('۱۴۰۳');
    expect(digitsToPersian('کلاس 7A')).toBe('کلاس ۷A');
  });

  it('round-trips with digitsToLatin', () => {
    expect(digitsToLatin(digitsToPersian('09121234567'))).toBe('09121234567');
  });
});

describe('normalizePersian', () => {
  it('turns Arabic yeh and kaf into Persian ی and ک', () => {
    expect(normalizePersian('علي')).toBe('علی');
    expect(normalizePersian('موسى')).toBe('موسی');
    expect(normalizePersian('كريمي')).toBe('کریمی');
    expect(normalizePersian('كريمي')).toBe(normalizePersian('کریمی'));
  });

  it('turns teh marbuta into heh and drops Arabic diacritics', () => {
    expect(normalizePersian('فاطمة')).toBe('فاطمه');
    expect(normalizePersian('مُحَمَّد')).toBe('محمد');
  });

  it('turns digits Latin, zero-width non-joiners into spaces, collapses and trims spaces', () => {
    expect(normalizePersian('  کلاس   ۷  ')).toBe('کلاس 7');
    expect(normalizePersian('می\u200cروم')).toBe('می روم');
    expect(normalizePersian('\tعلی\n رضایی ')).toBe('علی رضایی');
  });
});
