import { z } from 'zod';

/**
 * The Persian alphabet in its order; letters sharing a group sort as one letter (Arabic-typed
 * ي/ى/ئ sort as ی, ك as ک, أ/إ as ا, ة/ۀ as ه, ؤ as و).
 */
const ALPHABET = [
  'آ',
  'اأإٱء',
  'ب',
  'پ',
  'ت',
  'ث',
  'ج',
  'چ',
  'ح',
  'خ',
  'د',
  'ذ',
  'ر',
  'ز',
  'ژ',
  'س',
  'ش',
  'ص',
  'ض',
  'ط',
  'ظ',
  'ع',
  'غ',
  'ف',
  'ق',
  'کك',
  'گ',
  'ل',
  'م',
  'ن',
  'وؤ',
  'هةۀھ',
  'یيىئ',
] as const;

/** Characters a sort key drops: vowel marks, tatweel, zero-width joiner and direction marks. */
const DROPPED = '\u064B\u064C\u064D\u064E\u064F\u0650\u0651\u0652\u0653\u0654\u0655\u0670\u0640\u200D\u200E\u200F';

function buildSortMap(): { from: string; to: string } {
  let from = '';
  let to = '';
  ALPHABET.forEach((group, rank) => {
    // Private-use code points in alphabet order: byte order (COLLATE "C") is then Persian order,
    // and every Persian letter sorts after Latin letters and digits.
    const target = String.fromCodePoint(0xe001 + rank);
    for (const ch of group) {
      from += ch;
      to += target;
    }
  });
  // Persian and Arabic-Indic digits sort as Latin digits; the zero-width non-joiner as a space.
  from += '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩\u200C';
  to += '01234567890123456789 ';
  return { from, to };
}

export const PERSIAN_SORT_MAP = buildSortMap();

const SORT_INDEX = new Map<string, string>();
for (let i = 0; i < PERSIAN_SORT_MAP.from.length; i++) {
  SORT_INDEX.set(PERSIAN_SORT_MAP.from[i] as string, PERSIAN_SORT_MAP.to[i] as string);
}

/**
 * A string whose code-point (byte, COLLATE "C") order is Persian alphabetical order — the same
 * mapping the database applies in its stored sort-key columns (see `persianSortKeySql`).
 */
export function persianSortKey(input: string): string {
  let out = '';
  for (const ch of input.toLowerCase()) {
    if (DROPPED.includes(ch)) continue;
    out += SORT_INDEX.get(ch) ?? ch;
  }
  return out;
}

/** Compares two names in Persian alphabetical order (for lists sorted in the browser). */
export function comparePersian(a: string, b: string): number {
  const ka = persianSortKey(a);
  const kb = persianSortKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** A Unicode-escaped SQL literal: letters stay readable, invisible and private-use characters are `\XXXX`. */
const sqlLiteral = (s: string) => {
  let out = '';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    const visible = /[\p{L}\p{N} ]/u.test(ch);
    if (ch === "'") out += "''";
    else if (ch === '\\') out += '\\\\';
    else out += visible ? ch : `\\${code.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `U&'${out}'`;
};

/**
 * The SQL expression of `persianSortKey` over a text expression, for a generated column
 * (`translate` is immutable and behaves the same on PostgreSQL and PGlite).
 */
export function persianSortKeySql(expression: string): string {
  return `translate(lower(${expression}), ${sqlLiteral(PERSIAN_SORT_MAP.from + DROPPED)}, ${sqlLiteral(PERSIAN_SORT_MAP.to)})`;
}

const ARABIC_INDIC = '٠١٢٣٤٥٦٧٨٩';
const PERSIAN = '۰۱۲۳۴۵۶۷۸۹';

/**
 * How every stored Persian text is kept: Arabic-typed ي/ى/ك become ی/ک and Arabic-Indic digits
 * become Persian ones. Nothing else changes (spaces, the zero-width non-joiner, line breaks stay).
 */
export function normalizeTypedText(input: string): string {
  return input.replace(/[يىك٠-٩]/g, (ch) => {
    if (ch === 'ك') return 'ک';
    if (ch === 'ي' || ch === 'ى') return 'ی';
    return PERSIAN[ARABIC_INDIC.indexOf(ch)] ?? ch;
  });
}

/**
 * A decimal number as people type it on Persian, Arabic or Latin keyboards: «۱۸٫۷۵», «18/75»,
 * «۱۸/۷۵», «18.75», «١٨,٧٥» are all 18.75. Answers null for anything that is not one number.
 */
export function parseDecimal(input: string | number | null | undefined): number | null {
  if (typeof input === 'number') return Number.isFinite(input) ? input : null;
  if (input == null) return null;
  let s = '';
  for (const ch of input.trim()) {
    const p = PERSIAN.indexOf(ch);
    const a = ARABIC_INDIC.indexOf(ch);
    if (p >= 0) s += String(p);
    else if (a >= 0) s += String(a);
    else if (ch === '٫' || ch === '/' || ch === ',' || ch === '،' || ch === '.') s += '.';
    else if (ch === '−' || ch === '-') s += '-';
    else s += ch;
  }
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A decimal typed as text or sent as a number; blank is null. For `z.preprocess`. */
export function decimalInput(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  if (v.trim() === '') return null;
  const n = parseDecimal(v);
  return n === null ? v : n;
}

/** A number field that also takes a decimal typed on a Persian keyboard. */
export const decimalSchema = (error: string) => z.preprocess(decimalInput, z.number({ error }));
