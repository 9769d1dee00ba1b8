import { describe, expect, it } from 'vitest';
import { notifyFa } from '../../../web/src/features/notifications/messages';
import { studentHomeFa } from '../../../web/src/features/student-home/messages';
import { fa } from '../../../web/src/messages/fa';
import { STUDENT_SCREEN_WORDS as T } from './student-screen';

// The server's first screen of /student is replaced by the app's: the same words, or the page changes
// under the reader as the app takes over (docs/decisions/0030).
describe("the student home's first screen speaks the app's words", () => {
  it('the cards', () => {
    for (const [key, value] of Object.entries(studentHomeFa)) {
      const ours = (T as Record<string, unknown>)[key];
      if (typeof value === 'function') expect((ours as (n: string) => string)('۱۲'), key).toBe(value('۱۲'));
      else expect(ours, key).toBe(value);
    }
  });

  it('the frame: title, greeting, menu, bell and sign-out', () => {
    expect(T.home).toBe(fa.student.home);
    expect(T.greeting('سارا')).toBe(fa.student.greeting('سارا'));
    expect(T.logout).toBe(fa.nav.logout);
    expect(T.toggle).toBe(fa.dashboard.toggleSidebar);
    expect(T.bell).toBe(notifyFa.bell);
    expect(T.bellUnread('۳')).toBe(notifyFa.bellUnread('۳'));
    const labels = Object.fromEntries(T.links.map(([to, label]) => [to, label]));
    expect(labels).toEqual({
      '/student': fa.student.home,
      '/student/news': fa.student.news,
      '/student/report-card': fa.student.reportCard,
      '/student/attendance': fa.student.attendance,
      '/student/invoices': fa.student.invoices,
      '/student/card-to-card': fa.student.cardToCard,
      '/student/profile': fa.student.profile,
    });
  });
});
