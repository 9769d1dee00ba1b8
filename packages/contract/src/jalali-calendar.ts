import { digitsToLatin } from './digits';

/**
 * The Jalali (Solar Hijri) calendar, shared by the server and the web app.
 *
 * Convention: the API carries calendar dates as ISO Gregorian strings (`2026-09-24`) and instants as
 * ISO date-times; people see and type Jalali dates (`۱۴۰۵/۰۷/۰۲`). This file converts between the two
 * (the arithmetic of the 2820-year cycle breaks used by Iran's calendar, valid for years 1–3177).
 * Pure arithmetic without zod, so the browser's public pages can use it without the schema library;
 * `jalali.ts` re-exports all of it with the date schemas.
 */

export interface JalaliDate {
  year: number;
  month: number;
  day: number;
}

export const JALALI_MONTHS = [
  'فروردین',
  'اردیبهشت',
  'خرداد',
  'تیر',
  'مرداد',
  'شهریور',
  'مهر',
  'آبان',
  'آذر',
  'دی',
  'بهمن',
  'اسفند',
] as const;

/** Week days from Saturday, the first day of the Iranian week. */
export const JALALI_WEEKDAYS = ['شنبه', 'یکشنبه', 'دوشنبه', 'سه‌شنبه', 'چهارشنبه', 'پنجشنبه', 'جمعه'] as const;

const BREAKS = [
  -61, 9, 38, 199, 426, 686, 756, 818, 1111, 1181, 1210, 1635, 2060, 2097, 2192, 2262, 2324, 2394, 2456, 3178,
];

const div = (a: number, b: number) => Math.trunc(a / b);
const mod = (a: number, b: number) => a - Math.trunc(a / b) * b;

function jalCal(jy: number): { leap: number; gy: number; march: number } {
  const gy = jy + 621;
  let leapJ = -14;
  let jp = BREAKS[0] as number;
  let jump = 0;
  if (jy < jp || jy >= (BREAKS[BREAKS.length - 1] as number)) throw new RangeError(`Jalali year out of range: ${jy}`);
  for (let i = 1; i < BREAKS.length; i += 1) {
    const jm = BREAKS[i] as number;
    jump = jm - jp;
    if (jy < jm) break;
    leapJ = leapJ + div(jump, 33) * 8 + div(mod(jump, 33), 4);
    jp = jm;
  }
  let n = jy - jp;
  leapJ = leapJ + div(n, 33) * 8 + div(mod(n, 33) + 3, 4);
  if (mod(jump, 33) === 4 && jump - n === 4) leapJ += 1;
  const leapG = div(gy, 4) - div((div(gy, 100) + 1) * 3, 4) - 150;
  const march = 20 + leapJ - leapG;
  if (jump - n < 6) n = n - jump + div(jump + 4, 33) * 33;
  let leap = mod(mod(n + 1, 33) - 1, 4);
  if (leap === -1) leap = 4;
  return { leap, gy, march };
}

function g2d(gy: number, gm: number, gd: number): number {
  let d = div((gy + div(gm - 8, 6) + 100100) * 1461, 4) + div(153 * mod(gm + 9, 12) + 2, 5) + gd - 34840408;
  d = d - div(div(gy + 100100 + div(gm - 8, 6), 100) * 3, 4) + 752;
  return d;
}

function d2g(jdn: number): { gy: number; gm: number; gd: number } {
  let j = 4 * jdn + 139361631;
  j = j + div(div(4 * jdn + 183187720, 146097) * 3, 4) * 4 - 3908;
  const i = div(mod(j, 1461), 4) * 5 + 308;
  const gd = div(mod(i, 153), 5) + 1;
  const gm = mod(div(i, 153), 12) + 1;
  const gy = div(j, 1461) - 100100 + div(8 - gm, 6);
  return { gy, gm, gd };
}

function j2d(jy: number, jm: number, jd: number): number {
  const r = jalCal(jy);
  return g2d(r.gy, 3, r.march) + (jm - 1) * 31 - div(jm, 7) * (jm - 7) + jd - 1;
}

function d2j(jdn: number): JalaliDate {
  const { gy } = d2g(jdn);
  let year = gy - 621;
  const r = jalCal(year);
  let k = jdn - g2d(gy, 3, r.march);
  if (k >= 0) {
    if (k <= 185) return { year, month: 1 + div(k, 31), day: mod(k, 31) + 1 };
    k -= 186;
  } else {
    year -= 1;
    k += 179;
    if (r.leap === 1) k += 1;
  }
  return { year, month: 7 + div(k, 30), day: mod(k, 30) + 1 };
}

export function isLeapJalaliYear(year: number): boolean {
  return jalCal(year).leap === 0;
}

export function jalaliMonthLength(year: number, month: number): number {
  if (month <= 6) return 31;
  if (month <= 11) return 30;
  return isLeapJalaliYear(year) ? 30 : 29;
}

