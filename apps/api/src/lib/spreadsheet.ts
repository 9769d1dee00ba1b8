import { formatJalaliIso, isoDateInTehran } from '@madreseh/contract/jalali';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/**
 * Spreadsheet files the office downloads (exports, import templates): XLSX workbooks with
 * right-to-left sheets whose first row is a frozen, coloured header, and CSV with a byte-order mark.
 * A sheet is described by its columns: a Persian header and how to read the cell from a record.
 */

export type Cell = string | number | null;

export interface Column<T> {
  header: string;
  /** Width in characters; 18 unless given. */
  width?: number;
  /** Excel number format of the column: '@' keeps it text (leading zeros stay), MONEY_FORMAT for amounts. */
  numFmt?: string;
  value: (row: T) => Cell;
}

export interface SheetSpec<T> {
  name: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
}

/** Whole numbers with thousands separators (amounts in Rials). */
export const MONEY_FORMAT = '#,##0';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

export function newWorkbook(): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Madreseh';
  return workbook;
}

/** Adds a right-to-left sheet with a frozen header row and one row per record. */
export function addSheet<T>(workbook: ExcelJS.Workbook, spec: SheetSpec<T>): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(spec.name, { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
  sheet.columns = spec.columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  const header = sheet.getRow(1);
  header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF7B2CBF' } };
  for (const row of spec.rows) {
    // Nothing to say is an empty cell, not a cell holding an empty text.
    sheet.addRow(
      spec.columns.map((c) => {
        const v = c.value(row);
        return v === '' ? null : v;
      }),
    );
  }
  spec.columns.forEach((c, i) => {
    if (c.numFmt) sheet.getColumn(i + 1).numFmt = c.numFmt;
  });
  return sheet;
}

/** A right-to-left sheet of plain lines (instructions beside an import template). */
export function addNotesSheet(workbook: ExcelJS.Workbook, name: string, lines: readonly string[]): ExcelJS.Worksheet {
  const sheet = workbook.addWorksheet(name, { views: [{ rightToLeft: true }] });
  sheet.getColumn(1).width = 90;
  for (const line of lines) sheet.addRow([line]);
  return sheet;
}

export async function writeXlsx(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One sheet as a whole XLSX file. */
export async function toXlsx<T>(spec: SheetSpec<T>): Promise<Buffer> {
  const workbook = newWorkbook();
  addSheet(workbook, spec);
  return writeXlsx(workbook);
}

/** A cell that a spreadsheet program would read as a formula is prefixed so it stays text. */
function csvCell(v: Cell): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** RFC 4180 CSV with CRLF line ends; the byte-order mark makes spreadsheet programs read Persian as UTF-8. */
export function toCsv<T>(columns: readonly Column<T>[], rows: readonly T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const r of rows) lines.push(columns.map((c) => csvCell(c.value(r))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * Sets the headers of a downloaded file: its type and an attachment name (ASCII, plus a Persian
 * name for browsers that read `filename*`).
 */
export function asAttachment<D>(
  reply: FastifyReply,
  data: D,
  file: { type: string; name: string; persianName?: string },
): D {
  const persian = file.persianName ? `; filename*=UTF-8''${encodeURIComponent(file.persianName)}` : '';
  reply
    .header('content-type', file.type)
    .header('content-disposition', `attachment; filename="${file.name}"${persian}`);
  return data;
}

/** A calendar date (`2026-09-24`) as a Jalali cell (`1405/07/02`); empty for none. */
export function jalaliDateCell(iso: string | null): string {
  return iso ? formatJalaliIso(iso) : '';
}

const tehranTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Tehran',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Tehran day of an instant as a Jalali cell (`1405/07/02`); empty for none. */
export function jalaliDayCell(instant: Date | string | null): string {
  return instant ? formatJalaliIso(isoDateInTehran(new Date(instant))) : '';
}

/** An instant as Jalali date and Tehran time (`1405/07/02 14:05`); empty for none. */
export function jalaliDateTimeCell(instant: Date | string | null): string {
  if (!instant) return '';
  const d = new Date(instant);
  return `${formatJalaliIso(isoDateInTehran(d))} ${tehranTime.format(d)}`;
}
