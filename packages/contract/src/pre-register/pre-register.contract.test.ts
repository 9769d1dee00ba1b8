import { describe, expect, it } from 'vitest';
import { preRegisterBodySchema } from './pre-register.contract';

const birthDateMessages = (birthDate: unknown) =>
  (preRegisterBodySchema.safeParse({ birthDate }).error?.issues ?? [])
    .filter((i) => i.path[0] === 'birthDate')
    .map((i) => i.message);

describe('pre-registration birth date', () => {
  it('says an empty birth date is required', () => {
    for (const v of ['', null, undefined]) expect(birthDateMessages(v)).toEqual(['تاریخ تولد را وارد کنید.']);
  });
});

describe('pre-registration average', () => {
  it('reads «۱۸٫۷۵», «18/75», «۱۸/۷۵» and «18.75» alike and refuses words', () => {
    const average = (lastAverage: unknown) =>
      preRegisterBodySchema.safeParse({ lastAverage }).error?.issues.find((i) => i.path[0] === 'lastAverage')?.message;
    for (const v of ['۱۸٫۷۵', '18/75', '۱۸/۷۵', '18.75', '', 18.75]) expect(average(v)).toBeUndefined();
    expect(average('هجده')).toBe('معدل باید عدد باشد.');
    expect(average('۲۱')).toBe('معدل باید بین ۰ و ۲۰ باشد.');
  });
});
