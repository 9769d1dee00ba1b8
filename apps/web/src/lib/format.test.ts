import { describe, expect, it } from 'vitest';
import {
  digitsToPersian,
  formatAcademicYear,
  formatDecimal,
  formatJalaliDate,
  formatJalaliDateTime,
  formatJalaliShort,
  formatMoney,
  formatNumber,
  jalaliParts,
} from './format';

describe('Jalali dates (Asia/Tehran)', () => {
  it('shows a calendar date as the same Jalali day, with Persian digits', () => {
    // 1 Farvardin 1405 = 21 March 2026 (Nowruz).
    expect(formatJalaliDate('2026-03-21')).toBe('۱ فروردین ۱۴۰۵');
    expect(formatJalaliShort('2026-03-21')).toBe('۱۴۰۵/۰۱/۰۱');
    expect(jalaliParts('2026-03-21')).toEqual({ year: 1405, month: 1, day: 1 });
  });

  it('first of Mehr, the start of the school year', () => {
    expect(jalaliParts('2026-09-23')).toEqual({ year: 1405, month: 7, day: 1 });
    expect(formatJalaliDate('2026-09-23')).toBe('۱ مهر ۱۴۰۵');
  });

  it('an instant is shown in Tehran time: 21:00 UTC is already the next day in Tehran', () => {
    expect(jalaliParts(new Date('2026-03-20T21:00:00Z'))).toEqual({ year: 1405, month: 1, day: 1 });
    expect(formatJalaliDateTime('2026-03-21T06:30:00Z')).toBe('۱ فروردین ۱۴۰۵، ساعت ۱۰:۰۰');
  });
});

describe('numbers and money', () => {
  it('writes decimals with the Persian decimal mark, rounded when asked', () => {
    expect(formatDecimal(18.75)).toBe('۱۸٫۷۵');
    expect(formatDecimal('17.5')).toBe('۱۷٫۵');
    expect(formatDecimal(20)).toBe('۲۰');
    expect(formatDecimal(16.666666, 2)).toBe('۱۶٫۶۷');
    expect(formatDecimal(15.5, 2)).toBe('۱۵٫۵');
    expect(formatDecimal(19, 2)).toBe('۱۹');
  });

  it('writes Persian digits with Persian thousands separators', () => {
    expect(digitsToPersian('2026')).toBe('۲۰۲۶');
    expect(formatNumber(0)).toBe('۰');
    expect(formatNumber(999)).toBe('۹۹۹');
    expect(formatNumber(1250000)).toBe('۱٬۲۵۰٬۰۰۰');
    expect(formatNumber(-1500)).toBe('−۱٬۵۰۰');
    expect(formatNumber(12345678901234567890n)).toBe('۱۲٬۳۴۵٬۶۷۸٬۹۰۱٬۲۳۴٬۵۶۷٬۸۹۰');
  });

  it('shows Rials as Rials or Tomans', () => {
    expect(formatMoney(12_500_000, 'rial')).toBe('۱۲٬۵۰۰٬۰۰۰ ریال');
    expect(formatMoney(12_500_000, 'toman')).toBe('۱٬۲۵۰٬۰۰۰ تومان');
    expect(formatMoney(12_500_005, 'toman')).toBe('۱٬۲۵۰٬۰۰۰٫۵ تومان');
    expect(formatMoney(0)).toBe('۰ تومان');
  });
});

describe('formatAcademicYear', () => {
  it('writes both years in Persian digits, kept in reading order', () => {
    expect(formatAcademicYear(1405)).toBe('۱۴۰۵\u200f–\u200f۱۴۰۶');
  });
});
