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

/** The browser's own Persian-calendar formatters in Tehran's time zone: what the arithmetic must equal. */
const intl = (options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', { timeZone: 'Asia/Tehran', ...options });
const intlDate = intl({ year: 'numeric', month: 'long', day: 'numeric' });
const intlShort = intl({ year: 'numeric', month: '2-digit', day: '2-digit' });
const intlTime = intl({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

describe("Jalali dates equal the browser's Persian calendar in Tehran", () => {
  it('for every instant every 97 minutes from the end of summer time to 2032', () => {
    const from = Date.UTC(2022, 8, 21, 19, 30);
    const to = Date.UTC(2032, 0, 1);
    let checked = 0;
    for (let t = from - 97 * 60_000 * 40; t < to; t += 97 * 60_000) {
      const d = new Date(t);
      expect(formatJalaliDate(d), d.toISOString()).toBe(intlDate.format(d));
      expect(formatJalaliShort(d), d.toISOString()).toBe(intlShort.format(d));
      expect(formatJalaliDateTime(d), d.toISOString()).toBe(`${intlDate.format(d)}، ساعت ${intlTime.format(d)}`);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(50_000);
  });

  it('around midnight in Tehran and at the turn of the year, and for older instants in summer time', () => {
    const instants = [
      '2026-03-20T20:29:59Z', // 23:59:59 on 29 Esfand 1404
      '2026-03-20T20:30:00Z', // 00:00 on 1 Farvardin 1405
      '2025-03-20T20:30:00Z', // Nowruz 1404 (1403 was a leap year)
      '2022-09-21T19:29:00Z', // the last minute of summer time
      '2022-09-21T19:30:00Z', // the first of the fixed clock
      '2021-06-01T20:00:00Z', // summer time: 00:30 the next day in Tehran
      '2015-01-01T00:00:00Z',
    ];
    for (const iso of instants) {
      const d = new Date(iso);
      expect(formatJalaliDateTime(iso), iso).toBe(`${intlDate.format(d)}، ساعت ${intlTime.format(d)}`);
      expect(formatJalaliShort(d.getTime()), iso).toBe(intlShort.format(d));
    }
  });

  it('for calendar dates, every day from 1950 to 2040 (birth dates, due dates)', () => {
    for (let t = Date.UTC(1950, 0, 1); t < Date.UTC(2040, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const noon = new Date(`${iso}T12:00:00+03:30`);
      expect(formatJalaliDate(iso), iso).toBe(intlDate.format(noon));
      expect(formatJalaliShort(iso), iso).toBe(intlShort.format(noon));
    }
  });

  it("an invalid date throws, as the browser's formatter does", () => {
    expect(() => formatJalaliDate('not a date')).toThrow(RangeError);
  });
});

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
