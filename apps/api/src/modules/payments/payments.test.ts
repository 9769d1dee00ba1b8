import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { auditLog, rateLimits } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { paymentFiguresOfPages } from '../../test/payment-figures';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let student1: string;
let student2: string;
let admin: string;
let s1: number;
let s2: number;
let groupId: number;

const api = (path: string) => `/api/v1/${path}`;

// These tests send many receipts as the same students: each starts with a fresh hourly allowance
// (the allowance itself is tested in payments.receipts.test.ts).
beforeEach(async () => {
  if (t) await t.db.delete(rateLimits).where(sql`${rateLimits.key} like 'receipt-upload:%'`);
});

beforeAll(async () => {
  t = await createTestApp({ config: { payments: { sandboxGateway: true } } });
  student1 = await t.sessionFor('student1');
  student2 = await t.sessionFor('student2');
  admin = await t.sessionFor('admin');
  const rows = await t.db
    .select({ id: students.id, userId: students.userId, groupId: students.groupId })
    .from(students);
  const byUser = async (u: string) => rows.find(async (r) => r.userId === (await t.userId(u)));
  s1 = rows.find((r) => r.userId === 0)?.id ?? 0;
  const u1 = await t.userId('student1');
  const u2 = await t.userId('student2');
  s1 = rows.find((r) => r.userId === u1)?.id ?? 0;
  s2 = rows.find((r) => r.userId === u2)?.id ?? 0;
  groupId = rows.find((r) => r.userId === u1)?.groupId ?? 0;
  expect(byUser).toBeDefined();
  expect(s1 && s2 && groupId).toBeTruthy();
});
afterAll(() => t?.close());

// A student has one live invoice per title and due date, and a bank transfer is one receipt: each
// call makes its own unless told otherwise.
let seq = 0;
const nextDueDate = () => new Date(Date.UTC(2027, 1, 1) + ++seq * 86_400_000).toISOString().slice(0, 10);

