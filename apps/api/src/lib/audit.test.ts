import { describe, expect, it } from 'vitest';
import { AUDIT_TEXT_MAX, changedFields } from './audit';

describe('changedFields', () => {
  it('keeps only the fields whose value changed, each as from/to', () => {
    expect(
      changedFields({ title: 'الف', body: 'متن', pinned: false }, { title: 'ب', body: 'متن', pinned: true }),
    ).toEqual({ title: { from: 'الف', to: 'ب' }, pinned: { from: false, to: true } });
  });

  it('compares only the named fields when given', () => {
    expect(changedFields({ a: 1, b: 1 }, { a: 2, b: 2 }, ['b'])).toEqual({ b: { from: 1, to: 2 } });
  });

  it('answers nothing when nothing changed, treating undefined and null alike and dates by instant', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(changedFields({ a: null, at }, { a: undefined, at: new Date(at.getTime()) })).toEqual({});
    expect(changedFields({ at }, { at: new Date('2026-01-02T00:00:00Z') })).toEqual({
      at: { from: '2026-01-01T00:00:00.000Z', to: '2026-01-02T00:00:00.000Z' },
    });
  });

  it('never records a secret, and a card number only as its last four digits', () => {
    const out = changedFields(
      { password: 'old-secret', resetToken: 'tok1', cardNumber: '6037991234567890' },
      { password: 'new-secret', resetToken: 'tok2', cardNumber: '6219861111112222' },
    );
    expect(out).toEqual({
      password: { from: '***', to: '***' },
      resetToken: { from: '***', to: '***' },
      cardNumber: { from: '…7890', to: '…2222' },
    });
    expect(JSON.stringify(out)).not.toMatch(/secret|tok1|tok2|603799|621986/);
  });

  it('shortens long texts', () => {
    const long = 'ب'.repeat(500);
    const out = changedFields({ body: 'کوتاه' }, { body: long });
    const to = out.body?.to as string;
    expect(to).toHaveLength(AUDIT_TEXT_MAX);
    expect(to.endsWith('…')).toBe(true);
    expect(out.body?.from).toBe('کوتاه');
  });
});
