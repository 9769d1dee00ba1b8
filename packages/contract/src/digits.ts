/** Digit conversions, without zod: the public pages use them (docs/decisions/0014). */

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';

/** Persian and Arabic-Indic digits to Latin digits; other characters stay. */
export function digitsToLatin(input: string): string {
  let out = '';
  for (const ch of input) {
    let i = PERSIAN_DIGITS.indexOf(ch);
    if (i < 0) i = ARABIC_DIGITS.indexOf(ch);
    out += i >= 0 ? String(i) : ch;
  }
  return out;
}

/** Latin digits to Persian digits, for display. */
export function digitsToPersian(input: string | number): string {
  return String(input).replace(/[0-9]/g, (d) => PERSIAN_DIGITS[Number(d)] ?? d);
}
