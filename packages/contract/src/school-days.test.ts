import { describe, expect, it } from 'vitest';
import { jalaliWeekday } from './jalali-calendar';
import { isClosedDay, lastSchoolDay } from './school-days';

// 2026-11-26 is a Thursday, 2026-11-27 a Friday, 2026-11-28 a Saturday.
describe('the last school day', () => {
  it('is today on a school day', () => {
    expect(jalaliWeekday('2026-11-28')).toBe(0);
    expect(lastSchoolDay('2026-11-28', [])).toBe('2026-11-28');
  });

  it('is the Thursday before a Friday', () => {
    expect(isClosedDay('2026-11-27', [])).toBe(true);
    expect(lastSchoolDay('2026-11-27', [])).toBe('2026-11-26');
  });

  it('is the day before a run of holidays and the Friday in it', () => {
    const holidays = [{ date: '2026-11-29' }, { date: '2026-11-28' }, { date: '2026-11-26' }];
    expect(lastSchoolDay('2026-11-29', holidays)).toBe('2026-11-25');
    expect(lastSchoolDay('2026-11-29', new Set(['2026-11-29']))).toBe('2026-11-28');
  });
});
