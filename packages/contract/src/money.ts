import { digitsToPersian } from './digits';
import type { MoneyUnit } from './payments/payment-schemas';

/**
 * How money is written for people, the one formatter of the pages, the bell, SMS and the first screens
 * the server draws: amounts are stored in Rials and shown in the school's unit (its payment settings'
 * money unit), with Persian digits and separators. Without zod: the public pages use it
 * (docs/decisions/0014).
 */

export type { MoneyUnit };

/** A whole number with Persian digits and Persian thousands separators: «۱٬۲۵۰٬۰۰۰». */
export function formatNumber(value: number | bigint): string {
  const negative = value < 0;
  const digits = (negative ? -value : value).toString().replace(/\B(?=(\d{3})+(?!\d))/g, '٬');
  return `${negative ? '−' : ''}${digitsToPersian(digits)}`;
}

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
