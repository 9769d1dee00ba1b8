import { z } from 'zod';
import { digitsToLatin } from './digits';

// The digit helpers live in a module of their own without zod, for the public pages' code (docs/decisions/0014).
export { digitsToLatin, digitsToPersian } from './digits';

/**
 * Normalises text typed on Persian, Arabic or Latin keyboards so that searches and uniqueness
 * checks match: Arabic yeh/kaf become Persian, digits become Latin, zero-width and repeated spaces go.
 */
export function normalizePersian(input: string): string {
  return digitsToLatin(input)
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/ة/g, 'ه')
    .replace(/[\u064B-\u065F\u0670]/g, '')
    .replace(/\u200c/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Tidies a name as people typed it, for storing: Arabic yeh/kaf become Persian, spaces are trimmed
 * and collapsed; the zero-width non-joiner of names like «امینی‌پور» stays.
 */
export function tidyPersian(input: string): string {
  return input
    .replace(/[يى]/g, 'ی')
    .replace(/ك/g, 'ک')
    .replace(/[ \t\r\n]+/g, ' ')
    .trim();
}

/** What a text field says when it holds a control character (NUL and the like: nobody types them). */
/** A person's name as the school writes it: first name, then surname. */
export function fullNameOf(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`;
}

export const CONTROL_CHARACTER_MESSAGE = 'متن نویسهٔ نامجاز (نویسهٔ کنترلی) دارد.';

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const ONE_LINE = /^[^\u0000-\u001f\u007f]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** True when the string holds a C0 control character or DEL; tab, line feed and carriage return count only on one line. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE : ONE_LINE).test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * Every one-line text field of the API is this: a string without any C0 control character (NUL,
 * tab, line breaks…) or DEL, which PostgreSQL refuses (NUL) or nobody means to type. Chain `.max()`,
 * `.trim()` and the like on it as on `z.string()`.
 */
export function text(params?: StringParams) {
  return z.string(params).regex(ONE_LINE, { error: CONTROL_CHARACTER_MESSAGE });
}

/** A text field of several lines (a message, an address, HTML): tab and line breaks allowed, other controls not. */
export function multilineText(params?: StringParams) {
  return z.string(params).regex(MULTI_LINE, { error: CONTROL_CHARACTER_MESSAGE });
}

/**
 * Every text field that may be left empty starts here: trimmed, at most `max` characters (`tooLong`
 * otherwise), on one line unless `multiline`. What an empty answer becomes is the form's choice:
 * chain `.default('')`, `.optional()`, or wrap it for null.
 */
export function optionalText(max: number, tooLong: string, multiline = false) {
  return (multiline ? multilineText() : text()).trim().max(max, { error: tooLong });
}
