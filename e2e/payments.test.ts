import { academicYearOf, formatJalaliIso, isoDateInTehran } from '@madreseh/contract/jalali';
import { digitsToPersian as toPersianDigits } from '@madreseh/contract/text';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { useServer } from './server';
import { loginByApi, newContext, PHONE, useBrowser, watchErrors } from './support';

const browser = useBrowser();
const server = useServer();
let receipt: Buffer;

beforeAll(async () => {
  receipt = await sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 240, g: 240, b: 250 } } })
    .jpeg()
    .toBuffer();
});

async function pageAs(user: 'admin' | 'student1', viewport?: { width: number; height: number }) {
  const context = await newContext(browser(), { baseURL: server.url, ...(viewport ? { viewport } : {}) });
  const { token } = await loginByApi(context, user, server.url);
  const page = await context.newPage();
  return { page, token, context };
}

async function api<T>(token: string, path: string): Promise<T> {
  const res = await fetch(`${server.url}/api/v1/${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

interface Inv {
  id: number;
  title: string;
  status: string;
  remaining: number;
  payments: { id: number; status: string; referenceId: string | null }[];
}

async function chooseSelect(page: Page, label: string, option: RegExp) {
  await page
    .getByRole('textbox', { name: label, exact: true })
    .or(page.getByRole('combobox', { name: label, exact: true }))
    .first()
    .click();
  await page.getByRole('option', { name: option }).click();
}

async function submitReceipt(page: Page, invoiceId: number, tracking: string) {
  await page.goto(`/student/card-to-card?invoice=${invoiceId}`);
  await page.getByTestId('school-card').waitFor();
  await expect.poll(() => page.getByLabel('مبلغ (تومان)').inputValue()).not.toBe('');
  // Pre-filled with what remains, in Persian digits grouped by «٬».
  expect(await page.getByLabel('مبلغ (تومان)').inputValue()).toMatch(/^[۱-۹][۰-۹]{0,2}(٬[۰-۹]{3})*$/);
  await page.getByLabel('چهار رقم آخر کارت مبدأ').fill('۴۴۵۵');
  await page.getByLabel('شمارهٔ پیگیری').fill(tracking);
  const yesterday = formatJalaliIso(isoDateInTehran(new Date(Date.now() - 86_400_000)));
  const date = page.getByRole('textbox', { name: /^تاریخ واریز/ });
  await date.fill(yesterday);
  await date.blur();
  await page.getByLabel('ساعت واریز').fill('۰۹:۱۵');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: receipt });
  await page.getByRole('button', { name: 'ثبت رسید' }).click();
  await page.getByText('رسید ثبت شد و پس از بررسی تأیید می‌شود.').waitFor();
}

describe('invoices and payments, end to end', () => {
  it('bulk-invoices a class, pays online, sends receipts, approves one and rejects another', async () => {
    const year = academicYearOf().start;
    const admin = await pageAs('admin');
    const adminErrors = watchErrors(admin.page);

    // 1. The office issues two installments to the whole class.
    await admin.page.goto('/dashboard/invoices');
    await chooseSelect(admin.page, 'کلاس', /هفتم الف/);
    await admin.page.getByRole('button', { name: 'افزودن قسط' }).click();
    const titles = admin.page.getByRole('textbox', { name: /^عنوان/ });
    const amounts = admin.page.getByRole('textbox', { name: /^مبلغ/ });
    const dues = admin.page.getByRole('textbox', { name: /^سررسید/ });
    await titles.nth(0).fill('کلاس تقویتی ریاضی — قسط اول');
    await amounts.nth(0).fill('۲۵۰٬۰۰۰');
    await dues.nth(0).fill(`${year}/10/01`);
    await titles.nth(1).fill('کلاس تقویتی ریاضی — قسط دوم');
    await amounts.nth(1).fill('250000');
    await dues.nth(1).fill(`${year}/11/01`);
    await dues.nth(1).blur();
    await admin.page.getByRole('button', { name: 'صدور' }).click();
    // The office sees how many and how much before anything is issued.
    const preview = admin.page.getByTestId('bulk-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/^[۰-۹]+ دانش‌آموز × ۲ قسط = جمع [۰-۹٬]+ تومان$/);
    await admin.page.screenshot({ path: 'test-results/bulk-invoice-confirm-1366.png' });
    await admin.page.getByRole('button', { name: 'بله، صادر شود' }).click();
    // Two installments for each student of the class, however many the demo class holds.
    const issued = admin.page.getByText(/صورت‌حساب برای [۰-۹]+ دانش‌آموز صادر شد/);
    await issued.waitFor();
    const [bills, kids] = [...((await issued.textContent()) ?? '').matchAll(/[۰-۹]+/g)].map((m) =>
      Number(m[0].replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d)))),
    );
    expect(kids).toBeGreaterThanOrEqual(2);
    expect(bills).toBe(2 * (kids ?? 0));
    await admin.page.getByRole('link', { name: 'سارا محمدی' }).first().waitFor();

    // 2. The student pays the first installment through the test gateway.
    const student = await pageAs('student1', PHONE);
    const studentErrors = watchErrors(student.page);
    const mine = await api<{ invoices: Inv[] }>(student.token, 'student/invoices');
    const first = mine.invoices.find((i) => i.title.endsWith('قسط اول') && i.title.includes('تقویتی'));
    const second = mine.invoices.find((i) => i.title.endsWith('قسط دوم') && i.title.includes('تقویتی'));
    const lab = mine.invoices.find((i) => i.title === 'کتاب و لوازم آزمایشگاه');
    if (!first || !second || !lab) throw new Error('invoices missing');
    expect(first.remaining).toBe(2_500_000);

    await student.page.goto('/student/invoices');
    await student.page.getByTestId(`invoice-${first.id}`).getByRole('button', { name: 'پرداخت آنلاین' }).click();
    await student.page.waitForURL(/\/payment-sandbox\//);
    await expect.poll(() => student.page.getByTestId('sandbox-amount').textContent()).toContain('۲٬۵۰۰٬۰۰۰');
    await student.page.getByRole('link', { name: 'پرداخت موفق' }).click();
    await student.page.waitForURL(/\/student\/payment\/result\//);
    const result = student.page.getByTestId('payment-result');
    await expect.poll(() => result.getAttribute('data-status')).toBe('succeeded');
    await student.page.getByText('پرداخت با موفقیت انجام شد.').waitFor();
    const after = await api<{ invoices: Inv[] }>(student.token, 'student/invoices');
    const paid = after.invoices.find((i) => i.id === first.id);
    expect(paid?.status).toBe('paid');
    const ref = paid?.payments.find((p) => p.status === 'succeeded')?.referenceId ?? '';
    // Short and numeric, shown in Persian digits with a copy button.
    expect(ref).toMatch(/^\d{10}$/);
    expect(await student.page.getByTestId('ref-id').textContent()).toBe(toPersianDigits(ref));
    await student.page.getByRole('button', { name: 'کپی' }).first().waitFor();
    // A printable receipt: the school's name, the amount in digits and in Persian words, on one A4 page.
    await student.page.getByRole('link', { name: 'رسید چاپی' }).click();
    const receiptSheet = student.page.getByTestId('payment-receipt');
    await receiptSheet.waitFor();
    expect(await receiptSheet.getByTestId('brand-name').textContent()).toBe('مدرسهٔ دخترانهٔ فرزانگان امید');
    expect(await receiptSheet.getByTestId('receipt-amount').textContent()).toBe('۲۵۰٬۰۰۰ تومان');
    expect(await receiptSheet.getByTestId('receipt-words').textContent()).toBe('دویست و پنجاه هزار تومان');
    await student.page.emulateMedia({ media: 'print' });
    await student.page.screenshot({ path: 'test-results/payment-receipt-390.png', fullPage: true });
    const pdf = await student.page.pdf({ format: 'A4' });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
    await student.page.emulateMedia({ media: 'screen' });
    // The office prints the same receipt from the student's invoice page.
    await admin.page.getByRole('link', { name: 'سارا محمدی' }).first().click();
    await admin.page.getByTestId(`payment-${paid?.payments.find((p) => p.status === 'succeeded')?.id}`).waitFor();
    await admin.page
      .getByTestId(`payment-${paid?.payments.find((p) => p.status === 'succeeded')?.id}`)
      .getByRole('link', { name: 'رسید چاپی' })
      .click();
    const officeReceipt = admin.page.getByTestId('payment-receipt');
    await officeReceipt.waitFor();
    expect(await officeReceipt.textContent()).toContain('سارا محمدی');
    expect(await officeReceipt.getByTestId('receipt-words').textContent()).toBe('دویست و پنجاه هزار تومان');
    await admin.page.goto('/dashboard/invoices');
    await student.page.goto('/student/invoices');
    await student.page.getByTestId(`invoice-${first.id}`).locator('[data-status="paid"]').first().waitFor();

    // 3. A card-to-card receipt with a photo for the second installment, and one for the lab invoice.
    await student.page.goto(`/student/card-to-card?invoice=${second.id}`);
    // 250,000 Toman remain on the second installment: the amount is filled in, formatted.
    await expect.poll(() => student.page.getByLabel('مبلغ (تومان)').inputValue()).toBe('۲۵۰٬۰۰۰');
    await student.page.screenshot({ path: 'test-results/card-to-card-prefilled-390.png', fullPage: true });
    await submitReceipt(student.page, second.id, '۷۷۱۲۳۴');
    await submitReceipt(student.page, lab.id, '۹۹۸۸۷۷');

    // 4. The office approves the first from the queue and rejects the second with a reason.
    await admin.page.goto('/dashboard/payments/pending');
    const queue = await api<{ items: { id: number; invoiceId: number }[] }>(admin.token, 'panel/payments/pending');
    const toApprove = queue.items.find((r) => r.invoiceId === second.id);
    const toReject = queue.items.find((r) => r.invoiceId === lab.id);
    if (!toApprove || !toReject) throw new Error('receipts missing from the queue');
    const approveCard = admin.page.getByTestId(`receipt-${toApprove.id}`);
    const receiptImage = approveCard.getByRole('img', { name: 'تصویر رسید کارت به کارت' });
    await receiptImage.waitFor();
    // The photo comes through its signed address (decision 0006) and really loads.
    expect(await receiptImage.getAttribute('src')).toMatch(/^\/uploads\/receipts\/.+\?exp=\d+&sig=[0-9a-f]+$/);
    await expect
      .poll(() =>
        receiptImage.evaluate((img) =>
          (img as HTMLImageElement).complete ? (img as HTMLImageElement).naturalWidth : 0,
        ),
      )
      .toBeGreaterThan(0);
    await approveCard.getByRole('button', { name: 'تأیید' }).click();
    await approveCard.waitFor({ state: 'detached' });
    const rejectCard = admin.page.getByTestId(`receipt-${toReject.id}`);
    await rejectCard.getByRole('button', { name: 'رد' }).click();
    await admin.page.getByRole('dialog').getByLabel('دلیل رد').fill('مبلغ این رسید به حساب مدرسه نرسیده است.');
    await admin.page.getByRole('dialog').getByRole('button', { name: 'رد' }).click();
    await rejectCard.waitFor({ state: 'detached' });

    // 5. The student sees the second installment paid and the reason of the rejection.
    await student.page.goto('/student/invoices');
    await student.page.getByTestId(`invoice-${second.id}`).locator('[data-status="paid"]').first().waitFor();
    await student.page.goto('/student/card-to-card');
    await student.page
      .getByTestId(`payment-${toReject.id}`)
      .getByText(/مبلغ این رسید به حساب مدرسه نرسیده است/)
      .waitFor();

    expect(adminErrors).toEqual([]);
    expect(studentErrors).toEqual([]);
    await admin.context.close();
    await student.context.close();
  });
});
