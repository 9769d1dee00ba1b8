import { ATTENDANCE_LABELS, type ClassMonth } from '@madreseh/contract/attendance/attendance.contract';
import { type Column, toXlsx } from '../../lib/spreadsheet';
import { monthTitle } from './attendance.reports';

type Row = ClassMonth['rows'][number];

/** A class's month as one right-to-left sheet: a row per student, a column per day, then the totals. */
export function monthXlsx(m: ClassMonth): Promise<Buffer> {
  const dayColumns: Column<Row>[] = m.days.map((d) => ({
    header: String(d.day),
    width: 7,
    value: (r) =>
      d.closed ? '—' : r.marks[d.date] ? ATTENDANCE_LABELS[r.marks[d.date] as keyof typeof ATTENDANCE_LABELS] : '',
  }));
  return toXlsx<Row>({
    name: `${m.group.name} ${monthTitle(m.year, m.month)}`,
    columns: [
      { header: 'دانش‌آموز', width: 24, value: (r) => r.fullName },
      ...dayColumns,
      { header: 'روزهای غیبت', width: 12, value: (r) => r.counts.absent },
      { header: 'تأخیرها', width: 10, value: (r) => r.counts.late },
      { header: 'غیبت موجه', width: 10, value: (r) => r.counts.excused },
    ],
    rows: m.rows,
  });
}
