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

/**
 * Normalises text typed on Persian, Arabic or Latin keyboards so that searches and uniqueness
 * checks match: Arabic yeh/kaf become Persian, digits become Latin, zero-width and repeated spaces go.
 */
export function normalizePersian(input: string): string {
  return digitsToLatin(input)
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/ة/g, 'ه')
    .replace(/[\u064B-\u065F\u0670]/g, '')
    .replace(/\u200c/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Tidies a name as people typed it, for storing: Arabic yeh/kaf become Persian, spaces are trimmed
 * and collapsed; the zero-width non-joiner of names like «امینی‌پور» stays.
 */
export function tidyPersian(input: string): string {
  return input
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}
