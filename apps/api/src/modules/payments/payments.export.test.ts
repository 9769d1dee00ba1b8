import { contract } from '@madreseh/contract/endpoints';
import { formatJalaliIso, isoDateInTehran } from '@madreseh/contract/jalali';
import { eq } from 'drizzle-orm';
import type ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/school';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { workbookOf } from '../../test/sheets';
import { addressOf, answerOf, useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: string;
let superadmin: string;
let student1: string;
let s1: number;
let nationalCode: string;
let studentNumber: string;

const day = (offset: number) => isoDateInTehran(new Date(Date.now() + offset * 86_400_000));
/** The workbook of payments from one day to another, as the caller of `headers` asks for it. */
const exportRange = (from: string, to: string | undefined, headers?: Record<string, string>) =>
  t.call(contract.payments.exportInvoices, { query: { from, to }, ...(headers ? { headers } : {}) });

beforeAll(async () => {
  admin = await t.sessionFor('admin');
  superadmin = await t.sessionFor('superadmin');
  student1 = await t.sessionFor('student1');
  const [row] = await t.db
    .select({ id: students.id, nationalCode: students.nationalCode, studentNumber: students.studentNumber })
    .from(students)
    .where(eq(students.userId, await t.userId('student1')));
  s1 = row?.id ?? 0;
  nationalCode = row?.nationalCode ?? '';
  studentNumber = row?.studentNumber ?? '';
  expect(s1 && nationalCode).toBeTruthy();
});

async function createInvoice(title: string, amount: number, dueDate: string) {
  const res = await t.call(contract.payments.createInvoice, {
    params: { id: s1 },
    headers: t.as(admin),
    body: { title, amount, dueDate },
  });
  expect(res.statusCode, res.body).toBe(201);
  return answerOf(contract.payments.createInvoice, res);
}

const load = (res: { rawPayload: Buffer }) => workbookOf(res.rawPayload);

function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.CellValue[][] {
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return rows;
}

describe('export of invoices and payments', () => {
  let inRange: number;
  let later: number;
  let manualId: number;
  let receiptId: number;

  beforeAll(async () => {
    inRange = (await createInvoice('هزینهٔ کلاس رباتیک', 12_345_000, day(5))).id;
    later = (await createInvoice('هزینهٔ اردوی تابستانی', 7_000_000, day(200))).id;
    const manual = await t.call(contract.payments.manualPayment, {
      params: { id: inRange },
      headers: t.as(admin),
      body: { amount: 2_345_000, note: 'پرداخت با کارتخوان' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    manualId = manual.json().id;
    // A card-to-card receipt for the later invoice: the payment was sent today, so it is in range.
    const { payload, headers } = multipartBody(
      {
        invoiceId: String(later),
        amount: '1000000',
        cardLast4: '9911',
        trackingNumber: '123456',
        transferredAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
      [{ filename: 'r.png', contentType: 'image/png', data: await smallPng() }],
    );
    const receipt = await t.inject({
      method: 'POST',
      url: addressOf(contract.payments.cardToCard),
      payload,
      headers: { ...headers, ...t.as(student1) },
    });
    expect(receipt.statusCode, receipt.body).toBe(201);
    receiptId = receipt.json().id;
  });

  it('answers one workbook of two right-to-left sheets with Persian headers, Jalali dates and amounts in Rials', async () => {
    const res = await exportRange(day(-10), day(20), t.as(admin));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="invoices-1[34]\d\d-\d\d-\d\d-1[34]\d\d-\d\d-\d\d\.xlsx"; filename\*=UTF-8''/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const wb = await load(res);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['صورت‌حساب‌ها', 'پرداخت‌ها']);
    for (const ws of wb.worksheets) {
      expect(ws.views[0]).toMatchObject({ rightToLeft: true, state: 'frozen', ySplit: 1 });
    }

    const [invoiceSheet, paymentSheet] = wb.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet];
    const invoiceRows = rowsOf(invoiceSheet);
    expect(invoiceRows[0]).toEqual([
      'شمارهٔ صورت‌حساب',
      'دانش‌آموز',
      'شمارهٔ دانش‌آموزی',
      'کلاس',
      'عنوان',
      'مبلغ (ریال)',
      'پرداخت‌شده (ریال)',
      'باقیمانده (ریال)',
      'وضعیت',
      'سررسید',
      'زمان صدور',
      'دلیل ابطال',
    ]);
    const mine = invoiceRows.find((r) => r[0] === inRange);
    expect(mine?.slice(0, 10)).toEqual([
      inRange,
      'سارا محمدی',
      studentNumber,
      'هفتم الف',
      'هزینهٔ کلاس رباتیک',
      12_345_000,
      2_345_000,
      10_000_000,
      'پرداخت ناقص',
      formatJalaliIso(day(5)),
    ]);
    expect(mine?.[10]).toMatch(new RegExp(`^${formatJalaliIso(day(0))} \\d\\d:\\d\\d$`));
    expect(invoiceSheet.getColumn(6).numFmt).toBe('#,##0');
    // Due outside the range: not on the invoices sheet.
    expect(invoiceRows.some((r) => r[0] === later)).toBe(false);
    // Every invoice listed is due inside the range.
    const dues = invoiceRows.slice(1).map((r) => String(r[9]));
    expect(dues.every((d) => d >= formatJalaliIso(day(-10)) && d <= formatJalaliIso(day(20)))).toBe(true);

    const paymentRows = rowsOf(paymentSheet);
    const header = paymentRows[0] as string[];
    expect(header).toEqual([
      'شمارهٔ پرداخت',
      'شمارهٔ صورت‌حساب',
      'عنوان صورت‌حساب',
      'دانش‌آموز',
      'شمارهٔ دانش‌آموزی',
      'کلاس',
      'روش',
      'درگاه',
      'وضعیت',
      'مبلغ (ریال)',
      'شمارهٔ مرجع درگاه',
      'شمارهٔ پیگیری بانکی',
      'کارت',
      'زمان واریز',
      'زمان ثبت',
      'زمان بررسی',
      'بررسی‌کننده',
      'دلیل رد یا ناکامی',
      'یادداشت',
    ]);
    const col = (row: ExcelJS.CellValue[] | undefined, name: string) => row?.[header.indexOf(name)];
    const manual = paymentRows.find((r) => r[0] === manualId);
    expect(col(manual, 'روش')).toBe('نقدی / کارتخوان');
    expect(col(manual, 'وضعیت')).toBe('موفق');
    expect(col(manual, 'مبلغ (ریال)')).toBe(2_345_000);
    expect(col(manual, 'بررسی‌کننده')).toBe('علی رضایی');
    expect(col(manual, 'یادداشت')).toBe('پرداخت با کارتخوان');
    expect(String(col(manual, 'زمان بررسی'))).toMatch(/^1[34]\d\d\/\d\d\/\d\d \d\d:\d\d$/);
    const receipt = paymentRows.find((r) => r[0] === receiptId);
    expect(col(receipt, 'شمارهٔ صورت‌حساب')).toBe(later);
    expect(col(receipt, 'روش')).toBe('کارت به کارت');
    expect(col(receipt, 'وضعیت')).toBe('در انتظار بررسی');
    expect(col(receipt, 'شمارهٔ پیگیری بانکی')).toBe('123456');
    expect(col(receipt, 'کارت')).toBe('************9911');
    expect(col(receipt, 'زمان بررسی') ?? null).toBeNull();

    // No national code travels in the file.
    const cells = wb.worksheets.flatMap((ws) => rowsOf(ws).flat()).map(String);
    expect(cells.some((c) => c.includes(nationalCode))).toBe(false);
    expect(cells.some((c) => c.includes('/uploads/'))).toBe(false);
  });

  it('is open to the super-admin too, and a range in the past holds none of today’s payments', async () => {
    const res = await exportRange(day(-400), day(-100), t.as(superadmin));
    expect(res.statusCode).toBe(200);
    const wb = await load(res);
    const ids = rowsOf(wb.worksheets[1] as ExcelJS.Worksheet).map((r) => r[0]);
    expect(ids).not.toContain(manualId);
    expect(ids).not.toContain(receiptId);
  });

  it('refuses a reversed range, a range longer than 366 days and bad dates with a Persian 400', async () => {
    const reversed = await exportRange(day(5), day(1), t.as(admin));
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe('تاریخ پایان بازه نباید پیش از تاریخ شروع آن باشد.');
    expect(reversed.json().fields.to).toBe(reversed.json().message);
    const long = await exportRange('2025-01-01', '2026-01-02', t.as(admin));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('بازهٔ خروجی حداکثر ۳۶۶ روز است.');
    const leapYear = await exportRange('2028-01-01', '2028-12-31', t.as(admin));
    expect(leapYear.statusCode).toBe(200);
    for (const [from, to] of [
      ['2026-02-30', '2026-03-01'],
      ['1405/01/01', '2026-03-01'],
      ['2026-01-01', undefined],
    ] as const) {
      const res = await exportRange(from, to, t.as(admin));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('refuses students and anonymous callers', async () => {
    expect((await exportRange(day(-10), day(20), t.as(student1))).statusCode).toBe(403);
    expect((await exportRange(day(-10), day(20))).statusCode).toBe(401);
  });
});
