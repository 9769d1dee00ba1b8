import { describe, expect, it } from 'vitest';
import { workbookOf } from '../test/sheets';
import {
  addNotesSheet,
  addSheet,
  type Column,
  jalaliDateCell,
  jalaliDateTimeCell,
  jalaliDayCell,
  MONEY_FORMAT,
  newWorkbook,
  SLICE,
  safeSheetName,
  toCsv,
  toXlsx,
  writeXlsx,
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
    const wb = await workbookOf(file);
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

describe('XLSX of many rows', () => {
  /**
   * Which turn of the event loop made each row's cells: a counter moved by a callback that schedules
   * itself with setImmediate, as any other request's work would run between the export's steps.
   */
  async function turnsOfRows(rows: Row[] | AsyncIterable<Row[]>): Promise<{ file: Buffer; turnOfRow: number[] }> {
    let turn = 0;
    let ticking = true;
    const tick = () => {
      turn += 1;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const turnOfRow: number[] = [];
    const columns: Column<Row>[] = [
      {
        header: 'نام',
        value: (r) => {
          turnOfRow.push(turn);
          return r.name;
        },
      },
      ...COLUMNS.slice(1),
    ];
    try {
      return { file: await toXlsx({ name: 'بسیار', columns, rows }), turnOfRow };
    } finally {
      ticking = false;
    }
  }

  const many = (n: number, from = 0): Row[] =>
    Array.from({ length: n }, (_, i) => ({ name: `ردیف ${from + i}`, amount: from + i, note: null }));

  /** How many rows' cells each turn of the event loop made, in order. */
  function rowsPerTurn(turnOfRow: number[]): number[] {
    const counts = new Map<number, number>();
    for (const t of turnOfRow) counts.set(t, (counts.get(t) ?? 0) + 1);
    return [...counts.values()];
  }

  it('makes the cells of a large sheet a slice per turn of the event loop, other work running between', async () => {
    const rows = many(SLICE * 4 + 7);
    const { file, turnOfRow } = await turnsOfRows(rows);
    expect(turnOfRow).toHaveLength(rows.length);
    expect(rowsPerTurn(turnOfRow)).toEqual([SLICE, SLICE, SLICE, SLICE, 7]);
    const wb = await workbookOf(file);
    const ws = wb.getWorksheet('بسیار');
    expect(ws?.rowCount).toBe(rows.length + 1);
    expect(ws?.getRow(rows.length + 1).values).toEqual([undefined, `ردیف ${rows.length - 1}`, rows.length - 1]);
  });

  it('slices batches read from the database too, a batch larger than a slice in several turns', async () => {
    async function* batches() {
      yield many(SLICE + 1);
      yield many(3, SLICE + 1);
      yield many(SLICE * 2, SLICE + 4);
    }
    const { turnOfRow } = await turnsOfRows(batches());
    expect(rowsPerTurn(turnOfRow)).toEqual([SLICE, 1, 3, SLICE, SLICE]);
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

describe('sheet names', () => {
  it('are made safe: no forbidden character, 31 characters at most, never empty, reserved or taken', () => {
    expect(safeSheetName('هفتم/۳ مهر')).toBe('هفتم-۳ مهر');
    for (const c of ['\\', '/', '?', '*', ':', '[', ']']) expect(safeSheetName(`الف${c}ب`)).toBe('الف-ب');
    expect(safeSheetName("'گزارش'")).toBe('گزارش');
    expect(safeSheetName('   ')).toBe('برگه');
    expect(safeSheetName('History')).not.toBe('History');
    expect(safeSheetName('ب'.repeat(40))).toBe('ب'.repeat(31));
    expect(safeSheetName('Sheet', ['sheet'])).toBe('Sheet (۲)');
    expect(safeSheetName('ب'.repeat(40), ['ب'.repeat(31)])).toHaveLength(31);
    expect(safeSheetName('ب'.repeat(40), ['ب'.repeat(31)])).toMatch(/\(۲\)$/);
  });

  it('of every sheet of a workbook are made safe and distinct when it is written', async () => {
    const workbook = newWorkbook();
    addSheet(workbook, { name: 'الف/ب', columns: COLUMNS, rows: [] });
    addSheet(workbook, { name: 'الف:ب', columns: COLUMNS, rows: [] });
    addNotesSheet(workbook, 'راهنما[۱]', ['یک']);
    const wb = await workbookOf(await writeXlsx(workbook));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['الف-ب', 'الف-ب (۲)', 'راهنما-۱-']);
  });
});
