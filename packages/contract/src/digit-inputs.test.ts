import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { parseMark } from './assessments/assessments.contract';
import { digitsToPersian } from './digits';
import { contract } from './endpoints';

/**
 * Every code and number a person types (mobiles, national codes, card and account numbers, tracking
 * numbers, codes, marks, amounts typed as text) is read the same in Persian, Arabic or Latin digits
 * (docs/decisions/0017): walked over every endpoint's body, field by field. A field that takes
 * the Latin text takes the Persian text too, with the same value.
 */

const arabic = (s: string) => s.replace(/[0-9]/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)] ?? d);

/** A valid value of each field named so, as typed with Latin digits. */
const TYPED: Record<string, string> = {
  mobile: '09121234567',
  fatherMobile: '09121234567',
  motherMobile: '09351234567',
  parentMobile: '09121234567',
  phone: '02188776655',
  nationalCode: '0012345679',
  cardNumber: '6219861034529007',
  cardLast4: '9007',
  sheba: 'IR820540102680020817909002',
  trackingNumber: '123456789012',
  trackingCode: '123456789012',
  code: '123456',
  sender: '30001234',
  studentNumber: '1405001',
  username: '0012345679',
  score: '18.75',
  lastAverage: '18.75',
  amount: '1250000',
  weight: '3',
  gradeLevel: '7',
  grade: '7',
  academicYear: '1405',
  year: '1405',
  month: '7',
  page: '2',
  pageSize: '20',
  lateMinutes: '10',
  maxScore: '20',
  periodsPerDay: '4',
  dailyCap: '500',
  reminderDaysBefore: '3',
  continuousShare: '40',
  installments: '3',
};

/** Fields kept as typed for the server to read after (a mark out of the assessment's maximum). */
const READ_AFTER: Record<string, (v: unknown) => unknown> = {
  score: (v) => parseMark(v as string, 20),
};
const readValue = (name: string, v: unknown) => (READ_AFTER[name] ? READ_AFTER[name](v) : v);

type Field = { where: string; name: string; schema: z.ZodType };

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
}
const defOf = (s: z.ZodType): Def => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The fields of an object schema, through optional, nullable, default, pipes, unions and lists. */
function fieldsOf(schema: z.ZodType | undefined, where: string, out: Field[]): void {
  if (!schema) return;
  const def = defOf(schema);
  if (def.type === 'object' && def.shape) {
    for (const [name, field] of Object.entries(def.shape)) {
      out.push({ where, name, schema: field });
      fieldsOf(field, `${where}.${name}`, out);
    }
  } else if (def.innerType) fieldsOf(def.innerType, where, out);
  else if (def.type === 'pipe' && def.in) fieldsOf(def.in, where, out);
  else if (def.type === 'array' && def.element) fieldsOf(def.element, `${where}[]`, out);
  else if (def.type === 'union') for (const o of def.options ?? []) fieldsOf(o, where, out);
}

function everyField(): Field[] {
  const out: Field[] = [];
  for (const [area, endpoints] of Object.entries(contract)) {
    for (const [name, ep] of Object.entries(endpoints as Record<string, { body?: z.ZodType; query?: z.ZodType }>)) {
      // Query strings are built by the app from numbers it holds, not typed (decision 0017).
      fieldsOf(ep.body, `${area}.${name}`, out);
    }
  }
  return out;
}

describe('Persian and Arabic digits in every code and number field of the contract', () => {
  it('are read as the Latin ones', () => {
    const checked = new Set<string>();
    const refused: string[] = [];
    for (const { where, name, schema } of everyField()) {
      const typed = TYPED[name];
      if (typed === undefined) continue;
      const latin = schema.safeParse(typed);
      // A field the browser sends as a JSON number (its input turns what was typed into one) is the
      // input's to read; the web's number inputs are walked by their own test.
      if (!latin.success) continue;
      checked.add(name);
      for (const other of [digitsToPersian(typed), arabic(typed), digitsToPersian(typed).replace('.', '٫')]) {
        const read = schema.safeParse(other);
        if (!read.success || JSON.stringify(readValue(name, read.data)) !== JSON.stringify(readValue(name, latin.data)))
          refused.push(
            `${where} ${name}: «${other}» → ${read.success ? JSON.stringify(read.data) : read.error.issues[0]?.message}`,
          );
      }
    }
    expect(refused).toEqual([]);
    // The walk reached the fields people type digits into.
    for (const name of ['mobile', 'nationalCode', 'cardNumber', 'sheba', 'trackingNumber', 'code', 'sender', 'score'])
      expect(checked, name).toContain(name);
  });
});
