import { contract } from '@madreseh/contract/endpoints';
import { comparePersian } from '@madreseh/contract/persian';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { auditLog } from '../../db/schema/system';
import { sessions, users } from '../../db/schema/users';
import { admin, list, logs, nextCode, seventhA, seventhB, studentBody, t, useStudentsApp } from './students.fixtures';

useStudentsApp();

const body = studentBody;

async function create(over: Record<string, unknown> = {}) {
  const res = await t.call(contract.student.create, { headers: t.as(admin), body: body(over) });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json() as {
    student: { id: number; nationalCode: string; username: string };
    credentials: { username: string; password: string };
  };
}

describe('create and edit (panel/student)', () => {
  it('creates a student whose username is the national code and whose password works once shown', async () => {
    const code = nextCode();
    const res = await t.call(contract.student.create, {
      headers: t.as(admin),
      body: body({ nationalCode: code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d), firstName: 'علي' }),
    });
    expect(res.statusCode).toBe(201);
    const { student, credentials } = res.json();
    expect(student).toMatchObject({
      firstName: 'علی',
      nationalCode: code,
      username: code,
      groupId: seventhA,
      groupName: 'هفتم الف',
      parentMobile: '09123456789',
      studentNumber: null,
      address: null,
      status: 'active',
      hasPassword: true,
    });
    expect(credentials.username).toBe(code);
    expect(credentials.password).toMatch(/^[a-z2-9]{10}$/);
    const token = await t.login(code, credentials.password);
    const me = await t.call(contract.student.me, { headers: t.as(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ fullName: 'علی امینی', groupName: 'هفتم الف', latestAverage: null });
  });

  it('answers 400 with a Persian message per field', async () => {
    const res = await t.call(contract.student.create, {
      headers: t.as(admin),
      body: {
        firstName: '',
        lastName: 'x'.repeat(101),
        nationalCode: '1234567890',
        birthDate: '2013-02-30',
        gender: 'other',
        parentMobile: '123',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      firstName: 'نام را وارد کنید.',
      lastName: 'نام خانوادگی بیش از حد طولانی است.',
      nationalCode: 'کد ملی معتبر نیست.',
      birthDate: 'تاریخ تولد معتبر نیست.',
      gender: 'جنسیت را انتخاب کنید.',
      parentMobile: 'شمارهٔ همراه باید به شکل ۰۹xxxxxxxxx باشد.',
    });
  });

  it('refuses a duplicate national code or student number (409) and an unknown class (400)', async () => {
    const first = await create({ studentNumber: '۹۹۰۰۱' });
    const dupCode = await t.call(contract.student.create, {
      headers: t.as(admin),
      body: body({ nationalCode: first.student.nationalCode }),
    });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().fields.nationalCode).toBe('دانش‌آموز دیگری با همین کد ملی ثبت شده است.');
    const dupNumber = await t.call(contract.student.create, {
      headers: t.as(admin),
      body: body({ studentNumber: '99001' }),
    });
    expect(dupNumber.statusCode).toBe(409);
    expect(dupNumber.json().fields.studentNumber).toBeTruthy();
    const badGroup = await t.call(contract.student.create, { headers: t.as(admin), body: body({ groupId: 999999 }) });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().fields.groupId).toBe('کلاس انتخاب‌شده پیدا نشد.');
  });

  it('updates a student; a new national code becomes the new username', async () => {
    const { student } = await create();
    const code = nextCode();
    const res = await t.call(contract.student.update, {
      params: { id: student.id },
      headers: t.as(admin),
      body: body({ nationalCode: code, firstName: 'رضا', lastName: 'امینی‌پور', groupId: seventhB }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: code, lastName: 'امینی‌پور', groupName: 'هفتم ب' });
    const got = await t.call(contract.student.get, { params: { id: student.id }, headers: t.as(admin) });
    expect(got.json().nationalCode).toBe(code);
    expect((await t.call(contract.student.get, { params: { id: 999999 }, headers: t.as(admin) })).statusCode).toBe(404);
    // The audit row holds a short before/after of the fields that changed, and only those.
    const [row] = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'student'), eq(auditLog.entityId, String(student.id)), eq(auditLog.action, 'update')),
      );
    expect(row?.details).toEqual({
      lastName: { from: 'امینی', to: 'امینی‌پور' },
      nationalCode: { from: student.nationalCode, to: code },
      groupId: { from: seventhA, to: seventhB },
    });
  });

  it('never writes a national code to the logs, even on a conflict', async () => {
    const { student } = await create();
    await t.call(contract.student.create, { headers: t.as(admin), body: body({ nationalCode: student.nationalCode }) });
    await list({ q: student.nationalCode });
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(student.nationalCode);
  });
});

