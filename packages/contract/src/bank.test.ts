import { isPhoneNumberValid, isShebaValid, verifyCardNumber } from '@persian-tools/persian-tools';
import { describe, expect, it } from 'vitest';
import { amountInWords, bankOfCard, bankOfSheba, isOperatorMobile, isValidCardNumber, isValidSheba } from './bank';

describe('card numbers', () => {
  it('checks the Luhn digit, with Persian digits and dashes typed', () => {
    expect(isValidCardNumber('6219861034529007')).toBe(true);
    expect(isValidCardNumber('۶۲۱۹-۸۶۱۰-۳۴۵۲-۹۰۰۷')).toBe(true);
    expect(isValidCardNumber('6219861034529008')).toBe(false);
    expect(isValidCardNumber('621986103452900')).toBe(false);
  });

  it('names the bank and its colour from the first six digits', () => {
    expect(bankOfCard('6219861034529007')).toEqual({ name: 'بانک سامان', color: '#0091d5' });
    expect(bankOfCard('603799')?.name).toBe('بانک ملی ایران');
    expect(bankOfCard('60')).toBeNull();
  });
});

describe('Sheba', () => {
  it('validates IR and 24 digits with their check digits', () => {
    expect(isValidSheba('IR820540102680020817909002')).toBe(true);
    expect(isValidSheba('ir82 0540 1026 8002 0817 9090 02')).toBe(true);
    expect(isValidSheba('IR820540102680020817909003')).toBe(false);
    expect(isValidSheba('IR8205401026800208179090')).toBe(false);
    expect(bankOfSheba('IR820540102680020817909002')).toBe('بانک پارسیان');
  });
});

describe('mobile prefixes', () => {
  it('takes prefixes the operators issue and refuses others', () => {
    for (const m of ['09123456789', '09351234567', '09901234567', '09211234567', '09981234567', '09411234567']) {
      expect(isOperatorMobile(m)).toBe(true);
    }
    for (const m of ['09631234567', '09511234567', '0912345678']) expect(isOperatorMobile(m)).toBe(false);
  });
});

describe('amountInWords', () => {
  it('writes an amount in Persian words', () => {
    expect(amountInWords(1250000)).toBe('یک میلیون و دویست و پنجاه هزار');
    expect(amountInWords(0)).toBe('صفر');
  });
});

describe('the checks without the library agree with it', () => {
  it('on every mobile prefix 0900–0999', () => {
    for (let i = 0; i < 100; i++) {
      const mobile = `09${String(i).padStart(2, '0')}1234567`;
      expect(isOperatorMobile(mobile), mobile).toBe(isPhoneNumberValid(mobile));
    }
  });

  it('on card numbers and Sheba numbers, right and wrong', () => {
    for (let i = 0; i < 2000; i++) {
      const card = `6037${String(i * 7919).padStart(12, '0')}`;
      expect(isValidCardNumber(card), card).toBe(verifyCardNumber(Number(card)));
      const sheba = `IR${String(i % 100).padStart(2, '0')}0170000000${String(i * 104729).padStart(12, '0')}`;
      expect(isValidSheba(sheba), sheba).toBe(isShebaValid(sheba));
    }
  });
});
