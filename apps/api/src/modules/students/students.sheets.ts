import { GENDER_LABELS } from '@madreseh/contract/genders';
import { isValidMobile, normalizeMobile } from '@madreseh/contract/iran';
import { parseJalaliDate } from '@madreseh/contract/jalali';
import { PARENT_SHEET_HEADERS, type ParentRelation } from '@madreseh/contract/parents/parents.contract';
import { normalizeTypedText } from '@madreseh/contract/persian';
import {
  type ImportResult,
  STUDENT_SHEET_HEADERS,
  STUDENT_STATUS_LABELS,
  type Student,
  studentInputSchema,
} from '@madreseh/contract/students/students.contract';
import { digitsToLatin, normalizePersian } from '@madreseh/contract/text';
import { desc, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db, Tx } from '../../db/client';
import { groups, students } from '../../db/schema/school';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import {
  addNotesSheet,
  addSheet,
  type Cell,
  type Column,
  jalaliDateCell,
  newWorkbook,
  toXlsx,
  writeXlsx,
} from '../../lib/spreadsheet';
import { ensureParentLink } from '../parents/parents.service';
import { fullNameOf, NO_PASSWORD, type StudentBody, searchTextOf } from './student-records';

/** Rows one import may hold. */
export const MAX_IMPORT_ROWS = 10_000;
const CHUNK = 1000;

type Field = keyof typeof STUDENT_SHEET_HEADERS;
const FIELDS = Object.keys(STUDENT_SHEET_HEADERS) as Field[];
const REQUIRED: Field[] = ['firstName', 'lastName', 'nationalCode'];

const SHEET_NAME = 'دانش‌آموزان';

/** The columns of the template and the export: every column text, so leading zeros of national codes stay. */
const FIELD_VALUES: Record<Field, (s: Student) => Cell> = {
  firstName: (s) => s.firstName,
  lastName: (s) => s.lastName,
  nationalCode: (s) => s.nationalCode,
  studentNumber: (s) => s.studentNumber ?? '',
  group: (s) => s.groupName ?? '',
  birthDate: (s) => jalaliDateCell(s.birthDate),
  gender: (s) => (s.gender ? GENDER_LABELS[s.gender] : ''),
  fatherName: (s) => s.fatherName ?? '',
  parentMobile: (s) => s.parentMobile ?? '',
  address: (s) => s.address ?? '',
};
const FIELD_COLUMNS: Column<Student>[] = FIELDS.map((f) => ({
  header: STUDENT_SHEET_HEADERS[f],
  width: f === 'address' ? 40 : 18,
  numFmt: '@',
  value: FIELD_VALUES[f],
}));
const EXPORT_COLUMNS: Column<Student>[] = [
  ...FIELD_COLUMNS,
  { header: 'وضعیت', value: (s) => STUDENT_STATUS_LABELS[s.status] },
];

/** The import template: Persian headers, every column as text, and a sheet of instructions. */
export async function importTemplate(): Promise<Buffer> {
  const workbook = newWorkbook();
  const parentColumns: Column<Student>[] = Object.values(PARENT_SHEET_HEADERS).map((header) => ({
    header,
    width: 18,
    numFmt: '@',
    value: () => '',
  }));
  addSheet(workbook, { name: SHEET_NAME, columns: [...FIELD_COLUMNS, ...parentColumns], rows: [] });
  addNotesSheet(workbook, 'راهنما', [
    'ستون‌های نام، نام خانوادگی و کد ملی لازم‌اند؛ بقیه اختیاری‌اند.',
    'کد ملی ده رقم است (با صفرهای اول). شماره‌ها را می‌توان با رقم فارسی یا انگلیسی نوشت.',
    'نام کلاس باید همان نامی باشد که در بخش کلاس‌ها ثبت شده است (مثلاً «هفتم الف»).',
    'تاریخ تولد به شمسی، مثل ۱۳۹۲/۰۶/۱۵. جنسیت: پسر یا دختر. همراه ولی: ۰۹xxxxxxxxx.',
    'همراه پدر و همراه مادر (اختیاری): برای هر شماره حساب ولی ساخته می‌شود، یا اگر هست به دانش‌آموز پیوند می‌خورد (خواهر و برادرها یک ولی دارند).',
    'نام کاربری هر دانش‌آموز کد ملی اوست؛ رمز عبور را پس از ورود اطلاعات از فهرست دانش‌آموزان صادر کنید.',
  ]);
  return writeXlsx(workbook);
}

/** The listed students as an XLSX sheet, dates in Jalali. */
export function exportStudents(list: Student[] | AsyncIterable<Student[]>): Promise<Buffer> {
  return toXlsx({ name: SHEET_NAME, columns: EXPORT_COLUMNS, rows: list });
}

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF, an optional byte-order mark. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"') {
        if (src[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
  }
  return '';
}

async function readRows(fileName: string, data: Buffer): Promise<string[][]> {
  if (/\.csv$/i.test(fileName)) return parseCsv(data.toString('utf8'));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw AppError.badRequest('فایل XLSX خوانده نشد. از فایل الگو استفاده کنید.', { file: 'فایل خوانده نشد.' });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value);
    });
    rows[n - 1] = Array.from(cells, (c) => c ?? '');
  });
  return Array.from(rows, (r) => r ?? []);
}

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
        userId: idOf.get(body.nationalCode) ?? sql`null`,
        firstName: body.firstName,
        lastName: body.lastName,
        nationalCode: body.nationalCode,
        studentNumber: body.studentNumber,
        groupId: body.groupId,
        birthDate: body.birthDate,
        gender: body.gender,
        fatherName: body.fatherName,
        parentMobile: body.parentMobile,
        address: body.address,
        searchText: searchTextOf(body),
      })),
    )
    .returning({ id: students.id, nationalCode: students.nationalCode });
  return new Map(made.map((r) => [r.nationalCode, r.id]));
}
