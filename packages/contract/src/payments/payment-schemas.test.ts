import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_DAYS, exportRangeProblem } from './payment-schemas';

describe('the export range', () => {
  it('takes a range of one day up to 366 days, ends included', () => {
    expect(exportRangeProblem('2026-03-21', '2026-03-21')).toBeNull();
    expect(exportRangeProblem('2026-01-01', '2026-12-31')).toBeNull();
    expect(exportRangeProblem('2028-01-01', '2028-12-31')).toBeNull();
    expect(EXPORT_MAX_DAYS).toBe(366);
  });

  it('explains a reversed or too long range in Persian', () => {
    expect(exportRangeProblem('2026-03-22', '2026-03-21')).toBe('تاریخ پایان بازه نباید پیش از تاریخ شروع آن باشد.');
    expect(exportRangeProblem('2026-01-01', '2027-01-02')).toBe('بازهٔ خروجی حداکثر ۳۶۶ روز است.');
  });
});
