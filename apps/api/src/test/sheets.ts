import ExcelJS from 'exceljs';

/** The first sheet of an XLSX answer; none is an error of the test. */
export async function firstSheetOf(res: { rawPayload: Buffer }): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  if (!ws) throw new Error('no sheet');
  return ws;
}
