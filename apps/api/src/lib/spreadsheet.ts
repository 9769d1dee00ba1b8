import { Worker } from 'node:worker_threads';
import { formatJalaliIso, isoDateInTehran } from '@madreseh/contract/jalali';
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
  /**
   * The records, or batches of them as they are read (an export of tens of thousands of rows reads them a
   * few hundred per statement, so neither the database nor the event loop is held by one long step).
   */
  rows: readonly T[] | AsyncIterable<readonly T[]>;
}

/** Whole numbers with thousands separators (amounts in Rials). */
export const MONEY_FORMAT = '#,##0';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * A workbook to write: its sheets as plain cells. The XLSX file itself is built on a worker thread
 * (xlsx-worker.mjs), so a large export never blocks the server's event loop.
 */
export interface Workbook {
  sheets: PlainSheet[];
}

type PlainSheet =
  | {
      name: string;
      columns: { header: string; width?: number; numFmt?: string }[];
      rows: Cell[][];
      spec: SheetSpec<unknown>;
      notes?: never;
    }
  | { name: string; notes: readonly string[]; columns?: never; rows?: never; spec?: never };

/** The cells of some records; nothing to say is an empty cell, not a cell holding an empty text. */
function cellsOf<T>(columns: readonly Column<T>[], rows: readonly T[]): Cell[][] {
  return rows.map((row) =>
    columns.map((c) => {
      const v = c.value(row);
      return v === '' ? null : v;
    }),
  );
}

export function newWorkbook(): Workbook {
  return { sheets: [] };
}

/** The longest sheet name a spreadsheet program keeps. */
export const SHEET_NAME_MAX = 31;
const FORBIDDEN_IN_SHEET_NAME = /[\\/?*:[\]]/g;

/**
 * A name every spreadsheet program accepts for a sheet, from any text (a class's name such as «هفتم/۳»):
 * the characters a sheet name may not hold (`\ / ? * : [ ]`) become «-», no apostrophe at either end, at most
 * {@link SHEET_NAME_MAX} characters, never empty (a «برگه»), never the reserved «History», and not the
 * name of another sheet of the workbook, in any letter case (a «(۲)» is added).
 */
export function safeSheetName(name: string, taken: readonly string[] = []): string {
  const cut = (s: string, max: number) => {
    const chars = Array.from(s);
    let out = '';
    for (const c of chars) {
      if (out.length + c.length > max) break;
      out += c;
    }
    return out.replace(/^['\s]+|['\s]+$/g, '');
  };
  let base = cut(name.replace(FORBIDDEN_IN_SHEET_NAME, '-').replace(/\s+/g, ' '), SHEET_NAME_MAX) || 'برگه';
  if (base.toLowerCase() === 'history') base = 'History-';
  const used = new Set(taken.map((n) => n.toLowerCase()));
  let candidate = base;
  for (let n = 2; used.has(candidate.toLowerCase()); n++) {
    const suffix = ` (${n.toLocaleString('fa-IR')})`;
    candidate = `${cut(base, SHEET_NAME_MAX - suffix.length)}${suffix}`;
  }
  return candidate;
}

function sheetNameIn(workbook: Workbook, name: string): string {
  return safeSheetName(
    name,
    workbook.sheets.map((s) => s.name),
  );
}

/** Adds a right-to-left sheet with a frozen header row and one row per record (cells made when written). */
export function addSheet<T>(workbook: Workbook, spec: SheetSpec<T>): void {
  workbook.sheets.push({
    name: sheetNameIn(workbook, spec.name),
    columns: spec.columns.map((c) => ({ header: c.header, width: c.width, numFmt: c.numFmt })),
    rows: [],
    spec: spec as SheetSpec<unknown>,
  });
}

/**
 * Rows are turned into cells and sent to the worker this many at a time, the event loop free in between:
 * one slice is a few milliseconds of work, so a request arriving during a large export waits for at most
 * that. Exported for the test that counts the turns.
 */
export const SLICE = 250;

/** A right-to-left sheet of plain lines (instructions beside an import template). */
export function addNotesSheet(workbook: Workbook, name: string, lines: readonly string[]): void {
  workbook.sheets.push({ name: sheetNameIn(workbook, name), notes: lines });
}

let worker: Worker | null = null;
let nextJob = 1;
const jobs = new Map<number, { resolve: (b: Buffer) => void; reject: (e: Error) => void }>();

/** The one XLSX worker, started on first use and not keeping the process alive. */
function xlsxWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./xlsx-worker.mjs', import.meta.url));
  w.unref();
  w.on('message', (m: { id: number; bytes?: Uint8Array; error?: string }) => {
    const job = jobs.get(m.id);
    jobs.delete(m.id);
    if (!jobs.size) w.unref();
    if (!job) return;
    if (m.bytes) job.resolve(Buffer.from(m.bytes.buffer, m.bytes.byteOffset, m.bytes.byteLength));
    else job.reject(new Error(m.error));
  });
  const fail = (err: Error) => {
    worker = null;
    for (const job of jobs.values()) job.reject(err);
    jobs.clear();
  };
  w.on('error', fail);
  w.on('exit', (code) => fail(new Error(`The spreadsheet worker stopped (exit code ${code})`)));
  worker = w;
  return w;
}

/**
 * Builds the file on the worker: the sheets' shapes first, then the rows in slices of {@link SLICE} (made
 * into cells here, one slice per turn of the event loop, so a sheet of 50,000 rows never holds it), then
 * the file's bytes.
 */
export async function writeXlsx(workbook: Workbook): Promise<Buffer> {
  const id = nextJob++;
  const done = new Promise<Buffer>((resolve, reject) => jobs.set(id, { resolve, reject }));
  // A worker that fails while rows are still being read is reported when the file is awaited, below.
  done.catch(() => {});
  const w = xlsxWorker();
  w.ref();
  const shapes = workbook.sheets.map(({ spec: _, ...shape }) => shape);
  w.postMessage({ id, op: 'begin', sheets: shapes });
  try {
    for (const [index, sheet] of workbook.sheets.entries()) {
      if (!sheet.spec) continue;
      const { rows, columns } = sheet.spec;
      for await (const batch of 'length' in rows ? [rows] : rows) {
        for (let i = 0; i < batch.length; i += SLICE) {
          await new Promise((r) => setImmediate(r));
          w.postMessage({ id, op: 'rows', sheet: index, rows: cellsOf(columns, batch.slice(i, i + SLICE)) });
        }
      }
    }
  } catch (err) {
    // Reading the rows failed: the worker forgets the half-built workbook.
    jobs.delete(id);
    w.postMessage({ id, op: 'drop' });
    if (!jobs.size) w.unref();
    throw err;
  }
  w.postMessage({ id, op: 'end' });
  return done;
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
