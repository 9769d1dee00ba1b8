import { describe, expect, it } from 'vitest';
import { idParamSchema, idSchema, MAX_ID } from './ids';
import {
  CONTROL_CHARACTER_MESSAGE,
  digitsToLatin,
  digitsToPersian,
  hasControlCharacters,
  multilineText,
  normalizePersian,
  text,
} from './text';

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

describe('text and multilineText: no control characters', () => {
  const nul = String.fromCharCode(0);
  const bell = String.fromCharCode(7);
  const del = String.fromCharCode(0x7f);

  it('refuse NUL, the other C0 controls and DEL, with a Persian message', () => {
    for (const bad of [`a${nul}b`, nul, `x${bell}`, `y${del}`, `\u001b[31m`]) {
      const one = text().safeParse(bad);
      const many = multilineText().safeParse(bad);
      expect(one.success).toBe(false);
      expect(many.success).toBe(false);
      expect(one.error?.issues[0]?.message).toBe(CONTROL_CHARACTER_MESSAGE);
    }
  });

  it('one line refuses tab and line breaks; several lines accept them', () => {
    for (const s of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(text().safeParse(s).success).toBe(false);
      expect(multilineText().safeParse(s).data).toBe(s);
    }
    expect(text().trim().max(20).safeParse('  سلام‌دنیا ۱۲۳  ').data).toBe('سلام‌دنیا ۱۲۳');
    expect(hasControlCharacters('سلام')).toBe(false);
    expect(hasControlCharacters('a\nb', true)).toBe(false);
    expect(hasControlCharacters(`a${nul}`, true)).toBe(true);
  });
});

describe('ids have the bounds of their column', () => {
  it('accept 1 … 2^31-1 and nothing else', () => {
    expect(idSchema.safeParse(1).success).toBe(true);
    expect(idSchema.safeParse(MAX_ID).success).toBe(true);
    for (const bad of [0, -1, 2 ** 31, 2 ** 53, 1.5, Number.NaN, '1', null])
      expect(idSchema.safeParse(bad).success).toBe(false);
    expect(idParamSchema.safeParse('42').data).toBe(42);
    for (const bad of ['2147483648', '0', '-3', 'abc', '1e400', ''])
      expect(idParamSchema.safeParse(bad).success).toBe(false);
  });
});
