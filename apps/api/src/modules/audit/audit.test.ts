import { contract } from '@madreseh/contract/endpoints';
import { isoDateInTehran } from '@madreseh/contract/jalali';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { students } from '../../db/schema/school';
import { firstSheetOf } from '../../test/sheets';
import { type CallInput, useTestApp } from '../../test/test-app';

/**
 * The audit log, readable: a super-admin reads everyone's rows, an admin only their own; filters by
 * person, kind of record, date range and money actions; pages; an XLSX export of the same filter;
 * money actions marked. Nothing in the app changes or deletes a row, and the database refuses to.
 */

const t = useTestApp();
let admin: Record<string, string>;
let superAdmin: Record<string, string>;
let adminId: number;
let superAdminId: number;

const list = async (headers: Record<string, string>, query: CallInput['query'] = {}) => {
  const res = await t.call(contract.audit.list, { query, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

beforeAll(async () => {
  admin = t.as(await t.sessionFor('admin'));
  superAdmin = t.as(await t.sessionFor('superadmin'));
  adminId = await t.userId('admin');
  superAdminId = await t.userId('superadmin');
  // The admin writes a notice; the super-admin makes an invoice and cancels it (money).
  const news = await t.call(contract.news.create, {
    headers: admin,
    body: {
      title: 'خبر آزمون',
      summary: 'خلاصه',
      bodyHtml: '<p>متن</p>',
      pinned: false,
      status: 'published',
      audience: 'public',
    },
  });
  expect(news.statusCode, news.body).toBe(201);
  const [s] = await t.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, await t.userId('student1')));
  const inv = await t.call(contract.payments.createInvoice, {
    params: { id: s?.id },
    headers: superAdmin,
    body: { title: 'هزینهٔ اردو', amount: 2_000_000, dueDate: '2027-03-01' },
  });
  expect(inv.statusCode, inv.body).toBe(201);
  const cancel = await t.call(contract.payments.cancelInvoice, {
    params: { id: inv.json().id },
    headers: superAdmin,
    body: { reason: 'ثبت اشتباه' },
  });
  expect(cancel.statusCode, cancel.body).toBeLessThan(300);
});

describe('audit log', () => {
  it('shows a super-admin every row, newest first, with who, what, which record, details and address', async () => {
    const all = await list(superAdmin, { pageSize: 100 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    const [first] = all.items;
    expect(first).toMatchObject({
      action: 'cancel',
      entity: 'invoice',
      money: true,
      user: { id: superAdminId, username: 'superadmin' },
      ip: '127.0.0.1',
    });
    expect(first.details).toMatchObject({ reason: 'ثبت اشتباه' });
    const news = all.items.find((i: { entity: string }) => i.entity === 'news');
    expect(news).toMatchObject({ action: 'create', money: false, user: { id: adminId } });
    expect(all.people.map((p: { id: number }) => p.id).sort()).toEqual([adminId, superAdminId].sort());
    expect(all.entities).toEqual(expect.arrayContaining(['invoice', 'news']));
  });

  it('shows an admin their own rows only, whatever they ask for', async () => {
    const mine = await list(admin);
    expect(mine.items.length).toBeGreaterThan(0);
    expect(mine.items.every((i: { user: { id: number } }) => i.user.id === adminId)).toBe(true);
    const asked = await list(admin, { userId: superAdminId });
    expect(asked.items.every((i: { user: { id: number } }) => i.user.id === adminId)).toBe(true);
    expect(mine.people).toEqual([{ id: adminId, fullName: expect.any(String) }]);
  });

  it('filters by person, kind of record, money and date range, and pages', async () => {
    const byAdmin = await list(superAdmin, { userId: adminId });
    expect(byAdmin.items.every((i: { user: { id: number } }) => i.user.id === adminId)).toBe(true);
    const invoices = await list(superAdmin, { entity: 'invoice' });
    expect(invoices.items.map((i: { action: string }) => i.action)).toEqual(['cancel', 'create']);
    const money = await list(superAdmin, { money: 1 });
    expect(money.items.map((i: { action: string }) => i.action)).toEqual(['cancel']);
    const today = isoDateInTehran();
    expect((await list(superAdmin, { from: today, to: today })).total).toBe((await list(superAdmin)).total);
    expect((await list(superAdmin, { to: '2020-01-01' })).total).toBe(0);
    const page1 = await list(superAdmin, { pageSize: 1, page: 1 });
    const page2 = await list(superAdmin, { pageSize: 1, page: 2 });
    expect(page1.items).toHaveLength(1);
    expect(page2.items[0].id).not.toBe(page1.items[0].id);
    expect(page1.total).toBe(page2.total);
    const bad = await t.call(contract.audit.list, { query: { from: '1405-13-01' }, headers: superAdmin });
    expect(bad.statusCode).toBe(400);
  });

  it('exports the same filter to XLSX with Persian headers and Jalali times', async () => {
    const res = await t.call(contract.audit.export, { query: { entity: 'invoice' }, headers: superAdmin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ws = await firstSheetOf(res);
    expect(ws.getRow(1).getCell(1).value).toBe('زمان');
    const actions: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) actions.push(String(row.getCell(3).value));
    });
    expect(actions).toEqual(['لغو', 'ایجاد']);
    expect(String(ws.getRow(2).getCell(1).value)).toMatch(/^1[34]\d\d\/\d\d\/\d\d \d\d:\d\d$/);
  });

  it('is not for students, and the table refuses changes', async () => {
    const student = t.as(await t.sessionFor('student1'));
    expect((await t.call(contract.audit.list, { headers: student })).statusCode).toBe(403);
    await expect(t.db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
  });
});
