import { preRegisterBodySchema } from '@madreseh/contract/pre-register/pre-register.contract';
import { describe, expect, it } from 'vitest';
import { zodFieldErrors } from '../../lib/form-errors';
import { fieldSections } from './fields';

const record = {
  firstName: 'نیما',
  lastName: 'توکلی',
  nationalCode: '0712345671',
  birthDate: '2014-03-25',
  gender: 'male' as const,
  grade: 7,
  previousSchool: '',
  lastAverage: 19.25,
  fatherName: 'کاوه',
  fatherMobile: '09127778899',
  fatherJob: '',
  motherName: 'شیرین',
  motherMobile: '',
  motherJob: '',
  phone: '',
  address: 'شیراز',
  notes: '',
};

describe('fieldSections', () => {
  it('shows every field with Persian digits, a Jalali birth date and a dash for empty ones', () => {
    const rows = new Map(fieldSections(record).flatMap((s) => s.rows.map(([k, v]) => [k, v] as const)));
    expect(rows.get('تاریخ تولد')).toBe('۱۳۹۳/۰۱/۰۵');
    expect(rows.get('کد ملی دانش‌آموز')).toBe('۰۷۱۲۳۴۵۶۷۱');
    expect(rows.get('معدل سال گذشته (۰ تا ۲۰)')).toBe('۱۹٫۲۵');
    expect(rows.get('پایهٔ درخواستی')).toBe('هفتم');
    expect(rows.get('مدرسهٔ قبلی')).toBe('—');
    expect(rows.size).toBe(17);
  });

  it('shows phones in one form, marked to read left to right however they were typed', () => {
    const rows = fieldSections({ ...record, fatherMobile: '+98 912 345 6789', phone: '021-8877 6655' }).flatMap(
      (s) => s.rows,
    );
    const row = (label: string) => rows.find(([k]) => k === label);
    expect(row('همراه پدر')).toEqual(['همراه پدر', '۰۹۱۲۳۴۵۶۷۸۹', 'ltr']);
    expect(row('تلفن ثابت')).toEqual(['تلفن ثابت', '۰۲۱۸۸۷۷۶۶۵۵', 'ltr']);
  });
});

describe('zodFieldErrors', () => {
  it('answers Persian messages only for the fields of the current step', () => {
    const errors = zodFieldErrors(preRegisterBodySchema, { ...record, nationalCode: '0712345672', fatherMobile: '1' }, [
      'nationalCode',
    ]);
    expect(errors).toEqual({ nationalCode: 'کد ملی معتبر نیست.' });
  });
});
