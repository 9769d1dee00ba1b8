import { isValidMobile, normalizeMobile } from '@madreseh/contract/iran';
import { parseJalaliDate } from '@madreseh/contract/jalali';
import { PARENT_SHEET_HEADERS, type ParentRelation } from '@madreseh/contract/parents/parents.contract';
import { normalizeTypedText } from '@madreseh/contract/persian';
import {
  type ImportResult,
  STUDENT_SHEET_HEADERS,
  studentInputSchema,
} from '@madreseh/contract/students/students.contract';
import { digitsToLatin, fullNameOf, normalizePersian } from '@madreseh/contract/text';
import { desc, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { ensureParentLink } from '../parents/parents.service';
import { readRows } from './sheet-reading';
import { NO_PASSWORD, recordValues, type StudentBody } from './student-records';
import { FIELDS, type Field } from './students.sheets';

/** Rows one import may hold. */
export const MAX_IMPORT_ROWS = 10_000;
const CHUNK = 1000;

const REQUIRED: Field[] = ['firstName', 'lastName', 'nationalCode'];

const GENDER_WORDS: Record<string, 'male' | 'female'> = {
  پسر: 'male',
  مرد: 'male',
  male: 'male',
  m: 'male',
  دختر: 'female',
  زن: 'female',
  female: 'female',
  f: 'female',
};

/** A birth date cell: Jalali (`۱۳۹۲/۰۶/۱۵`) or an ISO date (a date cell of the spreadsheet). */
function birthDateOf(text: string): string | null | 'bad' {
  const t = digitsToLatin(text).trim();
  if (!t) return null;
  if (/^(19|20)\d\d-\d\d-\d\d$/.test(t)) return t;
  return parseJalaliDate(t) ?? 'bad';
}

interface ParsedRow {
  row: number;
  body: StudentBody | null;
  messages: string[];
  /** Parents from the «همراه پدر» and «همراه مادر» columns. */
  parents: { mobile: string; relation: ParentRelation }[];
}

/**
 * Reads an uploaded sheet and checks every row (missing names, bad or duplicate national codes and
 * student numbers, unknown classes); with `commit` and no bad row, saves them all in one
 * transaction. Imported accounts get no password until one is issued.
 */
export async function importStudents(
  db: Db,
  actor: Actor,
  input: { fileName: string; data: string; commit: boolean },
): Promise<ImportResult> {
  const data = Buffer.from(input.data, 'base64');
  if (data.length === 0) throw AppError.badRequest('فایل خالی است.', { file: 'فایل خالی است.' });
  const rows = await readRows(input.fileName, data);
  const header = (rows[0] ?? []).map((h) => normalizePersian(h));
  const columns = new Map<Field, number>();
  for (const f of FIELDS) {
    const i = header.indexOf(normalizePersian(STUDENT_SHEET_HEADERS[f]));
    if (i >= 0) columns.set(f, i);
  }
  const parentColumn = {
    father: header.indexOf(normalizePersian(PARENT_SHEET_HEADERS.fatherMobile)),
    mother: header.indexOf(normalizePersian(PARENT_SHEET_HEADERS.motherMobile)),
  } as const;
  const missing = REQUIRED.filter((f) => !columns.has(f)).map((f) => `«${STUDENT_SHEET_HEADERS[f]}»`);
  if (missing.length) {
    const message = `ستون ${missing.join('، ')} در سطر اول فایل نیست. از فایل الگو استفاده کنید.`;
    throw AppError.badRequest(message, { file: message });
  }
  const dataRows = rows
    .map((cells, i) => ({ cells, row: i + 1 }))
    .slice(1)
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  if (dataRows.length === 0) throw AppError.badRequest('فایل هیچ ردیفی ندارد.', { file: 'فایل هیچ ردیفی ندارد.' });
  if (dataRows.length > MAX_IMPORT_ROWS) {
    const message = `هر فایل حداکثر ${MAX_IMPORT_ROWS.toLocaleString('fa-IR')} ردیف.`;
    throw AppError.badRequest(message, { file: message });
  }

  const groupRows = await db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .orderBy(desc(groups.academicYear));
  const groupByName = new Map<string, number>();
  for (const g of groupRows) {
    const key = normalizePersian(g.name);
    if (!groupByName.has(key)) groupByName.set(key, g.id);
  }

  const parsed: ParsedRow[] = dataRows.map(({ cells, row }) => {
    const get = (f: Field) => {
      const i = columns.get(f);
      // Cells are stored text too: normalised like every request body (http/persian-input.ts).
      return i === undefined ? '' : normalizeTypedText((cells[i] ?? '').trim());
    };
    const messages: string[] = [];
    let nationalCode = digitsToLatin(get('nationalCode'));
    if (/^\d{7,9}$/.test(nationalCode)) nationalCode = nationalCode.padStart(10, '0');
    const groupName = normalizePersian(get('group'));
    const groupId = groupName ? (groupByName.get(groupName) ?? null) : null;
    if (groupName && groupId === null) messages.push(`کلاس «${get('group')}» پیدا نشد.`);
    const birth = birthDateOf(get('birthDate'));
    if (birth === 'bad') messages.push('تاریخ تولد معتبر نیست (مثل ۱۳۹۲/۰۶/۱۵).');
    const genderText = normalizePersian(get('gender')).toLowerCase();
    const gender = genderText ? (GENDER_WORDS[genderText] ?? 'bad') : null;
    if (gender === 'bad') messages.push('جنسیت باید «پسر» یا «دختر» باشد.');
    const result = studentInputSchema.safeParse({
      firstName: get('firstName'),
      lastName: get('lastName'),
      nationalCode,
      studentNumber: get('studentNumber'),
      groupId,
      birthDate: birth === 'bad' ? null : birth,
      gender: gender === 'bad' ? null : gender,
      fatherName: get('fatherName'),
      parentMobile: get('parentMobile'),
      address: get('address'),
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        if (!messages.includes(issue.message)) messages.push(issue.message);
      }
    }
    const parents: ParsedRow['parents'] = [];
    for (const relation of ['father', 'mother'] as const) {
      const i = parentColumn[relation];
      const raw = i < 0 ? '' : digitsToLatin((cells[i] ?? '').trim());
      if (!raw) continue;
      if (!isValidMobile(raw)) {
        messages.push(
          `${PARENT_SHEET_HEADERS[relation === 'father' ? 'fatherMobile' : 'motherMobile']} باید به شکل ۰۹xxxxxxxxx باشد.`,
        );
        continue;
      }
      parents.push({ mobile: normalizeMobile(raw), relation });
    }
    if (parents.length === 2 && parents[0]?.mobile === parents[1]?.mobile) {
      messages.push('همراه پدر و همراه مادر یکی است.');
    }
    return { row, body: result.success ? result.data : null, messages, parents };
  });

  // Duplicates inside the file.
  const firstRowOf = new Map<string, number>();
  for (const p of parsed) {
    if (!p.body) continue;
    for (const [key, label] of [
      [`c:${p.body.nationalCode}`, 'کد ملی'],
      [p.body.studentNumber ? `n:${p.body.studentNumber}` : '', 'شمارهٔ دانش‌آموزی'],
    ] as const) {
      if (!key) continue;
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, p.row);
      else p.messages.push(`${label} تکراری است (همان ردیف ${first.toLocaleString('fa-IR')}).`);
    }
  }

  // Duplicates of what is already saved.
  const valid = parsed.filter((p) => p.body) as (ParsedRow & { body: StudentBody })[];
  const codes = valid.map((p) => p.body.nationalCode);
  const numbers = valid.flatMap((p) => (p.body.studentNumber ? [p.body.studentNumber] : []));
  const takenCodes = new Set<string>();
  const takenNumbers = new Set<string>();
  for (let i = 0; i < codes.length; i += CHUNK) {
    const chunk = codes.slice(i, i + CHUNK);
    const [a, b] = await Promise.all([
      db.select({ v: students.nationalCode }).from(students).where(inArray(students.nationalCode, chunk)),
      db.select({ v: users.username }).from(users).where(inArray(users.username, chunk)),
    ]);
    for (const r of [...a, ...b]) takenCodes.add(r.v);
  }
  for (let i = 0; i < numbers.length; i += CHUNK) {
    const chunk = numbers.slice(i, i + CHUNK);
    const found = await db
      .select({ v: students.studentNumber })
      .from(students)
      .where(inArray(students.studentNumber, chunk));
    for (const r of found) if (r.v) takenNumbers.add(r.v);
  }
  for (const p of valid) {
    if (takenCodes.has(p.body.nationalCode)) p.messages.push('دانش‌آموز یا حسابی با همین کد ملی از پیش ثبت شده است.');
    if (p.body.studentNumber && takenNumbers.has(p.body.studentNumber)) {
      p.messages.push('این شمارهٔ دانش‌آموزی از پیش ثبت شده است.');
    }
  }

  const errors = parsed.filter((p) => p.messages.length).map((p) => ({ row: p.row, messages: p.messages }));
  if (!input.commit || errors.length) {
    return { total: parsed.length, errors, created: 0, parentsCreated: 0, parentsLinked: 0 };
  }

  const counts = await db.transaction(async (tx) => {
    let parentsCreated = 0;
    let parentsLinked = 0;
    for (let i = 0; i < valid.length; i += CHUNK) {
      const chunk = valid.slice(i, i + CHUNK);
      const idOf = await insertChunk(tx, chunk);
      // One parent per mobile: a second child of the same parent is linked, not a second account.
      for (const p of chunk) {
        const studentId = idOf.get(p.body.nationalCode);
        if (!studentId) continue;
        for (const parent of p.parents) {
          const made = await ensureParentLink(tx, {
            mobile: parent.mobile,
            fullName: parentNameOf(p.body, parent.relation),
            nationalCode: null,
            relation: parent.relation,
            studentId,
          });
          if (made.created) parentsCreated++;
          parentsLinked++;
        }
      }
    }
    await audit(tx, actor, 'import', 'student', null, {
      created: valid.length,
      parentsCreated,
      parentsLinked,
      file: input.fileName.slice(0, 100),
    });
    return { parentsCreated, parentsLinked };
  });
  return { total: parsed.length, errors: [], created: valid.length, ...counts };
}