async function createInvoice(studentId: number, body: Record<string, unknown> = {}) {
  const res = await t.inject({
    method: 'POST',
    url: api(`panel/student/invoice/${studentId}`),
    headers: t.as(admin),
    payload: { title: 'هزینهٔ سرویس مدرسه', amount: 30_000_000, dueDate: nextDueDate(), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; remaining: number };
}

async function submitReceipt(token: string, fields: Record<string, string>, withFile = true) {
  const { payload, headers } = multipartBody(
    {
      cardLast4: '۱۲۳۴',
      trackingNumber: String(700_000 + ++seq),
      transferredAt: new Date(Date.now() - 3600_000).toISOString(),
      ...fields,
    },
    withFile ? [{ filename: 'receipt.png', contentType: 'image/png', data: await smallPng(600, 900) }] : [],
  );
  return t.inject({
    method: 'POST',
    url: api('student/payment/card-to-card'),
    payload,
    headers: { ...headers, ...t.as(token) },
  });
}

describe('student invoices', () => {
  it('lists only the calling student’s invoices, with derived statuses and totals', async () => {
    const res = await t.inject({ method: 'GET', url: api('student/invoices'), headers: t.as(student1) });
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
    const res = await t.inject({ method: 'GET', url: api('student/invoices'), headers: t.as(token) });
    expect(res.statusCode).toBe(403);
    expect(u).toBeDefined();
  });
});

describe('online payment through the built-in test gateway', () => {
  it('pays the remaining amount, lands on the result page and shows the reference id', async () => {
    const inv = await createInvoice(s1, { amount: 12_000_000 });
    const start = await t.inject({
      method: 'POST',
      url: api('student/payment/direct-pay'),
      headers: t.as(student1),
      payload: { invoiceId: inv.id, amount: 1 },
    });
    expect(start.statusCode).toBe(200);
    const { paymentId, redirectUrl } = start.json();
    expect(redirectUrl).toMatch(/^\/payment-sandbox\/SBX[0-9A-F]{32}$/);
    const authority = redirectUrl.split('/').pop();
    const info = await t.inject({ method: 'GET', url: api(`general/payment/sandbox/${authority}`) });
    expect(info.json()).toMatchObject({ amount: 12_000_000 });
    const cb = await t.inject({ method: 'GET', url: `${info.json().callbackUrl}&Status=OK` });
    expect(cb.statusCode).toBe(303);
    expect(cb.headers.location).toBe(`/student/payment/result/${paymentId}`);
    const result = await t.inject({ method: 'GET', url: api(`student/payment/${paymentId}`), headers: t.as(student1) });
    expect(result.json()).toMatchObject({ status: 'succeeded', amount: 12_000_000, invoiceRemaining: 0 });
    // A short number, as a bank's gateway answers.
    expect(result.json().referenceId).toMatch(/^\d{10}$/);
    // Paid: nothing more to pay, and the test page no longer opens.
    const again = await t.inject({
      method: 'POST',
      url: api('student/payment/direct-pay'),
      headers: t.as(student1),
      payload: { invoiceId: inv.id },
    });
    expect(again.statusCode).toBe(409);
    expect((await t.inject({ method: 'GET', url: api(`general/payment/sandbox/${authority}`) })).statusCode).toBe(404);
  });

  it('records a failure the payer chose, with a reason', async () => {
    const inv = await createInvoice(s1, { amount: 5_000_000 });
    const { paymentId, redirectUrl } = (
      await t.inject({
        method: 'POST',
        url: api('student/payment/direct-pay'),
        headers: t.as(student1),
        payload: { invoiceId: inv.id },
      })
    ).json();
    const authority = redirectUrl.split('/').pop();
    await t.inject({ method: 'GET', url: api(`general/payment/callback/sandbox?Authority=${authority}&Status=NOK`) });
    const result = (
      await t.inject({ method: 'GET', url: api(`student/payment/${paymentId}`), headers: t.as(student1) })
    ).json();
    expect(result).toMatchObject({ status: 'failed', invoiceRemaining: 5_000_000 });
    expect(result.failureReason).toBeTruthy();
  });

  it('sends an unknown authority to the result page without crediting anything', async () => {
    const cb = await t.inject({
      method: 'GET',
      url: api('general/payment/callback/sandbox?Authority=SBXNOPE&Status=OK'),
    });
    expect(cb.statusCode).toBe(303);
    expect(cb.headers.location).toBe('/student/payment/result/0');
    const none = await t.inject({ method: 'GET', url: api('general/payment/callback/nogateway?Status=OK') });
    expect(none.statusCode).toBe(303);
  });

  it('keeps students out of each other’s invoices and payments', async () => {
    const inv = await createInvoice(s1, { amount: 7_000_000 });
    const pay = await t.inject({
      method: 'POST',
      url: api('student/payment/direct-pay'),
      headers: t.as(student2),
      payload: { invoiceId: inv.id },
    });
    expect(pay.statusCode).toBe(404);
    const own = (
      await t.inject({
        method: 'POST',
        url: api('student/payment/direct-pay'),
        headers: t.as(student1),
        payload: { invoiceId: inv.id },
      })
    ).json();
    const peek = await t.inject({
      method: 'GET',
      url: api(`student/payment/${own.paymentId}`),
      headers: t.as(student2),
    });
    expect(peek.statusCode).toBe(404);
    const receipt = await submitReceipt(student2, { invoiceId: String(inv.id), amount: '1000000' });
    expect(receipt.statusCode).toBe(404);
    const list = (await t.inject({ method: 'GET', url: api('student/invoices'), headers: t.as(student2) })).json();
    expect(list.invoices.some((i: { id: number }) => i.id === inv.id)).toBe(false);
  });
});

describe('card-to-card receipts', () => {
  it('shows the school card and the payable invoices', async () => {
    const res = await t.inject({ method: 'GET', url: api('student/payment/card-to-card'), headers: t.as(student1) });
    expect(res.statusCode).toBe(200);
    expect(res.json().card).toEqual({
      number: '6037991812345670',
      holder: 'مدرسهٔ دخترانهٔ فرزانگان امید',
      bank: 'بانک ملی ایران',
    });
  });

  it('takes a receipt with its photo as pending, then an admin approves it from the queue', async () => {
    const inv = await createInvoice(s1, { amount: 9_000_000 });
    const res = await submitReceipt(student1, {
      invoiceId: String(inv.id),
      amount: '۹٬۰۰۰٬۰۰۰',
      trackingNumber: '۸۸۷۷۶۶',
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toMatchObject({
      status: 'pending',
      amount: 9_000_000,
      cardMasked: '************1234',
      trackingNumber: '887766',
    });
    expect(p.receiptUrl).toMatch(/^\/uploads\/receipts\/.+-1600\.webp\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect(p.receiptThumbUrl).toMatch(/^\/uploads\/receipts\/.+-400\.webp\?exp=\d+&sig=[0-9a-f]{64}$/);
    const img = await t.inject({ method: 'GET', url: p.receiptUrl });
    expect(img.statusCode).toBe(200);

    // Nothing is left to submit while it waits.
    const more = await submitReceipt(student1, { invoiceId: String(inv.id), amount: '1000' });
    expect(more.statusCode).toBe(409);

    const queue = (await t.inject({ method: 'GET', url: api('panel/payments/pending'), headers: t.as(admin) })).json();
    const times = queue.items.map((i: { submittedAt: string }) => i.submittedAt);
    expect([...times].sort()).toEqual(times);
    expect(queue.items.at(-1)).toMatchObject({ id: p.id, studentId: s1, invoiceTitle: 'هزینهٔ سرویس مدرسه' });
    expect(queue.total).toBe(queue.items.length);
    expect(queue).toMatchObject({ page: 1, pageSize: 20 });
    // A page at a time, oldest first: the last page of one ends with this receipt.
    const last = (
      await t.inject({
        method: 'GET',
        url: api(`panel/payments/pending?pageSize=1&page=${queue.total}`),
        headers: t.as(admin),
      })
    ).json();
    expect(last).toMatchObject({ total: queue.total, page: queue.total, pageSize: 1 });
    expect(last.items.map((i: { id: number }) => i.id)).toEqual([p.id]);
    const bad = await t.inject({
      method: 'GET',
      url: api('panel/payments/pending?pageSize=500'),
      headers: t.as(admin),
    });
    expect(bad.statusCode).toBe(400);

    const ok = await t.inject({ method: 'POST', url: api(`panel/payments/${p.id}/approve`), headers: t.as(admin) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe('succeeded');
    const twice = await t.inject({ method: 'POST', url: api(`panel/payments/${p.id}/approve`), headers: t.as(admin) });
    expect(twice.statusCode).toBe(409);
    const view = (
      await t.inject({ method: 'GET', url: api(`panel/student/invoice/${s1}`), headers: t.as(admin) })
    ).json();
    expect(view.invoices.find((i: { id: number }) => i.id === inv.id).status).toBe('paid');
    const [a] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approve_receipt'), eq(auditLog.entityId, String(p.id))));
    expect(a?.userId).toBe(await t.userId('admin'));
  });

  it('rejects a receipt only with a reason, and the student sees it', async () => {
    const inv = await createInvoice(s1, { amount: 4_000_000 });
    const p = (await submitReceipt(student1, { invoiceId: String(inv.id), amount: '2000000' })).json();
    const noReason = await t.inject({
      method: 'POST',
      url: api(`panel/payments/${p.id}/reject`),
      headers: t.as(admin),
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('دلیل رد را بنویسید.');
    const res = await t.inject({
      method: 'POST',
      url: api(`panel/payments/${p.id}/reject`),
      headers: t.as(admin),
      payload: { reason: 'شمارهٔ پیگیری با رسید بانک یکی نیست.' },
    });
    expect(res.json()).toMatchObject({ status: 'rejected', rejectReason: 'شمارهٔ پیگیری با رسید بانک یکی نیست.' });
    const mine = (
      await t.inject({ method: 'GET', url: api('student/payment/card-to-card'), headers: t.as(student1) })
    ).json();
    expect(mine.submissions.find((s: { id: number }) => s.id === p.id)).toMatchObject({
      status: 'rejected',
      invoiceTitle: 'هزینهٔ سرویس مدرسه',
    });
    const [a] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'reject_receipt'), eq(auditLog.entityId, String(p.id))));
    expect(a).toBeDefined();
  });

  it('answers Persian field errors for a bad receipt and stores nothing', async () => {
    const inv = await createInvoice(s1, { amount: 4_000_000 });
    const before = (await t.db.select().from(payments)).length;
    const bad = await submitReceipt(student1, {
      invoiceId: String(inv.id),
      amount: '0',
      cardLast4: '12',
      trackingNumber: '!',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'cardLast4', 'trackingNumber']);
    const over = await submitReceipt(student1, { invoiceId: String(inv.id), amount: '5000000' });
    expect(over.statusCode).toBe(400);
    expect(over.json().fields.amount).toMatch(/باقیمانده/);
    const future = await submitReceipt(student1, {
      invoiceId: String(inv.id),
      amount: '1000',
      transferredAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(future.statusCode).toBe(400);
    const noFile = await submitReceipt(student1, { invoiceId: String(inv.id), amount: '1000' }, false);
    expect(noFile.statusCode).toBe(400);
    expect((await t.db.select().from(payments)).length).toBe(before);
  });
});

describe('admin invoices', () => {
  it('creates, edits while unpaid, and refuses edits once money came in', async () => {
    const inv = await createInvoice(s2, { amount: 10_000_000 });
    const edit = await t.inject({
      method: 'PUT',
      url: api(`panel/invoices/${inv.id}`),
      headers: t.as(admin),
      payload: { title: 'هزینهٔ سرویس (اصلاح‌شده)', amount: 11_000_000, dueDate: '2027-03-01' },
    });
    expect(edit.json()).toMatchObject({ title: 'هزینهٔ سرویس (اصلاح‌شده)', amount: 11_000_000, dueDate: '2027-03-01' });
    const manual = await t.inject({
      method: 'POST',
      url: api(`panel/invoices/${inv.id}/payments`),
      headers: t.as(admin),
      payload: { amount: '1000000', note: 'نقدی' },
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json()).toMatchObject({ method: 'manual', status: 'succeeded', amount: 1_000_000 });
    const late = await t.inject({
      method: 'PUT',
      url: api(`panel/invoices/${inv.id}`),
      headers: t.as(admin),
      payload: { title: 'x', amount: 1000, dueDate: '2027-03-01' },
    });
    expect(late.statusCode).toBe(409);
    const cancel = await t.inject({
      method: 'POST',
      url: api(`panel/invoices/${inv.id}/cancel`),
      headers: t.as(admin),
      payload: { reason: 'اشتباه' },
    });
    expect(cancel.statusCode).toBe(409);
    const over = await t.inject({
      method: 'POST',
      url: api(`panel/invoices/${inv.id}/payments`),
      headers: t.as(admin),
      payload: { amount: 20_000_000 },
    });
    expect(over.statusCode).toBe(400);
    const view = (
      await t.inject({ method: 'GET', url: api(`panel/student/invoice/${s2}`), headers: t.as(admin) })
    ).json();
    expect(view.invoices.find((i: { id: number }) => i.id === inv.id)).toMatchObject({
      status: 'partial',
      paid: 1_000_000,
      remaining: 10_000_000,
    });
    expect(view.student.fullName).toBe('نیلوفر کریمی');
  });

  it('cancels an unpaid invoice with a reason and turns down its waiting receipts', async () => {
    const inv = await createInvoice(s2, { amount: 3_000_000 });
    const p = (await submitReceipt(student2, { invoiceId: String(inv.id), amount: '3000000' })).json();
    const res = await t.inject({
      method: 'POST',
      url: api(`panel/invoices/${inv.id}/cancel`),
      headers: t.as(admin),
      payload: { reason: 'دانش‌آموز از اردو انصراف داد.' },
    });
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      remaining: 0,
      cancelReason: 'دانش‌آموز از اردو انصراف داد.',
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row?.status).toBe('rejected');
    const pay = await t.inject({
      method: 'POST',
      url: api('student/payment/direct-pay'),
      headers: t.as(student2),
      payload: { invoiceId: inv.id },
    });
    expect(pay.statusCode).toBe(409);
  });

  it('answers Persian messages for bad input and unknown records', async () => {
    const bad = await t.inject({
      method: 'POST',
      url: api(`panel/student/invoice/${s1}`),
      headers: t.as(admin),
      payload: { title: ' ', amount: -5, dueDate: '1405/07/01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'dueDate', 'title']);
    const missing = await t.inject({
      method: 'POST',
      url: api('panel/student/invoice/999999'),
      headers: t.as(admin),
      payload: { title: 'x', amount: 1000, dueDate: '2027-01-01' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.inject({ method: 'GET', url: api('panel/student/invoice/999999'), headers: t.as(admin) })).statusCode,
    ).toBe(404);
    expect(
      (await t.inject({ method: 'POST', url: api('panel/payments/999999/approve'), headers: t.as(admin) })).statusCode,
    ).toBe(404);
  });

  it('bulk-invoices a class in one go and moves due dates or cancels in bulk', async () => {
    const groupsRes = (
      await t.inject({ method: 'GET', url: api('panel/invoices/groups'), headers: t.as(admin) })
    ).json();
    const g = groupsRes.find((x: { id: number }) => x.id === groupId);
    // The class's active students, however many the demo data put in it.
    const size = (
      await t.db
        .select()
        .from(students)
        .where(and(eq(students.groupId, groupId), eq(students.status, 'active')))
    ).length;
    expect(size).toBeGreaterThanOrEqual(2);
    expect(g.students).toBe(size);
    const res = await t.inject({
      method: 'POST',
      url: api('panel/invoices/bulk'),
      headers: t.as(admin),
      payload: {
        groupId,
        installments: [
          { title: 'قسط سوم شهریه', amount: 40_000_000, dueDate: '2027-03-01' },
          { title: 'قسط چهارم شهریه', amount: 40_000_000, dueDate: '2027-04-01' },
        ],
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 2 * size, students: size, skipped: 0 });
    const list = (
      await t.inject({ method: 'GET', url: api(`panel/invoices?groupId=${groupId}&q=قسط چهارم`), headers: t.as(admin) })
    ).json();
    expect(list.total).toBe(size);
    const ids = list.items.map((i: { id: number }) => i.id);
    const move = await t.inject({
      method: 'PATCH',
      url: api('panel/invoices'),
      headers: t.as(admin),
      payload: { ids, dueDate: '2027-05-01' },
    });
    expect(move.json()).toEqual({ updated: size });
    const moved = await t.db.select().from(invoices).where(eq(invoices.title, 'قسط چهارم شهریه'));
    expect(moved.map((i) => i.dueDate)).toEqual(Array(size).fill('2027-05-01'));
    const cancel = await t.inject({
      method: 'PATCH',
      url: api('panel/invoices'),
      headers: t.as(admin),
      payload: { ids, cancelReason: 'ادغام با قسط سوم' },
    });
    expect(cancel.json()).toEqual({ updated: size });
    const unpaid = (
      await t.inject({ method: 'GET', url: api('panel/invoices?status=cancelled'), headers: t.as(admin) })
    ).json();
    expect(unpaid.items.filter((i: { title: string }) => i.title === 'قسط چهارم شهریه')).toHaveLength(size);
    const both = await t.inject({
      method: 'PATCH',
      url: api('panel/invoices'),
      headers: t.as(admin),
      payload: { ids },
    });
    expect(both.statusCode).toBe(400);
  });

  it('refuses to bulk-invoice an empty or unknown class, creating nothing', async () => {
    const [empty] = await t.db.insert(groups).values({ name: 'نهم ب', gradeLevel: 9, academicYear: 1405 }).returning();
    const before = (await t.db.select().from(invoices)).length;
    const res = await t.inject({
      method: 'POST',
      url: api('panel/invoices/bulk'),
      headers: t.as(admin),
      payload: { groupId: empty?.id, installments: [{ title: 'x', amount: 1000, dueDate: '2027-01-01' }] },
    });
    expect(res.statusCode).toBe(409);
    const unknown = await t.inject({
      method: 'POST',
      url: api('panel/invoices/bulk'),
      headers: t.as(admin),
      payload: { groupId: 999999, installments: [{ title: 'x', amount: 1000, dueDate: '2027-01-01' }] },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.db.select().from(invoices)).length).toBe(before);
  });
});

describe('payment settings', () => {
  it('reads and saves the money unit and the destination card, with an audit row that hides the number', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: api('panel/payment-settings'),
      headers: t.as(admin),
      payload: {
        moneyUnit: 'rial',
        cardNumber: '۶۲۱۹-۸۶۱۰-۱۲۳۴-۵۶۷۳',
        cardHolder: 'مدرسهٔ مهر',
        bankName: '',
        sheba: 'ir82 0540 1026 8002 0817 9090 02',
      },
    });
    // The bank is named from the card's prefix when left empty; the Sheba is stored in one form.
    expect(res.json()).toEqual({
      moneyUnit: 'rial',
      cardNumber: '6219861012345673',
      cardHolder: 'مدرسهٔ مهر',
      bankName: 'بانک سامان',
      sheba: 'IR820540102680020817909002',
    });
    const wrongDigit = await t.inject({
      method: 'PUT',
      url: api('panel/payment-settings'),
      headers: t.as(admin),
      payload: { moneyUnit: 'rial', cardNumber: '6219861012345678', sheba: 'IR820540102680020817909003' },
    });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().fields).toEqual({
      cardNumber: 'این شمارهٔ کارت درست نیست؛ رقم‌ها را دوباره از روی کارت بخوانید.',
      sheba: 'شمارهٔ شبا درست نیست: IR و ۲۴ رقم، همان‌طور که بانک داده است.',
    });
    const bad = await t.inject({
      method: 'PUT',
      url: api('panel/payment-settings'),
      headers: t.as(admin),
      payload: { moneyUnit: 'rial', cardNumber: '1234' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.cardNumber).toBe('شمارهٔ کارت باید ۱۶ رقم باشد.');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'payment_settings'));
    expect(JSON.stringify(rows)).not.toContain('6219861012345673');
    const invoicesRes = (
      await t.inject({ method: 'GET', url: api('student/invoices'), headers: t.as(student1) })
    ).json();
    expect(invoicesRes.moneyUnit).toBe('rial');
    expect(
      (await t.inject({ method: 'GET', url: api('panel/payment-settings'), headers: t.as(admin) })).json().bankName,
    ).toBe('بانک سامان');
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
      await t.inject({ method: 'GET', url: api('panel/invoices?pageSize=100'), headers: t.as(admin) })
    ).json();
    const open = unpaid.items.filter((i: { status: string }) => !['paid', 'cancelled'].includes(i.status)).length;
    expect(unpaid.total).toBeLessThanOrEqual(100);
    expect(figures.unpaidInvoices).toBe(open);
    const mine = (await t.inject({ method: 'GET', url: api('student/invoices'), headers: t.as(student1) })).json();
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
