import { contract } from '@madreseh/contract/endpoints';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/payments';
import { groups, students } from '../../db/schema/school';
import { auditLog } from '../../db/schema/system';
import {
  admin,
  createInvoice,
  groupId,
  s1,
  s2,
  student1,
  student2,
  submitReceipt,
  t,
  usePaymentsApp,
} from './payments.fixtures';

// Staff's invoices (one, a class in bulk, edits and cancels) and the payment settings.

usePaymentsApp();

describe('admin invoices', () => {
  it('creates, edits while unpaid, and refuses edits once money came in', async () => {
    const inv = await createInvoice(s2, { amount: 10_000_000 });
    const edit = await t.call(contract.payments.updateInvoice, {
      params: { id: inv.id },
      headers: t.as(admin),
      body: { title: 'هزینهٔ سرویس (اصلاح‌شده)', amount: 11_000_000, dueDate: '2027-03-01' },
    });
    expect(edit.json()).toMatchObject({ title: 'هزینهٔ سرویس (اصلاح‌شده)', amount: 11_000_000, dueDate: '2027-03-01' });
    const manual = await t.call(contract.payments.manualPayment, {
      params: { id: inv.id },
      headers: t.as(admin),
      body: { amount: '1000000', note: 'نقدی' },
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json()).toMatchObject({ method: 'manual', status: 'succeeded', amount: 1_000_000 });
    const late = await t.call(contract.payments.updateInvoice, {
      params: { id: inv.id },
      headers: t.as(admin),
      body: { title: 'x', amount: 1000, dueDate: '2027-03-01' },
    });
    expect(late.statusCode).toBe(409);
    const cancel = await t.call(contract.payments.cancelInvoice, {
      params: { id: inv.id },
      headers: t.as(admin),
      body: { reason: 'اشتباه' },
    });
    expect(cancel.statusCode).toBe(409);
    const over = await t.call(contract.payments.manualPayment, {
      params: { id: inv.id },
      headers: t.as(admin),
      body: { amount: 20_000_000 },
    });
    expect(over.statusCode).toBe(400);
    const view = (await t.call(contract.payments.studentInvoice, { params: { id: s2 }, headers: t.as(admin) })).json();
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
    const res = await t.call(contract.payments.cancelInvoice, {
      params: { id: inv.id },
      headers: t.as(admin),
      body: { reason: 'دانش‌آموز از اردو انصراف داد.' },
    });
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      remaining: 0,
      cancelReason: 'دانش‌آموز از اردو انصراف داد.',
    });
    const [row] = await t.db.select().from(payments).where(eq(payments.id, p.id));
    expect(row?.status).toBe('rejected');
    const pay = await t.call(contract.payments.directPay, { headers: t.as(student2), body: { invoiceId: inv.id } });
    expect(pay.statusCode).toBe(409);
  });

  it('answers Persian messages for bad input and unknown records', async () => {
    const bad = await t.call(contract.payments.createInvoice, {
      params: { id: s1 },
      headers: t.as(admin),
      body: { title: ' ', amount: -5, dueDate: '1405/07/01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['amount', 'dueDate', 'title']);
    const missing = await t.call(contract.payments.createInvoice, {
      params: { id: 999999 },
      headers: t.as(admin),
      body: { title: 'x', amount: 1000, dueDate: '2027-01-01' },
    });
    expect(missing.statusCode).toBe(404);
    expect(
      (await t.call(contract.payments.studentInvoice, { params: { id: 999999 }, headers: t.as(admin) })).statusCode,
    ).toBe(404);
    expect((await t.call(contract.payments.approve, { params: { id: 999999 }, headers: t.as(admin) })).statusCode).toBe(
      404,
    );
  });

  it('bulk-invoices a class in one go and moves due dates or cancels in bulk', async () => {
    const groupsRes = (await t.call(contract.payments.groups, { headers: t.as(admin) })).json();
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
    const res = await t.call(contract.payments.bulkCreate, {
      headers: t.as(admin),
      body: {
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
      await t.call(contract.payments.listInvoices, { query: { groupId, q: 'قسط چهارم' }, headers: t.as(admin) })
    ).json();
    expect(list.total).toBe(size);
    const ids = list.items.map((i: { id: number }) => i.id);
    const move = await t.call(contract.payments.bulkUpdate, {
      headers: t.as(admin),
      body: { ids, dueDate: '2027-05-01' },
    });
    expect(move.json()).toEqual({ updated: size });
    const moved = await t.db.select().from(invoices).where(eq(invoices.title, 'قسط چهارم شهریه'));
    expect(moved.map((i) => i.dueDate)).toEqual(Array(size).fill('2027-05-01'));
    const cancel = await t.call(contract.payments.bulkUpdate, {
      headers: t.as(admin),
      body: { ids, cancelReason: 'ادغام با قسط سوم' },
    });
    expect(cancel.json()).toEqual({ updated: size });
    const unpaid = (
      await t.call(contract.payments.listInvoices, { query: { status: 'cancelled' }, headers: t.as(admin) })
    ).json();
    expect(unpaid.items.filter((i: { title: string }) => i.title === 'قسط چهارم شهریه')).toHaveLength(size);
    const both = await t.call(contract.payments.bulkUpdate, { headers: t.as(admin), body: { ids } });
    expect(both.statusCode).toBe(400);
  });

  it('searches invoices for the text as typed: % and _ are not wildcards', async () => {
    const search = async (q: string) =>
      (await t.call(contract.payments.listInvoices, { query: { q }, headers: t.as(admin) })).json().total as number;
    expect(await search('شهریه')).toBeGreaterThan(0);
    expect(await search('%')).toBe(0);
    expect(await search('_')).toBe(0);
    expect(await search('شهر_ه')).toBe(0);
  });

  it('refuses to bulk-invoice an empty or unknown class, creating nothing', async () => {
    const [empty] = await t.db.insert(groups).values({ name: 'نهم ب', gradeLevel: 9, academicYear: 1405 }).returning();
    const before = (await t.db.select().from(invoices)).length;
    const res = await t.call(contract.payments.bulkCreate, {
      headers: t.as(admin),
      body: { groupId: empty?.id, installments: [{ title: 'x', amount: 1000, dueDate: '2027-01-01' }] },
    });
    expect(res.statusCode).toBe(409);
    const unknown = await t.call(contract.payments.bulkCreate, {
      headers: t.as(admin),
      body: { groupId: 999999, installments: [{ title: 'x', amount: 1000, dueDate: '2027-01-01' }] },
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.db.select().from(invoices)).length).toBe(before);
  });
});

describe('payment settings', () => {
  it('reads and saves the money unit and the destination card, with an audit row that hides the number', async () => {
    const res = await t.call(contract.payments.putSettings, {
      headers: t.as(admin),
      body: {
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
    const wrongDigit = await t.call(contract.payments.putSettings, {
      headers: t.as(admin),
      body: { moneyUnit: 'rial', cardNumber: '6219861012345678', sheba: 'IR820540102680020817909003' },
    });
    expect(wrongDigit.statusCode).toBe(400);
    expect(wrongDigit.json().fields).toEqual({
      cardNumber: 'این شمارهٔ کارت درست نیست؛ رقم‌ها را دوباره از روی کارت بخوانید.',
      sheba: 'شمارهٔ شبا درست نیست: IR و ۲۴ رقم، همان‌طور که بانک داده است.',
    });
    const bad = await t.call(contract.payments.putSettings, {
      headers: t.as(admin),
      body: { moneyUnit: 'rial', cardNumber: '1234' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.cardNumber).toBe('شمارهٔ کارت باید ۱۶ رقم باشد.');
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entity, 'payment_settings'));
    expect(JSON.stringify(rows)).not.toContain('6219861012345673');
    const invoicesRes = (await t.call(contract.payments.studentInvoices, { headers: t.as(student1) })).json();
    expect(invoicesRes.moneyUnit).toBe('rial');
    expect((await t.call(contract.payments.getSettings, { headers: t.as(admin) })).json().bankName).toBe('بانک سامان');
  });
});
