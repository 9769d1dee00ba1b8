import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  type Column,
  jalaliDateCell,
  jalaliDateTimeCell,
  jalaliDayCell,
  MONEY_FORMAT,
  toCsv,
  toXlsx,
} from './spreadsheet';

interface Row {
  name: string;
  amount: number;
  note: string | null;
}

const COLUMNS: Column<Row>[] = [
  { header: 'نام', value: (r) => r.name },
  { header: 'مبلغ (ریال)', numFmt: MONEY_FORMAT, width: 14, value: (r) => r.amount },
  { header: 'یادداشت', value: (r) => r.note ?? '' },
];

describe('XLSX', () => {
  it('writes a right-to-left sheet with a frozen header, number formats and empty cells for nothing', async () => {
    const file = await toXlsx({
      name: 'آزمایش',
      columns: COLUMNS,
      rows: [
        { name: 'سارا', amount: 1_250_000, note: null },
        { name: 'علی', amount: 0, note: 'نقدی' },
      ],
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('آزمایش');
    if (!ws) throw new Error('no sheet');
    expect(ws.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    expect(ws.getRow(1).values).toEqual([undefined, 'نام', 'مبلغ (ریال)', 'یادداشت']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getRow(2).getCell(2).value).toBe(1_250_000);
    expect(ws.getRow(2).getCell(2).numFmt).toBe(MONEY_FORMAT);
    expect(ws.getRow(2).getCell(3).value).toBeNull();
    expect(ws.getRow(3).getCell(2).value).toBe(0);
    expect(ws.getColumn(2).width).toBe(14);
  });
});

describe('CSV', () => {
  it('starts with a byte-order mark, quotes what needs quoting and keeps formulas as text', () => {
    const csv = toCsv(COLUMNS, [
      { name: '=HYPERLINK("http://x")', amount: 5, note: 'یک، "دو", سه' },
      { name: '+98912', amount: -1, note: '@SUM(A1)' },
    ]);
    expect(csv.startsWith('\uFEFFنام,مبلغ (ریال),یادداشت\r\n')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"")",5,"یک، ""دو"", سه"`);
    expect(lines[2]).toBe(`'+98912,'-1,'@SUM(A1)`);
  });
});

describe('Jalali cells', () => {
  it('writes calendar dates, Tehran days and Tehran times in Jalali', () => {
    expect(jalaliDateCell('2026-09-23')).toBe('1405/07/01');
    expect(jalaliDateCell(null)).toBe('');
    // 21:00 UTC on 22 September is 00:30 on 23 September in Tehran.
    expect(jalaliDayCell('2026-09-22T21:00:00Z')).toBe('1405/07/01');
    expect(jalaliDateTimeCell(new Date('2026-09-22T21:00:00Z'))).toBe('1405/07/01 00:30');
    expect(jalaliDateTimeCell('2026-09-23T10:45:00Z')).toBe('1405/07/01 14:15');
    expect(jalaliDateTimeCell(null)).toBe('');
  });
});
