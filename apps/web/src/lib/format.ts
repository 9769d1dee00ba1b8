import { digitsToPersian } from '@madreseh/contract/digits';
import { JALALI_MONTHS, type JalaliDate, tehranWallClock, toJalali } from '@madreseh/contract/jalali-calendar';
import { formatMoney, formatNumber, type MoneyUnit } from '@madreseh/contract/money';

/** Money and whole numbers are written by the contract's one formatter, shared with the server. */
export { digitsToPersian, formatMoney, formatNumber };

/**
 * The browser's Persian-calendar formatter, for instants before Iran's clock became fixed
 * (`tehranWallClock`). Made on first use: a formatter with a calendar and a time zone costs a phone tens
 * of milliseconds to build.
 */
let oldInstants: Intl.DateTimeFormat | undefined;
function oldInstantParts(d: Date): Intl.DateTimeFormatPart[] {
  oldInstants ??= new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
    timeZone: 'Asia/Tehran',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
  return oldInstants.formatToParts(d);
}

/** A Jalali day and a time of day on Tehran's clock. */
interface TehranTime extends JalaliDate {
  hour: number;
  minute: number;
}

const pad2 = (n: number) => String(n).padStart(2, '0');
const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function tehranTime(value: Date | string | number): TehranTime {
  // A calendar date (YYYY-MM-DD) is that day, whatever the clock: no time zone involved.
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) return { ...toJalali(value), hour: 12, minute: 0 };
  const d = value instanceof Date ? value : new Date(value);
  const wall = tehranWallClock(d);
  if (wall) return { ...toJalali(wall.toISOString()), hour: wall.getUTCHours(), minute: wall.getUTCMinutes() };
  // Older instants (and an invalid date, which throws here as the formatters always did).
  const parts = oldInstantParts(d);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value.replace(/\D/g, ''));
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

const dayText = ({ year, month, day }: JalaliDate) =>
  `${digitsToPersian(day)} ${JALALI_MONTHS[month - 1]} ${digitsToPersian(year)}`;

/** «۲ مهر ۱۴۰۵» */
export function formatJalaliDate(value: Date | string | number): string {
  return dayText(tehranTime(value));
}

/** «۱۴۰۵/۰۷/۰۲» */
export function formatJalaliShort(value: Date | string | number): string {
  const { year, month, day } = tehranTime(value);
  return digitsToPersian(`${year}/${pad2(month)}/${pad2(day)}`);
}

/** «۲ مهر ۱۴۰۵، ساعت ۱۴:۳۰» */
export function formatJalaliDateTime(value: Date | string | number): string {
  const t = tehranTime(value);
  return `${dayText(t)}، ساعت ${digitsToPersian(`${pad2(t.hour)}:${pad2(t.minute)}`)}`;
}

/** The Jalali year, month and day of an instant in Tehran, as numbers. */
export function jalaliParts(value: Date | string | number): JalaliDate {
  const { year, month, day } = tehranTime(value);
  return { year, month, day };
}

/**
 * A number as written in Persian: Persian digits and the Persian decimal mark «٫» (۱۸٫۷۵), no thousands
 * separator (scores, averages, what was typed). `places` rounds and drops trailing zeros.
 */
export function formatDecimal(value: number | string, places?: number): string {
  const text =
    typeof value === 'number' && places !== undefined ? value.toFixed(places).replace(/\.?0+$/, '') : String(value);
  return digitsToPersian(text).replace('.', '٫');
}

export type { MoneyUnit };

/**
 * A school year «۱۴۰۵–۱۴۰۶» that reads right to left: the marks keep the two numbers in order
 * inside Persian text (digits alone would be laid out left to right).
 */
export function formatAcademicYear(start: number): string {
  return `${digitsToPersian(start)}\u200f–\u200f${digitsToPersian(start + 1)}`;
}
