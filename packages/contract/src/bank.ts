import {
  getBankNameFromCardNumber,
  getShebaInfo,
  isPhoneNumberValid,
  isShebaValid,
  numberToWords,
  verifyCardNumber,
} from '@persian-tools/persian-tools';
import { digitsToLatin } from './text';

/**
 * Iranian bank details through `@persian-tools/persian-tools` (maintained, MIT): card numbers
 * (Luhn and the bank of their first six digits), Sheba account numbers (ISO 7064 and the bank code),
 * operators' mobile prefixes and amounts in words. The colours are the banks' own, for a card face.
 */
const BANK_COLORS: Record<string, string> = {
  'بانک ملی ایران': '#1b4d89',
  'بانک سپه': '#0b3f7e',
  'بانک صادرات ایران': '#1b3c84',
  'بانک ملت': '#c8102e',
  'بانک تجارت': '#00529b',
  'بانک کشاورزی': '#00843d',
  'بانک مسکن': '#f58220',
  'بانک رفاه کارگران': '#1a5e9a',
  'بانک پارسیان': '#8b1a2b',
  'بانک پاسارگاد': '#d4a017',
  'بانک سامان': '#0091d5',
  'بانک اقتصاد نوین': '#6a2c8e',
  'بانک سینا': '#0b6fb8',
  'بانک شهر': '#e31e24',
  'بانک دی': '#00a19a',
  'بانک آینده': '#f15a24',
  'بانک صنعت و معدن': '#005b96',
  'بانک توسعه صادرات': '#00539f',
  'بانک توسعه تعاون': '#00a651',
  'پست بانک ایران': '#2e7d32',
  'بانک قرض الحسنه رسالت': '#29a745',
  'بانک قرض الحسنه مهر ایران': '#1e8b4c',
  'بانک گردشگری': '#e2001a',
  'بانک کارآفرین': '#3d6e3b',
  'بانک سرمایه': '#b5121b',
  'بانک خاورمیانه': '#6d6e71',
  'بانک ایران زمین': '#6b3e98',
  'موسسه اعتباری ملل': '#1d8a99',
};

/** Digits only, Latin: «۶۰۳۷-۹۹۱۸ ...» → «60379918...». */
export const cardDigits = (raw: string): string => digitsToLatin(raw).replace(/[\s\-‌]/g, '');

/** A 16-digit card number whose check digit is right (Luhn). */
export function isValidCardNumber(raw: string): boolean {
  const digits = cardDigits(raw);
  return /^\d{16}$/.test(digits) && verifyCardNumber(Number(digits)) === true;
}

export interface BankOfCard {
  name: string;
  /** The bank's colour, for the card face; a neutral grey for a bank the table does not know. */
  color: string;
}

/** The bank that issued a card, from its first six digits; null when unknown or too short. */
export function bankOfCard(raw: string): BankOfCard | null {
  const digits = cardDigits(raw);
  if (digits.length < 6) return null;
  const name = getBankNameFromCardNumber(digits.slice(0, 16).padEnd(16, '0'));
  return name ? { name, color: BANK_COLORS[name] ?? '#495057' } : null;
}

/** «IR82 0540 1026 …» typed any way → «IR820540102680020817909002». */
export const shebaOf = (raw: string): string => {
  const s = digitsToLatin(raw)
    .replace(/[\s\-‌]/g, '')
    .toUpperCase();
  return /^\d{24}$/.test(s) ? `IR${s}` : s;
};

/** A valid Iranian Sheba: IR, 24 digits, right ISO 7064 check digits. */
export function isValidSheba(raw: string): boolean {
  const s = shebaOf(raw);
  return /^IR\d{24}$/.test(s) && isShebaValid(s);
}

/** The bank of a Sheba account number, in Persian; null when unknown. */
export function bankOfSheba(raw: string): string | null {
  return isValidSheba(raw) ? (getShebaInfo(shebaOf(raw))?.persianName ?? null) : null;
}

/** A mobile number (09…) of a prefix Iranian operators issue today. */
export function isOperatorMobile(mobile09: string): boolean {
  return /^09\d{9}$/.test(mobile09) && isPhoneNumberValid(mobile09);
}

/** A whole number of Rials or Tomans in Persian words: 1250000 → «یک میلیون و دویست و پنجاه هزار». */
export function amountInWords(n: number): string {
  if (n === 0) return 'صفر';
  const words = numberToWords(n);
  return typeof words === 'string' ? words : String(n);
}
