import { describe, expect, it } from 'vitest';
import { isValidMobile, isValidNationalCode, mobileSchema, nationalCodeSchema, normalizeMobile } from './iran';

// Valid codes computed with the check-digit rule: sum of the first nine digits weighted 10..2, r = sum % 11,
// check digit = r when r < 2, else 11 - r.
const VALID = [
  '0012345679', // r = 2 → 9
  '1234567891',
  '0088375145',
  '4499887763',
  '1000000060', // r = 0 → check digit 0
  '1000000011', // r = 1 → check digit 1
];

describe('isValidNationalCode', () => {
  it.each(VALID)('accepts %s', (code) => {
    expect(isValidNationalCode(code)).toBe(true);
  });

  it('rejects a wrong check digit', () => {
    expect(isValidNationalCode('0012345678')).toBe(false);
    expect(isValidNationalCode('1234567890')).toBe(false);
    expect(isValidNationalCode('1000000061')).toBe(false);
    expect(isValidNationalCode('1000000010')).toBe(false);
  });

  it('rejects wrong lengths, letters and ten equal digits', () => {
    expect(isValidNationalCode('')).toBe(false);
    expect(isValidNationalCode('001234567')).toBe(false);
    expect(isValidNationalCode('00123456790')).toBe(false);
    expect(isValidNationalCode('00123a5679')).toBe(false);
    expect(isValidNationalCode('0000000000')).toBe(false);
    expect(isValidNationalCode('1111111111')).toBe(false);
  });

  it('accepts Persian and Arabic digits and surrounding spaces', () => {
    expect(isValidNationalCode('۰۰۱۲۳۴۵۶۷۹')).toBe(true);
    expect(isValidNationalCode('٠٠١٢٣٤٥٦٧٩')).toBe(true);
    expect(isValidNationalCode(' 0012345679 ')).toBe(true);
    expect(isValidNationalCode('۰۰۱۲۳۴۵۶۷۸')).toBe(false);
  });

  it('the schema answers the Latin form and a Persian message for a bad code', () => {
    expect(nationalCodeSchema.parse('۰۰۱۲۳۴۵۶۷۹')).toBe('0012345679');
    const bad = nationalCodeSchema.safeParse('0012345678');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('کد ملی معتبر نیست.');
  });
});

describe('mobile numbers', () => {
  it('normalizes +98, 0098, a missing 0, spaces, dashes and Persian digits to 09xxxxxxxxx', () => {
    expect(normalizeMobile('09121234567')).toBe('09121234567');
    expect(normalizeMobile('+989121234567')).toBe('09121234567');
    expect(normalizeMobile('00989121234567')).toBe('09121234567');
    expect(normalizeMobile('9121234567')).toBe('09121234567');
    expect(normalizeMobile('0912 123-4567')).toBe('09121234567');
    expect(normalizeMobile('۰۹۱۲۱۲۳۴۵۶۷')).toBe('09121234567');
    expect(normalizeMobile('+۹۸۹۱۲۱۲۳۴۵۶۷')).toBe('09121234567');
    expect(normalizeMobile('٠٩١٢١٢٣٤٥٦٧')).toBe('09121234567');
  });

  it('validates only Iranian mobile numbers', () => {
    expect(isValidMobile('+98 912 123 4567')).toBe(true);
    expect(isValidMobile('۰۹۳۵۱۲۳۴۵۶۷')).toBe(true);
    expect(isValidMobile('02112345678')).toBe(false); // a Tehran landline
    expect(isValidMobile('0912123456')).toBe(false); // one digit short
    expect(isValidMobile('091212345678')).toBe(false); // one digit long
    expect(isValidMobile('+4915112345678')).toBe(false);
    expect(isValidMobile('')).toBe(false);
  });

  it('the schema answers the normalized number and a Persian message for a bad one', () => {
    expect(mobileSchema.parse('+98 912 123 4567')).toBe('09121234567');
    const bad = mobileSchema.safeParse('12345');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('شمارهٔ همراه باید به شکل ۰۹xxxxxxxxx باشد.');
  });
});
