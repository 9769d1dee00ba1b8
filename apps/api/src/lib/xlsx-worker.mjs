// Builds XLSX files off the server's event loop: compressing a workbook of tens of thousands of rows takes
// seconds of CPU. Receives plain sheets (lib/spreadsheet.ts) and answers the file's bytes.
// Plain JavaScript on purpose: a worker thread loads it as it is, under any TypeScript loader or none.
import { parentPort } from 'node:worker_threads';
import ExcelJS from 'exceljs';

async function build(sheets) {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Madreseh';
  for (const s of sheets) {
    if (s.notes) {
      const sheet = workbook.addWorksheet(s.name, { views: [{ rightToLeft: true }] });
      sheet.getColumn(1).width = 90;
      for (const line of s.notes) sheet.addRow([line]);
      continue;
    }
    const sheet = workbook.addWorksheet(s.name, { views: [{ rightToLeft: true, state: 'frozen', ySplit: 1 }] });
    sheet.columns = s.columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
    const header = sheet.getRow(1);
    header.font = { bold: true, color: { argb: 'FFFFFFFF' } };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FF7B2CBF' } };
    for (const row of s.rows) sheet.addRow(row);
    s.columns.forEach((c, i) => {
      if (c.numFmt) sheet.getColumn(i + 1).numFmt = c.numFmt;
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

parentPort.on('message', (m) => {
  build(m.sheets).then(
    (bytes) => parentPort.postMessage({ id: m.id, bytes }, [bytes.buffer]),
    (err) => parentPort.postMessage({ id: m.id, error: String(err?.stack ?? err) }),
  );
});
