import { describe, expect, it } from 'vitest';
import { isMoneyAction } from './audit.contract';
import { auditDetailsLine as withIsolates } from './audit-labels';

/** The line without its invisible direction isolates. */
const auditDetailsLine = (details: Parameters<typeof withIsolates>[0]) =>
  withIsolates(details).replace(/[\u2068\u2069]/g, '');

describe('audit rows in one line', () => {
  it('shows a change as before ← after, and other fields as they are', () => {
    expect(auditDetailsLine({ before: { amount: 5, title: 'الف' }, after: { amount: 6, title: 'ب' } })).toBe(
      'مبلغ: 5 ← 6، عنوان: الف ← ب',
    );
    expect(auditDetailsLine({ from: 'new', to: 'accepted' })).toBe('new ← accepted');
    expect(auditDetailsLine({ role: { from: 'admin', to: 'super-admin' }, fullName: 'مریم' })).toBe(
      'نقش: admin ← super-admin، نام کامل: مریم',
    );
    expect(auditDetailsLine({ before: { address: null }, after: { address: 'تهران' } })).toBe('نشانی: — ← تهران');
    expect(auditDetailsLine({ ids: [1, 2, 3] })).toBe('ids: 1، 2، 3');
    expect(auditDetailsLine({ pinned: { from: false, to: true }, subjects: { from: ['ریاضی (4)'], to: [] } })).toBe(
      'سنجاق: خیر ← بله، درس‌ها: ریاضی (4) ← —',
    );
    expect(auditDetailsLine({ location: { from: { lat: 1 }, to: null } })).toBe('موقعیت: {"lat":1} ← —');
    expect(auditDetailsLine({ note: 'x'.repeat(200) }).length).toBeLessThan(100);
    expect(auditDetailsLine(null)).toBe('');
  });

  it('isolates each value, so a Latin or numeric value keeps its side of the arrow in a right-to-left line', () => {
    expect(withIsolates({ moneyUnit: { from: 'rial', to: 'toman' } })).toBe(
      'واحد پول: \u2068rial\u2069 ← \u2068toman\u2069',
    );
  });

  it('marks money decisions', () => {
    expect(isMoneyAction('approve_receipt', 'payment')).toBe(true);
    expect(isMoneyAction('cancel', 'invoice')).toBe(true);
    expect(isMoneyAction('delete', 'news')).toBe(false);
    expect(isMoneyAction('cancel', 'news')).toBe(false);
  });
});