/** The name an imported parent starts with (staff may correct it): the father's, or «مادرِ» the child. */
function parentNameOf(body: StudentBody, relation: ParentRelation): string {
  if (relation === 'father' && body.fatherName) return `${body.fatherName} ${body.lastName}`;
  return `${relation === 'father' ? 'پدرِ' : 'مادرِ'} ${body.firstName} ${body.lastName}`;
}

/** Saves a chunk of students and their accounts; answers each new student's id by national code. */
async function insertChunk(tx: Tx, chunk: { body: StudentBody }[]): Promise<Map<string, number>> {
  const inserted = await tx
    .insert(users)
    .values(
      chunk.map(({ body }) => ({
        username: body.nationalCode,
        passwordHash: NO_PASSWORD,
        role: 'student' as const,
        fullName: fullNameOf(body),
      })),
    )
    .returning({ id: users.id, username: users.username });
  const idOf = new Map(inserted.map((u) => [u.username, u.id]));
  const made = await tx
    .insert(students)
    .values(
      chunk.map(({ body }) => ({
        ...recordValues(body),
        userId: idOf.get(body.nationalCode) ?? sql`null`,
      })),
    )
    .returning({ id: students.id, nationalCode: students.nationalCode });
  return new Map(made.map((r) => [r.nationalCode, r.id]));
}
