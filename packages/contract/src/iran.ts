import { isOperatorMobile } from './bank-checks';
import { digitsToLatin, text } from './text';

/** Iranian national code (کد ملی): ten digits whose last one is a check digit. */
export function isValidNationalCode(raw: string): boolean {
  const code = digitsToLatin(raw).trim();
  if (!/^\d{10}$/.test(code)) return false;
  if (/^(\d)\1{9}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(code[i]) * (10 - i);
  const rest = sum % 11;
  const check = Number(code[9]);
  return rest < 2 ? check === rest : check === 11 - rest;
}

/** Iranian mobile: 09xxxxxxxxx, also accepting +98 / 0098 prefixes and Persian digits. */
export function normalizeMobile(raw: string): string {
  let m = digitsToLatin(raw).replace(/[\s-]/g, '');
  if (m.startsWith('+98')) m = `0${m.slice(3)}`;
  else if (m.startsWith('0098')) m = `0${m.slice(4)}`;
  else if (/^9\d{9}$/.test(m)) m = `0${m}`;
  return m;
}

export function isValidMobile(raw: string): boolean {
  return /^09\d{9}$/.test(normalizeMobile(raw));
}

export const nationalCodeSchema = text({ error: 'کد ملی را وارد کنید.' })
  .transform((v) => digitsToLatin(v).trim())
  .refine(isValidNationalCode, { message: 'کد ملی معتبر نیست.' });

export const mobileSchema = text({ error: 'شمارهٔ همراه را وارد کنید.' })
  .transform(normalizeMobile)
  .refine((v) => /^09\d{9}$/.test(v), { message: 'شمارهٔ همراه باید به شکل ۰۹xxxxxxxxx باشد.', abort: true })
  // Only prefixes Iranian operators issue today (a maintained list, see bank.ts).
  .refine(isOperatorMobile, { message: 'این پیش‌شماره از هیچ اپراتور همراهی در ایران نیست.' });
