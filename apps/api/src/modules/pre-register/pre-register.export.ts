import { GENDER_LABELS } from '@madreseh/contract/genders';
import { formatJalaliIso } from '@madreseh/contract/jalali';
import {
  PRE_REGISTER_STATUS_LABELS,
  type PreRegistration,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS } from '@madreseh/contract/settings/settings.contract';
import { type Column, toCsv as csvOf, jalaliDayCell, toXlsx as xlsxOf } from '../../lib/spreadsheet';

/** Columns of the export: a Persian header and how to read the cell from a record. */
const COLUMNS: Column<PreRegistration>[] = [
  { header: 'کد پیگیری', width: 14, value: (r) => r.trackingCode },
  { header: 'تاریخ ثبت', width: 12, value: (r) => jalaliDayCell(r.createdAt) },
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
  { header: 'تاریخ تغییر وضعیت', width: 14, value: (r) => jalaliDayCell(r.statusChangedAt) },
  { header: 'تغییر توسط', width: 16, value: (r) => r.statusChangedBy ?? '' },
];

export function toXlsx(rows: PreRegistration[]): Promise<Buffer> {
  return xlsxOf({ name: 'پیش‌ثبت‌نام', columns: COLUMNS, rows });
}

export function toCsv(rows: PreRegistration[]): string {
  return csvOf(COLUMNS, rows);
}