describe('list (panel/student)', () => {
  it('pages 20 by default and answers the total', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.pageSize).toBe(20);
    expect(page.total).toBeGreaterThanOrEqual(page.items.length);
    const small = (await list({ pageSize: '2', page: '2' })).json();
    expect(small.items).toHaveLength(2);
    expect(small.page).toBe(2);
  });

  it('gives every page of every order as a slice of the whole list, pages near the end read from the end', async () => {
    for (const sort of ['name', '-name', 'number', '-number', 'group', '-group', 'created', '-created']) {
      const all = (await list({ sort, pageSize: '100' })).json();
      const ids = all.items.map((s: { id: number }) => s.id);
      expect(ids.length).toBe(all.total);
      const pages = Math.ceil(all.total / 3) + 1;
      for (let page = 1; page <= pages; page++) {
        const got = (await list({ sort, pageSize: '3', page: String(page) })).json();
        expect(got.total, `${sort} page ${page}`).toBe(all.total);
        expect(
          got.items.map((s: { id: number }) => s.id),
          `${sort} page ${page}`,
        ).toEqual(ids.slice((page - 1) * 3, page * 3));
      }
    }
  });

  it('finds by name with Arabic letters, by national code with Persian digits and by student number', async () => {
    const { student } = await create({ firstName: 'کیمیا', lastName: 'یزدانی', studentNumber: '770077' });
    const byName = (await list({ q: 'كيميا يزداني' })).json();
    expect(byName.items.map((s: { id: number }) => s.id)).toEqual([student.id]);
    const persianCode = student.nationalCode.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);
    expect((await list({ q: persianCode })).json().items.map((s: { id: number }) => s.id)).toEqual([student.id]);
    expect((await list({ q: '۷۷۰۰۷۷' })).json().items.map((s: { id: number }) => s.id)).toEqual([student.id]);
    expect((await list({ q: '%' })).json().total).toBe(0);
  });

  it('filters by class and status, and sorts', async () => {
    const byGroup = (await list({ groupId: String(seventhB), pageSize: '100' })).json();
    expect(byGroup.items.length).toBeGreaterThan(0);
    expect(byGroup.items.every((s: { groupId: number }) => s.groupId === seventhB)).toBe(true);
    const { student } = await create({ lastName: 'غیرفعال' });
    await t.call(contract.student.setStatus, {
      params: { id: student.id },
      headers: t.as(admin),
      body: { status: 'inactive' },
    });
    const inactive = (await list({ status: 'inactive' })).json();
    expect(inactive.items.map((s: { id: number }) => s.id)).toContain(student.id);
    expect(inactive.items.every((s: { status: string }) => s.status === 'inactive')).toBe(true);
    const names = (await list({ sort: '-name', pageSize: '100' }))
      .json()
      .items.map((s: { lastName: string }) => s.lastName);
    // Persian alphabetical order, reversed (ک and گ before ن, not after it as in Unicode order).
    expect(names).toEqual([...names].sort((a, b) => comparePersian(b, a)));
    expect((await list({ sort: 'evil' })).statusCode).toBe(400);
    expect((await list({ pageSize: '1000' })).statusCode).toBe(400);
  });
});