export function isValidJalali(year: number, month: number, day: number): boolean {
  if (![year, month, day].every(Number.isInteger)) return false;
  if (year < 1 || year > 3177 || month < 1 || month > 12 || day < 1) return false;
  return day <= jalaliMonthLength(year, month);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `2026-09-24` (or a Date, taken as that day in Tehran) → `{ year: 1405, month: 7, day: 2 }`. */
export function toJalali(value: string | Date): JalaliDate {
  const iso = typeof value === 'string' ? value : isoDateInTehran(value);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) throw new RangeError(`Not an ISO date: ${iso}`);
  return d2j(g2d(Number(m[1]), Number(m[2]), Number(m[3])));
}

/** `1405, 7, 2` → `2026-09-24`. */
export function jalaliToIso(year: number, month: number, day: number): string {
  const { gy, gm, gd } = d2g(j2d(year, month, day));
  return `${pad(gy, 4)}-${pad(gm)}-${pad(gd)}`;
}

/** `2026-09-24` → `1405/07/02` (Latin digits; the web app shows them in Persian). */
export function formatJalaliIso(iso: string): string {
  const { year, month, day } = toJalali(iso);
  return `${year}/${pad(month)}/${pad(day)}`;
}

/**
 * What a person typed (`۱۴۰۵/۷/۲`, `1405-07-02`, `١٤٠٥.٠٧.٠٢`) → `2026-09-24`, or null when it is not a real
 * Jalali date.
 */
export function parseJalaliDate(text: string): string | null {
  const m = /^\s*(\d{4})\s*[/\-.]\s*(\d{1,2})\s*[/\-.]\s*(\d{1,2})\s*$/.exec(digitsToLatin(text));
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < DATE_RANGE.jalaliFrom || year > DATE_RANGE.jalaliTo) return null;
  return isValidJalali(year, month, day) ? jalaliToIso(year, month, day) : null;
}

/**
 * Iran's last summer time ended at 24:00 on 30 Shahrivar 1401 (2022-09-21, UTC+04:30); since then its
 * clock is UTC+03:30 all year. From that instant on, Tehran's date and time are plain arithmetic (no
 * time-zone formatter to build while a page starts, docs/decisions/0032); before it, the time-zone data
 * of the browser or the server decides.
 */
const FIXED_CLOCK_SINCE = Date.UTC(2022, 8, 21, 19, 30);
/** Four-digit years only, as ISO dates are written. */
const FIXED_CLOCK_UNTIL = Date.UTC(9999, 11, 31);
const TEHRAN_OFFSET_MS = (3 * 60 + 30) * 60_000;

/**
 * Tehran's wall clock at an instant, as a Date whose UTC fields read it (`getUTCHours()` is the hour in
 * Tehran), or null for an instant before the fixed clock (or an invalid date).
 */
export function tehranWallClock(instant: Date): Date | null {
  const t = instant.getTime();
  return t >= FIXED_CLOCK_SINCE && t < FIXED_CLOCK_UNTIL ? new Date(t + TEHRAN_OFFSET_MS) : null;
}

// Built on first use, for instants before the fixed clock only: a formatter with a time zone costs a
// phone tens of milliseconds to make.
let tehranParts: Intl.DateTimeFormat | undefined;

/** The calendar day (ISO) of an instant in Tehran. */
export function isoDateInTehran(instant: Date = new Date()): string {
  const wall = tehranWallClock(instant);
  if (wall) return wall.toISOString().slice(0, 10);
  tehranParts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return tehranParts.format(instant);
}

/** The instant a Tehran calendar day (ISO) starts; Iran keeps UTC+03:30 all year. */
export function tehranDayStart(iso: string): Date {
  return new Date(`${iso}T00:00:00+03:30`);
}

/** Today's date in Tehran, ISO. */
export function todayIso(): string {
  return isoDateInTehran(new Date());
}

/** The day of the week, 0 = Saturday … 6 = Friday, of an ISO date. */
export function jalaliWeekday(iso: string): number {
  const d = new Date(`${iso.slice(0, 10)}T12:00:00Z`);
  return (d.getUTCDay() + 1) % 7;
}

/**
 * The Iranian school year a date falls in: it starts on 1 Mehr (month 7) and runs to the end of
 * Shahrivar. 2026-09-24 (1405/07/02) → `{ start: 1405, label: '1405-1406' }`.
 */
export function academicYearOf(value: string | Date = new Date()): { start: number; label: string } {
  const { year, month } = toJalali(value);
  const start = month >= 7 ? year : year - 1;
  return { start, label: academicYearLabel(start) };
}

export function academicYearLabel(start: number): string {
  return `${start}-${start + 1}`;
}

/** The first and last ISO day of the school year starting in Mehr of `start`. */
export function academicYearRange(start: number): { from: string; to: string } {
  return { from: jalaliToIso(start, 7, 1), to: jalaliToIso(start + 1, 6, 31) };
}

/** Calendar years the API accepts (Gregorian) and the Jalali years of the same span, roughly. */
export const DATE_RANGE = { from: '1900-01-01', to: '2100-12-31', jalaliFrom: 1279, jalaliTo: 1479 } as const;

/** True for an ISO day `YYYY-MM-DD` that exists and lies in 1900–2100. */
export function isSaneIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= DATE_RANGE.from && s <= DATE_RANGE.to;
}
