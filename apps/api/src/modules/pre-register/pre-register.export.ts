import { formatJalaliIso, isoDateInTehran } from '@madreseh/contract/jalali';
import {
  GENDER_LABELS,
  PRE_REGISTER_STATUS_LABELS,
  type PreRegistration,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS } from '@madreseh/contract/settings/settings.contract';
import ExcelJS from 'exceljs';

const jalaliOfInstant = (iso: string | null) => (iso ? formatJalaliIso(isoDateInTehran(new Date(iso))) : '');

/** Columns of the export: a Persian header and how to read the cell from a record. */
const COLUMNS: { header: string; width: number; value: (r: PreRegistration) => string | number | null }[] = [
  { header: 'کد پیگیری', width: 14, value: (r) => r.trackingCode },
  { header: 'تاریخ ثبت', width: 12, value: (r) => jalaliOfInstant(r.createdAt) },
  { header: 'سال تحصیلی', width: 12, value: (r) => `${r.academicYear}-${r.academicYear + 1}` },
  { header: 'نام', width: 14, value: (r) => r.firstName },
  { header: 'نام خانوادگی', width: 18, value: (r) => r.lastName },
  { header: 'کد ملی', width: 13, value: (r) => r.nationalCode },
  { header: 'تاریخ تولد', width: 12, value: (r) => formatJalaliIso(r.birthDate) },
  { header: 'جنسیت', width: 8, value: (r) => GENDER_LABELS[r.gender] },
  { header: 'پایه', width: 10, value: (r) => GRADE_LABELS[r.grade] ?? String(r.grade) },
  { header: 'مدرسهٔ قبلی', width: 20, value: (r) => r.previousSchool },
  { header: 'معدل سال گذشته', width: 12, value: (r) => r.lastAverage },
  { header: 'نام پدر', width: 14, value: (r) => r.fatherName },
  { header: 'همراه پدر', width: 13, value: (r) => r.fatherMobile },
  { header: 'شغل پدر', width: 14, value: (r) => r.fatherJob },
  { header: 'نام مادر', width: 14, value: (r) => r.motherName },
  { header: 'همراه مادر', width: 13, value: (r) => r.motherMobile },
  { header: 'شغل مادر', width: 14, value: (r) => r.motherJob },
  { header: 'تلفن ثابت', width: 13, value: (r) => r.phone },
  { header: 'نشانی', width: 40, value: (r) => r.address },
  { header: 'توضیحات', width: 30, value: (r) => r.notes },
  { header: 'وضعیت', width: 14, value: (r) => PRE_REGISTER_STATUS_LABELS[r.status] },
  { header: 'یادداشت مدیر', width: 30, value: (r) => r.adminNote },
  { header: 'تاریخ تغییر وضعیت', width: 14, value: (r) => jalaliOfInstant(r.statusChangedAt) },
  { header: 'تغییر توسط', width: 16, value: (r) => r.statusChangedBy ?? '' },
];

export async function toXlsx(rows: PreRegistration[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Madreseh';
  const ws = wb.addWorksheet('پیش‌ثبت‌نام', { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  ws.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows) ws.addRow(COLUMNS.map((c) => c.value(r)));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A cell that a spreadsheet would read as a formula is prefixed so it stays text. */
function csvCell(v: string | number | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function toCsv(rows: PreRegistration[]): string {
  const lines = [COLUMNS.map((c) => csvCell(c.header)).join(',')];
  for (const r of rows) lines.push(COLUMNS.map((c) => csvCell(c.value(r))).join(','));
  // The byte-order mark makes spreadsheet programs read the Persian text as UTF-8.
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
