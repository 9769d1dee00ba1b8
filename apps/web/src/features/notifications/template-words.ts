/**
 * A template as the secretary reads and writes it: each placeholder in Persian between braces
 * («{نام مدرسه}»), stored as the server reads it («{school}»). The two turn into each other exactly, so a
 * template saved without a change is stored unchanged.
 */
export const PLACEHOLDER_WORDS: Record<string, string> = {
  school: 'نام مدرسه',
  student: 'نام دانش‌آموز',
  title: 'عنوان صورت‌حساب',
  amount: 'مبلغ',
  due: 'سررسید',
  reason: 'دلیل',
  term: 'نوبت',
  name: 'نام',
  status: 'وضعیت',
  text: 'متن پیام',
  date: 'تاریخ',
  class: 'کلاس',
};

const KEY_OF = new Map(Object.entries(PLACEHOLDER_WORDS).map(([key, word]) => [word, key]));

/** The stored template as the page shows it. */
export function templateForPeople(stored: string): string {
  return stored.replace(/\{([a-z]+)\}/g, (token, key: string) =>
    key in PLACEHOLDER_WORDS ? `{${PLACEHOLDER_WORDS[key]}}` : token,
  );
}

/** What the secretary wrote, as it is stored (a placeholder written the stored way stays as it is). */
export function templateFromPeople(shown: string): string {
  return shown.replace(/\{([^{}\n]+)\}/g, (token, word: string) => {
    const key = KEY_OF.get(word.trim());
    return key ? `{${key}}` : token;
  });
}

/** The placeholder of `key` as the page shows it. */
export const shownPlaceholder = (key: string) => `{${PLACEHOLDER_WORDS[key] ?? key}}`;
