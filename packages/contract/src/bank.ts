import { getBankNameFromCardNumber, getShebaInfo, numberToWords } from '@persian-tools/persian-tools';
import { cardDigits, isValidSheba, shebaOf } from './bank-checks';

export { cardDigits, isOperatorMobile, isValidCardNumber, isValidSheba, shebaOf } from './bank-checks';

/**
 * Iranian bank details through `@persian-tools/persian-tools` (maintained, MIT): the bank of a card
 * (its first six digits) or of a Sheba number (its bank code) and amounts in words; the checks
 * themselves are in bank-checks.ts, without the library, so light pages can use them. The colours are the banks' own, for a card face.
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

/** The bank of a Sheba account number, in Persian; null when unknown. */
export function bankOfSheba(raw: string): string | null {
  return isValidSheba(raw) ? (getShebaInfo(shebaOf(raw))?.persianName ?? null) : null;
}

/** A whole number of Rials or Tomans in Persian words: 1250000 → «یک میلیون و دویست و پنجاه هزار». */
export function amountInWords(n: number): string {
  if (n === 0) return 'صفر';
  const words = numberToWords(n);
  return typeof words === 'string' ? words : String(n);
}
