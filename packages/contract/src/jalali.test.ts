import { describe, expect, it } from 'vitest';
import {
  academicYearOf,
  academicYearRange,
  formatJalaliIso,
  isLeapJalaliYear,
  isoDateInTehran,
  isoDateSchema,
  isoDateTimeSchema,
  isValidJalali,
  jalaliMonthLength,
  jalaliToIso,
  jalaliWeekday,
  parseJalaliDate,
  tehranDayStart,
  toJalali,
} from './jalali';

const intl = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

function intlJalali(iso: string) {
  const parts = intl.formatToParts(new Date(`${iso}T12:00:00Z`));
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value.replace(/\D/g, ''));
  return { year: get('year'), month: get('month'), day: get('day') };
}

describe('Jalali calendar', () => {
  it('agrees with the platform calendar on every day from 1380 to 1420', () => {
    const start = Date.UTC(2001, 2, 21);
    const end = Date.UTC(2041, 2, 21);
    for (let t = start; t < end; t += 86_400_000) {
      const iso = new Date(t).toISOString().slice(0, 10);
      const j = toJalali(iso);
      expect(j, iso).toEqual(intlJalali(iso));
      expect(jalaliToIso(j.year, j.month, j.day)).toBe(iso);
    }
  });

  it('knows known dates, leap years and month lengths', () => {
    expect(toJalali('2026-09-23')).toEqual({ year: 1405, month: 7, day: 1 });
    expect(toJalali('2025-03-21')).toEqual({ year: 1404, month: 1, day: 1 });
    expect(isLeapJalaliYear(1403)).toBe(true);
    expect(isLeapJalaliYear(1404)).toBe(false);
    expect(jalaliMonthLength(1403, 12)).toBe(30);
    expect(jalaliMonthLength(1404, 12)).toBe(29);
    expect(jalaliMonthLength(1404, 6)).toBe(31);
    expect(jalaliMonthLength(1404, 7)).toBe(30);
    expect(isValidJalali(1404, 12, 30)).toBe(false);
    expect(isValidJalali(1404, 13, 1)).toBe(false);
    expect(isValidJalali(1404, 0, 1)).toBe(false);
  });

  it('parses what people type, in any digits, and refuses dates that do not exist', () => {
    expect(parseJalaliDate('۱۴۰۵/۰۷/۰۱')).toBe('2026-09-23');
    expect(parseJalaliDate('١٤٠٥-٧-١')).toBe('2026-09-23');
    expect(parseJalaliDate(' 1405.7.1 ')).toBe('2026-09-23');
    expect(parseJalaliDate('1404/12/30')).toBeNull();
    expect(parseJalaliDate('1405/7')).toBeNull();
    expect(parseJalaliDate('')).toBeNull();
    expect(parseJalaliDate('abc')).toBeNull();
    expect(formatJalaliIso('2026-09-23')).toBe('1405/07/01');
  });

  it('takes the school year from 1 Mehr', () => {
    expect(academicYearOf('2026-09-23')).toEqual({ start: 1405, label: '1405-1406' });
    expect(academicYearOf('2026-09-22')).toEqual({ start: 1404, label: '1404-1405' });
    expect(academicYearRange(1405)).toEqual({ from: '2026-09-23', to: '2027-09-22' });
  });

  it('counts weekdays from Saturday', () => {
    expect(jalaliWeekday('2026-11-21')).toBe(0); // a Saturday
    expect(jalaliWeekday('2026-11-27')).toBe(6); // a Friday
  });

  it('accepts only real ISO calendar dates in the API', () => {
    expect(isoDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(isoDateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(isoDateSchema.safeParse('1405/07/01').success).toBe(false);
  });

  it('accepts dates and instants from 1900 to 2100 only (year 0000 would fail in PostgreSQL)', () => {
    expect(isoDateSchema.safeParse('1900-01-01').success).toBe(true);
    expect(isoDateSchema.safeParse('2100-12-31').success).toBe(true);
    for (const bad of ['0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31'])
      expect(isoDateSchema.safeParse(bad).success).toBe(false);
    const instant = isoDateTimeSchema();
    expect(instant.safeParse('2026-09-24T08:30:00Z').success).toBe(true);
    expect(instant.safeParse('2026-09-24T08:30:00+03:30').success).toBe(true);
    for (const bad of ['0000-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2101-01-01T00:00:00Z', 'now'])
      expect(instant.safeParse(bad).success).toBe(false);
    expect(parseJalaliDate('1279/01/01')).not.toBeNull();
    expect(parseJalaliDate('1479/01/01')).not.toBeNull();
    expect(parseJalaliDate('0001/01/01')).toBeNull();
    expect(parseJalaliDate('1278/12/29')).toBeNull();
    expect(parseJalaliDate('1480/01/01')).toBeNull();
  });

  it('starts a Tehran day at local midnight', () => {
    const start = tehranDayStart('2026-09-23');
    expect(start.toISOString()).toBe('2026-09-22T20:30:00.000Z');
    expect(isoDateInTehran(start)).toBe('2026-09-23');
    expect(isoDateInTehran(new Date(start.getTime() - 1))).toBe('2026-09-22');
  });

  it("names Tehran's day as its time-zone data does, every 53 minutes from 2021 to 2031", () => {
    const tz = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Tehran',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    for (let t = Date.UTC(2021, 0, 1); t < Date.UTC(2031, 0, 1); t += 53 * 60_000) {
      const d = new Date(t);
      expect(isoDateInTehran(d), d.toISOString()).toBe(tz.format(d));
    }
  });
});
