import { digitsToPersian } from '@madreseh/contract/digits';
import type { MoneyUnit } from '@madreseh/contract/payments/payment-schemas';

export { digitsToPersian };

const TZ = 'Asia/Tehran';

/**
 * A formatter made on first use: each Persian-calendar formatter costs tens of milliseconds to build on
 * a phone, and the module is evaluated while the student area starts (docs/decisions/0030).
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | null = null;
  return () => {
    made ??= new Intl.DateTimeFormat(locale, { timeZone: TZ, ...options });
    return made;
  };
}

const dateFmt = lazyFormat('fa-IR-u-ca-persian-nu-arabext', { year: 'numeric', month: 'long', day: 'numeric' });
const shortDateFmt = lazyFormat('fa-IR-u-ca-persian-nu-arabext', { year: 'numeric', month: '2-digit', day: '2-digit' });
const timeFmt = lazyFormat('fa-IR-u-ca-persian-nu-arabext', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const partsFmt = lazyFormat('en-US-u-ca-persian-nu-latn', { year: 'numeric', month: 'numeric', day: 'numeric' });

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  // A calendar date (YYYY-MM-DD) means that day in Tehran, not midnight UTC.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00+03:30`);
  return new Date(value);
}

/** «۲ مهر ۱۴۰۵» */
export function formatJalaliDate(value: Date | string | number): string {
  return dateFmt().format(toDate(value));
}

/** «۱۴۰۵/۰۷/۰۲» */
export function formatJalaliShort(value: Date | string | number): string {
  return shortDateFmt().format(toDate(value));
}

/** «۲ مهر ۱۴۰۵، ساعت ۱۴:۳۰» */
export function formatJalaliDateTime(value: Date | string | number): string {
  const d = toDate(value);
  return `${dateFmt().format(d)}، ساعت ${timeFmt().format(d)}`;
}

/** The Jalali year, month and day of an instant in Tehran, as numbers. */
export function jalaliParts(value: Date | string | number): { year: number; month: number; day: number } {
  const parts = partsFmt().formatToParts(toDate(value));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value.replace(/\D/g, ''));
  return { year: get('year'), month: get('month'), day: get('day') };
}

/** A whole number with Persian digits and Persian thousands separators: «۱٬۲۵۰٬۰۰۰». */
export function formatNumber(value: number | bigint): string {
  const negative = value < 0;
  const digits = (negative ? -value : value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '٬');
  return `${negative ? '−' : ''}${digitsToPersian(digits)}`;
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

/** An amount stored in Rials, shown in Rials or Tomans: «۱۲٬۵۰۰٬۰۰۰ ریال» / «۱٬۲۵۰٬۰۰۰ تومان». */
export function formatMoney(rials: number | bigint, unit: MoneyUnit = 'toman'): string {
  if (unit === 'rial') return `${formatNumber(rials)} ریال`;
  const r = BigInt(rials);
  const toman = r / 10n;
  const rest = r % 10n;
  const whole = formatNumber(toman);
  return rest === 0n
    ? `${whole} تومان`
    : `${whole}${digitsToPersian(`.${(rest < 0n ? -rest : rest).toString()}`).replace('.', '٫')} تومان`;
}

/**
 * A school year «۱۴۰۵–۱۴۰۶» that reads right to left: the marks keep the two numbers in order
 * inside Persian text (digits alone would be laid out left to right).
 */
export function formatAcademicYear(start: number): string {
  return `${digitsToPersian(start)}\u200f–\u200f${digitsToPersian(start + 1)}`;
}
