import { digitsToLatin } from './text';

/**
 * The checks on bank details that forms and the contract need: Luhn for cards, ISO 7064 for Sheba
 * numbers, operators' mobile prefixes. No dependency, so every page that validates a mobile number
 * or a receipt stays light; the names of banks and amounts in words are in bank.ts.
 */

/** Digits only, Latin: «۶۰۳۷-۹۹۱۸ ...» → «60379918...». */
export const cardDigits = (raw: string): string => digitsToLatin(raw).replace(/[\s\-‌]/g, '');

/** A 16-digit card number whose check digit is right (Luhn). */
export function isValidCardNumber(raw: string): boolean {
  const digits = cardDigits(raw);
  if (!/^\d{16}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 16; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** «IR82 0540 1026 …» typed any way → «IR820540102680020817909002». */
export const shebaOf = (raw: string): string => {
  const s = digitsToLatin(raw)
    .replace(/[\s\-‌]/g, '')
    .toUpperCase();
  return /^\d{24}$/.test(s) ? `IR${s}` : s;
};

/** A valid Iranian Sheba: IR, 24 digits, right ISO 7064 (mod 97) check digits. */
export function isValidSheba(raw: string): boolean {
  const s = shebaOf(raw);
  if (!/^IR\d{24}$/.test(s)) return false;
  // The account part, then I=18 R=27, then the check digits: the remainder by 97 is 1.
  const digits = `${s.slice(4)}1827${s.slice(2, 4)}`;
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

/**
 * Prefixes Iranian mobile operators issue (Hamrah-e Avval, Irancell, RighTel, Shatel Mobile, …), as
 * listed by `@persian-tools/persian-tools` 4.0.4; bank.test.ts checks this list against it.
 */
export const MOBILE_PREFIXES = [
  '0900',
  '0901',
  '0902',
  '0903',
  '0904',
  '0905',
  '0910',
  '0911',
  '0912',
  '0913',
  '0914',
  '0915',
  '0916',
  '0917',
  '0918',
  '0919',
  '0920',
  '0921',
  '0922',
  '0923',
  '0930',
  '0932',
  '0933',
  '0935',
  '0936',
  '0937',
  '0938',
  '0939',
  '0941',
  '0990',
  '0991',
  '0992',
  '0993',
  '0994',
  '0995',
  '0996',
  '0998',
  '0999',
] as const;
const PREFIXES = new Set<string>(MOBILE_PREFIXES);

/** A mobile number (09…) of a prefix Iranian operators issue today. */
export function isOperatorMobile(mobile09: string): boolean {
  return /^09\d{9}$/.test(mobile09) && PREFIXES.has(mobile09.slice(0, 4));
}