describe('passwords and status', () => {
  it('resets a password: shown once, the old one and the sessions end', async () => {
    const { student, credentials } = await create();
    const token = await t.login(credentials.username, credentials.password);
    const res = await t.call(contract.student.resetPassword, { params: { id: student.id }, headers: t.as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json();
    expect(fresh.password).not.toBe(credentials.password);
    const check = await t.call(contract.auth.checkToken, { headers: t.as(token) });
    expect(check.statusCode).toBe(401);
    const old = await t.call(contract.auth.login, {
      body: { username: credentials.username, password: credentials.password },
    });
    expect(old.statusCode).toBe(401);
    await t.login(credentials.username, fresh.password);
  });

  it('deactivates (ends sessions, login refused) and reactivates', async () => {
    const { student, credentials } = await create();
    const token = await t.login(credentials.username, credentials.password);
    const off = await t.call(contract.student.setStatus, {
      params: { id: student.id },
      headers: t.as(admin),
      body: { status: 'inactive' },
    });
    expect(off.json().status).toBe('inactive');
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(401);
    const login = await t.call(contract.auth.login, {
      body: { username: credentials.username, password: credentials.password },
    });
    expect(login.statusCode).toBe(401);
    const on = await t.call(contract.student.setStatus, {
      params: { id: student.id },
      headers: t.as(admin),
      body: { status: 'active' },
    });
    expect(on.json().status).toBe('active');
    await t.login(credentials.username, credentials.password);
    const bad = await t.call(contract.student.setStatus, {
      params: { id: student.id },
      headers: t.as(admin),
      body: { status: 'archived' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('panel/student/passwords (login slips for many)', () => {
  it('issues a password to each selected student, skips archived ones and ends their sessions', async () => {
    const a = await create({ lastName: 'الف‌برگه' });
    const b = await create({ lastName: 'ب‌برگه' });
    const oldToken = await t.login(a.credentials.username, a.credentials.password);
    const res = await t.call(contract.student.issuePasswords, {
      headers: t.as(admin),
      body: { ids: [b.student.id, a.student.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const items = res.json().items as { studentId: number; username: string; password: string }[];
    expect(items.map((i) => i.studentId)).toEqual([a.student.id, b.student.id]);
    for (const item of items) await t.login(item.username, item.password);
    expect((await t.call(contract.auth.checkToken, { headers: t.as(oldToken) })).statusCode).toBe(401);
    const tooMany = await t.call(contract.student.issuePasswords, {
      headers: t.as(admin),
      body: { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
    });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('panel/student/multi-delete', () => {
  it('deletes students without records and archives students with a report card, in one answer', async () => {
    const a = await create();
    const b = await create();
    const sara = (await list({ q: 'سارا محمدی' })).json().items[0];
    const saraUser = await t.userId('student1');
    const saraToken = await t.sessionFor('student1');
    const res = await t.call(contract.student.multiDelete, {
      headers: t.as(admin),
      body: { ids: [a.student.id, b.student.id, sara.id, a.student.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ deleted: 2, archived: 1 });
    expect(await t.db.select().from(students).where(eq(students.id, a.student.id))).toHaveLength(0);
    expect(await t.db.select().from(users).where(eq(users.username, a.credentials.username))).toHaveLength(0);
    const [archived] = await t.db.select().from(students).where(eq(students.id, sara.id));
    expect(archived?.status).toBe('archived');
    const [user] = await t.db.select().from(users).where(eq(users.id, saraUser));
    expect(user?.active).toBe(false);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, saraUser))).toHaveLength(0);
    expect((await t.call(contract.student.me, { headers: t.as(saraToken) })).statusCode).toBe(401);
    // Archived students leave the default list but stay findable.
    expect((await list({ q: 'سارا محمدی' })).json().total).toBe(0);
    expect((await list({ q: 'سارا محمدی', status: 'archived' })).json().total).toBe(1);
  });

  it('archives a student who has only an invoice, and keeps the invoice', async () => {
    const c = await create();
    const [invoice] = await t.db
      .insert(invoices)
      .values({ studentId: c.student.id, title: 'قسط اول شهریه', amount: 10_000_000, dueDate: '2027-01-01' })
      .returning();
    const res = await t.call(contract.student.multiDelete, { headers: t.as(admin), body: { ids: [c.student.id] } });
    expect(res.json()).toEqual({ deleted: 0, archived: 1 });
    const [kept] = await t.db.select().from(students).where(eq(students.id, c.student.id));
    expect(kept?.status).toBe('archived');
    expect(
      await t.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, invoice?.id ?? 0)),
    ).toHaveLength(1);
  });

  it('answers 400 for no ids and 404 when none exists', async () => {
    const empty = await t.call(contract.student.multiDelete, { headers: t.as(admin), body: { ids: [] } });
    expect(empty.statusCode).toBe(400);
    const none = await t.call(contract.student.multiDelete, { headers: t.as(admin), body: { ids: [999998, 999999] } });
    expect(none.statusCode).toBe(404);
  });
});

describe('admin endpoints refuse students', () => {
  it.each([contract.student.list, contract.student.multiDelete, contract.student.export, contract.student.import])(
    '$method $path → 403',
    async (endpoint) => {
      const token = await t.sessionFor('student2');
      const res = await t.call(endpoint, { headers: t.as(token), ...(endpoint.method === 'POST' ? { body: {} } : {}) });
      expect(res.statusCode).toBe(403);
    },
  );
});
