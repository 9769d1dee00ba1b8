// Builds XLSX files off the server's event loop: compressing a workbook of tens of thousands of rows takes
// seconds of CPU. Receives plain sheets (lib/spreadsheet.ts) and answers the file's bytes.
// Plain JavaScript on purpose: a worker thread loads it as it is, under any TypeScript loader or none.
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

// On a machine of few cores the seconds of compression compete with the server's own thread for a core:
// this thread runs below normal priority (on Linux the nice value is per thread, so only this one), and a
// file waits a little longer rather than every other request. Where lowering is refused it runs as it is.
try {
  os.setPriority(os.constants.priority.PRIORITY_BELOW_NORMAL);
} catch {
  // Not permitted here: normal priority.
}

/** Workbooks being built, by job: the sheets are made at 'begin', rows come in chunks, 'end' writes the file. */
const jobs = new Map();

function begin(sheets) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Madreseh';
  const made = sheets.map((s) => {
    if (s.notes) {
      const sheet = workbook.addWorksheet(s.name, { views: [{ rightToLeft: true }] });
      sheet.getColumn(1).width = 90;
      for (const line of s.notes) sheet.addRow([line]);
      return sheet;
    }
    const sheet = workbook.addWorksheet(s.name, { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
    sheet.columns = s.columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
    const header = sheet.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF7B2CBF' } };
    return sheet;
  });
  return { workbook, sheets, made };
}

async function end(job) {
  job.sheets.forEach((s, i) => {
    s.columns?.forEach((c, j) => {
      if (c.numFmt) job.made[i].getColumn(j + 1).numFmt = c.numFmt;
    });
  });
  return new Uint8Array(await job.workbook.xlsx.writeBuffer());
}

parentPort.on('message', (m) => {
  const fail = (err) => {
    jobs.delete(m.id);
    parentPort.postMessage({ id: m.id, error: String(err?.stack ?? err) });
  };
  try {
    if (m.op === 'begin') jobs.set(m.id, begin(m.sheets));
    else if (m.op === 'rows') {
      const job = jobs.get(m.id);
      if (job) for (const row of m.rows) job.made[m.sheet].addRow(row);
    } else if (m.op === 'drop') {
      jobs.delete(m.id);
    } else if (m.op === 'end') {
      const job = jobs.get(m.id);
      if (!job) return;
      jobs.delete(m.id);
      end(job).then((bytes) => parentPort.postMessage({ id: m.id, bytes }, [bytes.buffer]), fail);
    }
  } catch (err) {
    fail(err);
  }
});
