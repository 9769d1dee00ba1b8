import {
  DEFAULT_TEMPLATES,
  NOTIFICATION_TEMPLATES,
  TEMPLATE_PLACEHOLDERS,
} from '@madreseh/contract/notifications/notifications.contract';
import { describe, expect, it } from 'vitest';
import { PLACEHOLDER_WORDS, shownPlaceholder, templateForPeople, templateFromPeople } from './template-words';

describe('templates in Persian words', () => {
  it.each(NOTIFICATION_TEMPLATES)('%s is shown without an English token and stored back unchanged', (name) => {
    const stored = DEFAULT_TEMPLATES[name];
    const shown = templateForPeople(stored);
    expect(shown).not.toMatch(/[A-Za-z]/);
    expect(templateFromPeople(shown)).toBe(stored);
  });

  it('has a Persian word for every placeholder a template may use', () => {
    const keys = new Set(Object.values(TEMPLATE_PLACEHOLDERS).flat());
    expect([...keys].filter((k) => !PLACEHOLDER_WORDS[k])).toEqual([]);
  });

  it('stores a placeholder written in Persian, and keeps unknown braces and stored tokens as they are', () => {
    expect(templateFromPeople(`${shownPlaceholder('school')}: ${shownPlaceholder('amount')} {چیز دیگر}`)).toBe(
      '{school}: {amount} {چیز دیگر}',
    );
    expect(templateFromPeople('{school} {مبلغ}')).toBe('{school} {amount}');
    expect(templateForPeople('{unknown} {school}')).toBe('{unknown} {نام مدرسه}');
  });
});
