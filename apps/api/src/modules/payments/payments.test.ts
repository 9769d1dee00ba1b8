import { contract } from '@madreseh/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { paymentFiguresOfPages } from '../../test/payment-figures';
import { admin, createInvoice, s1, student1, student2, submitReceipt, t, usePaymentsApp } from './payments.fixtures';

// A student's invoices, paying one online through the built-in test gateway, and the figures of the pages.

usePaymentsApp();

describe('student invoices', () => {
  it('lists only the calling student’s invoices, with derived statuses and totals', async () => {
    const res = await t.call(contract.payments.studentInvoices, { headers: t.as(student1) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.invoices.length).toBeGreaterThan(0);
    expect(body.invoices.every((i: { studentId: number }) => i.studentId === s1)).toBe(true);
    const first = body.invoices.find((i: { title: string }) => i.title === 'قسط اول شهریه');
    expect(first).toMatchObject({ status: 'paid', remaining: 0 });
    expect(body.totals.billed).toBe(body.invoices.reduce((s: number, i: { amount: number }) => s + i.amount, 0));
    expect(body.totals.remaining).toBe(body.totals.billed - body.totals.paid);
    expect(body.moneyUnit).toBe('toman');
    expect(body.gateways).toEqual([{ name: 'sandbox', label: 'درگاه آزمایشی', test: true }]);
    const rejected = body.invoices
      .flatMap((i: { payments: { status: string; rejectReason: string }[] }) => i.payments)
      .find((p: { status: string }) => p.status === 'rejected');
    expect(rejected.rejectReason).toMatch(/رسید/);
  });

  it('marks a past-due unpaid invoice overdue', async () => {
    const inv = await createInvoice(s1, { dueDate: '2020-01-01', title: 'بدهی قدیمی' });
    expect(inv.status).toBe('overdue');
  });

  it('refuses a student account without a school record', async () => {
    const [u] = await t.db
      .insert(users)
      .values({ username: 'orphan', passwordHash: 'x', role: 'student', fullName: 'بی‌پرونده' })
      .returning();
    const token = await t.sessionFor('orphan');
    const res = await t.call(contract.payments.studentInvoices, { headers: t.as(token) });
    expect(res.statusCode).toBe(403);
    expect(u).toBeDefined();
  });
});

describe('online payment through the built-in test gateway', () => {
  it('pays the remaining amount, lands on the result page and shows the reference id', async () => {
    const inv = await createInvoice(s1, { amount: 12_000_000 });
    const start = await t.call(contract.payments.directPay, {
      headers: t.as(student1),
      body: { invoiceId: inv.id, amount: 1 },
    });
    expect(start.statusCode).toBe(200);
    const { paymentId, redirectUrl } = start.json();
    expect(redirectUrl).toMatch(/^\/payment-sandbox\/SBX[0-9A-F]{32}$/);
    const authority = redirectUrl.split('/').pop();
    const info = await t.call(contract.payments.sandboxInfo, { params: { authority } });
    expect(info.json()).toMatchObject({ amount: 12_000_000 });
    const cb = await t.inject({ method: 'GET', url: `${info.json().callbackUrl}&Status=OK` });
    expect(cb.statusCode).toBe(303);
    expect(cb.headers.location).toBe(`/student/payment/result/${paymentId}`);
    const result = await t.call(contract.payments.paymentResult, {
      params: { id: paymentId },
      headers: t.as(student1),
    });
    expect(result.json()).toMatchObject({ status: 'succeeded', amount: 12_000_000, invoiceRemaining: 0 });
    // A short number, as a bank's gateway answers.
    expect(result.json().referenceId).toMatch(/^\d{10}$/);
    // Paid: nothing more to pay, and the test page no longer opens.
    const again = await t.call(contract.payments.directPay, { headers: t.as(student1), body: { invoiceId: inv.id } });
    expect(again.statusCode).toBe(409);
    expect((await t.call(contract.payments.sandboxInfo, { params: { authority } })).statusCode).toBe(404);
  });

  it('records a failure the payer chose, with a reason', async () => {
    const inv = await createInvoice(s1, { amount: 5_000_000 });
    const { paymentId, redirectUrl } = (
      await t.call(contract.payments.directPay, { headers: t.as(student1), body: { invoiceId: inv.id } })
    ).json();
    const authority = redirectUrl.split('/').pop();
    await t.call(contract.payments.gatewayCallback, {
      params: { gateway: 'sandbox' },
      query: { Authority: authority, Status: 'NOK' },
    });
    const result = (
      await t.call(contract.payments.paymentResult, { params: { id: paymentId }, headers: t.as(student1) })
    ).json();
    expect(result).toMatchObject({ status: 'failed', invoiceRemaining: 5_000_000 });
    expect(result.failureReason).toBeTruthy();
  });

  it('sends an unknown authority to the result page without crediting anything', async () => {
    const cb = await t.call(contract.payments.gatewayCallback, {
      params: { gateway: 'sandbox' },
      query: { Authority: 'SBXNOPE', Status: 'OK' },
    });
    expect(cb.statusCode).toBe(303);
    expect(cb.headers.location).toBe('/student/payment/result/0');
    const none = await t.call(contract.payments.gatewayCallback, {
      params: { gateway: 'nogateway' },
      query: { Status: 'OK' },
    });
    expect(none.statusCode).toBe(303);
  });

  it('keeps students out of each other’s invoices and payments', async () => {
    const inv = await createInvoice(s1, { amount: 7_000_000 });
    const pay = await t.call(contract.payments.directPay, { headers: t.as(student2), body: { invoiceId: inv.id } });
    expect(pay.statusCode).toBe(404);
    const own = (
      await t.call(contract.payments.directPay, { headers: t.as(student1), body: { invoiceId: inv.id } })
    ).json();
    const peek = await t.call(contract.payments.paymentResult, {
      params: { id: own.paymentId },
      headers: t.as(student2),
    });
    expect(peek.statusCode).toBe(404);
    const receipt = await submitReceipt(student2, { invoiceId: String(inv.id), amount: '1000000' });
    expect(receipt.statusCode).toBe(404);
    const list = (await t.call(contract.payments.studentInvoices, { headers: t.as(student2) })).json();
    expect(list.invoices.some((i: { id: number }) => i.id === inv.id)).toBe(false);
  });
});

describe('figures for the dashboard and the student home', () => {
  it('counts pending receipts and unpaid invoices and sums a student’s balance', async () => {
    const pending = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'pending'), eq(payments.method, 'card_to_card')));
    const figures = await paymentFiguresOfPages(t.db);
    expect(figures.pendingReceipts).toBe(pending.length);
    const unpaid = (
      await t.call(contract.payments.listInvoices, { query: { pageSize: 100 }, headers: t.as(admin) })
    ).json();
    const open = unpaid.items.filter((i: { status: string }) => !['paid', 'cancelled'].includes(i.status)).length;
    expect(unpaid.total).toBeLessThanOrEqual(100);
    expect(figures.unpaidInvoices).toBe(open);
    const mine = (await t.call(contract.payments.studentInvoices, { headers: t.as(student1) })).json();
    type Mine = { amount: number; paid: number; remaining: number; status: string };
    const live = (mine.invoices as Mine[]).filter((i) => i.status !== 'cancelled');
    expect(mine.totals).toEqual({
      billed: live.reduce((s, i) => s + i.amount, 0),
      paid: live.reduce((s, i) => s + i.paid, 0),
      remaining: live.reduce((s, i) => s + i.remaining, 0),
    });
    expect(live.filter((i) => i.status === 'overdue').reduce((s, i) => s + i.remaining, 0)).toBeGreaterThan(0);
  });
});
