import { contract } from '@madreseh/contract/endpoints';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { nationalCodeFrom } from '../../db/seed/school-demo';
import { workbookOf } from '../../test/sheets';
import { admin, list, nextCode, seventhB, t, useStudentsApp } from './students.fixtures';

useStudentsApp();

function csvOf(rows: string[][]): string {
  return rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\r\n');
}
const HEADER = [
  'نام',
  'نام خانوادگی',
  'کد ملی',
  'شماره دانش‌آموزی',
  'کلاس',
  'تاریخ تولد',
  'جنسیت',
  'نام پدر',
  'همراه ولی',
  'نشانی',
];

function importFile(fileName: string, data: Buffer | string, commit: boolean) {
  return t.call(contract.student.import, {
    headers: t.as(admin),
    body: { fileName, data: Buffer.from(data).toString('base64'), commit },
  });
}

describe('import and export', () => {
  it('serves an XLSX template with the Persian headers', async () => {
    const res = await t.call(contract.student.importTemplate, { headers: t.as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = await workbookOf(res.rawPayload);
    const values = (wb.worksheets[0]?.getRow(1).values ?? []) as string[];
    expect(values.slice(1)).toEqual([...HEADER, 'همراه پدر', 'همراه مادر']);
  });

  it('reports every bad row of 1,000 and saves nothing, then saves all 1,000 once fixed', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [
      `نام${i}`,
      'آزمایشی',
      nextCode(),
      `IMP${i}`,
      'هفتم الف',
      '۱۳۹۲/۰۶/۱۵',
      i % 2 ? 'پسر' : 'دختر',
      'پدر',
      '09121234567',
      'تهران، "خیابان" بهار',
    ]);
    const bad = rows.map((r) => [...r]);
    bad[500] = ['', 'آزمایشی', '1234567890', 'IMP1', 'کلاس ناموجود', '1392/13/40', 'x', '', '123', ''];
    bad[700] = [...(rows[700] ?? [])];
    bad[700][2] = rows[3]?.[2] ?? '';
    const before = (await list({ status: 'all' })).json().total;
    const res = await importFile('students.csv', csvOf([HEADER, ...bad]), true);
    expect(res.statusCode).toBe(200);
    const result = res.json();
    expect(result.total).toBe(1000);
    expect(result.created).toBe(0);
    expect(result.errors).toHaveLength(2);
    expect(result.errors[0].row).toBe(502);
    expect(result.errors[0].messages).toEqual(
      expect.arrayContaining([
        'نام را وارد کنید.',
        'کد ملی معتبر نیست.',
        'کلاس «کلاس ناموجود» پیدا نشد.',
        'تاریخ تولد معتبر نیست (مثل ۱۳۹۲/۰۶/۱۵).',
        'جنسیت باید «پسر» یا «دختر» باشد.',
        'شمارهٔ همراه باید به شکل ۰۹xxxxxxxxx باشد.',
      ]),
    );
    expect(result.errors[1]).toEqual({ row: 702, messages: ['کد ملی تکراری است (همان ردیف ۵).'] });
    expect((await list({ status: 'all' })).json().total).toBe(before);

    const dry = (await importFile('students.csv', csvOf([HEADER, ...rows]), false)).json();
    expect(dry).toEqual({ total: 1000, errors: [], created: 0, parentsCreated: 0, parentsLinked: 0 });
    expect((await list({ status: 'all' })).json().total).toBe(before);
    const saved = (await importFile('students.csv', csvOf([HEADER, ...rows]), true)).json();
    expect(saved).toEqual({ total: 1000, errors: [], created: 1000, parentsCreated: 0, parentsLinked: 0 });
    expect((await list({ status: 'all' })).json().total).toBe(before + 1000);
    const one = (await list({ q: 'IMP999' })).json().items[0];
    expect(one).toMatchObject({ firstName: 'نام999', birthDate: '2013-09-06', gender: 'male', hasPassword: false });

    const again = (await importFile('students.csv', csvOf([HEADER, ...rows.slice(0, 3)]), true)).json();
    expect(again.created).toBe(0);
    expect(again.errors).toHaveLength(3);
  });

  it('reads XLSX, keeps leading zeros of numeric national codes, and refuses duplicates inside the file', async () => {
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('x');
    sheet.addRow(HEADER);
    const code = nationalCodeFrom('000777111');
    sheet.addRow([
      'نگار',
      'صالحی',
      Number(code),
      88001,
      'هفتم ب',
      new Date('2013-01-02T00:00:00Z'),
      'دختر',
      '',
      9121112233,
      '',
    ]);
    sheet.addRow(['نیما', 'صالحی', code, 88002, '', '', '', '', '', '']);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const res = (await importFile('students.xlsx', file, true)).json();
    expect(res.created).toBe(0);
    expect(res.errors).toEqual([{ row: 3, messages: ['کد ملی تکراری است (همان ردیف ۲).'] }]);
    sheet.spliceRows(3, 1);
    const ok = (await importFile('students.xlsx', Buffer.from(await wb.xlsx.writeBuffer()), true)).json();
    expect(ok.created).toBe(1);
    const s = (await list({ q: code })).json().items[0];
    expect(s).toMatchObject({
      nationalCode: code,
      studentNumber: '88001',
      groupName: 'هفتم ب',
      parentMobile: '09121112233',
    });
  });

  it('answers 400 for a file that is not a sheet, a missing column or a wrong extension', async () => {
    expect((await importFile('x.xlsx', 'not a zip', false)).statusCode).toBe(400);
    const noCode = await importFile('x.csv', 'نام,نام خانوادگی\nالف,ب', false);
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().message).toContain('کد ملی');
    expect((await importFile('x.pdf', 'a', false)).statusCode).toBe(400);
  });

  it('imports 5,000 rows in seconds', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`بار${i}`, 'حجمی', nextCode(), `BULK${i}`, 'سوم الف']);
    const started = Date.now();
    const res = await importFile('bulk.csv', csvOf([HEADER.slice(0, 5), ...rows]), true);
    expect(res.json()).toEqual({ total: 5000, errors: [], created: 5000, parentsCreated: 0, parentsLinked: 0 });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('exports the filtered list as XLSX with Jalali dates', async () => {
    const res = await t.call(contract.student.export, {
      query: { groupId: String(seventhB), q: 'کریمی' },
      headers: t.as(admin),
    });
    expect(res.statusCode).toBe(200);
    const wb = await workbookOf(res.rawPayload);
    const sheet = wb.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    const row = sheet?.getRow(2).values as string[];
    expect(row[1]).toBe('نیلوفر');
    expect(row[6]).toBe('1391/12/25');
  });
});
