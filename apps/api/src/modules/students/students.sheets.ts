import { GENDER_LABELS } from '@madreseh/contract/genders';
import { PARENT_SHEET_HEADERS } from '@madreseh/contract/parents/parents.contract';
import {
  STUDENT_SHEET_HEADERS,
  STUDENT_STATUS_LABELS,
  type Student,
} from '@madreseh/contract/students/students.contract';
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

/** The students sheet's columns, the import template built from them, and the export. */

export type Field = keyof typeof STUDENT_SHEET_HEADERS;
export const FIELDS = Object.keys(STUDENT_SHEET_HEADERS) as Field[];

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
