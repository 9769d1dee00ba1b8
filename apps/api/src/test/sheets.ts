import ExcelJS from 'exceljs';

/** An XLSX file read back. (ExcelJS's types ask for its own Buffer type; Node's is the same bytes.) */
export async function workbookOf(file: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(file as unknown as ArrayBuffer);
  return wb;
}

/** The first sheet of an XLSX answer; none is an error of the test. */
export async function firstSheetOf(res: { rawPayload: Buffer }): Promise<ExcelJS.Worksheet> {
  const ws = (await workbookOf(res.rawPayload)).worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}
