import { contract } from '@madreseh/contract/endpoints';
import { comparePersian } from '@madreseh/contract/persian';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { auditLog } from '../../db/schema/system';
import { sessions, users } from '../../db/schema/users';
import { nationalCodeFrom } from '../../db/seed/school-demo';
import { createTestApp, type TestApp } from '../../test/test-app';

const ROOT = '/api/v1/panel/student';
let t: TestApp;
let admin: string;
let seventhA: number;
let seventhB: number;
let serial = 500_000;
/** A fresh valid national code for each call. */
const nextCode = () => nationalCodeFrom(String(++serial).padStart(9, '0'));

const logs: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logStream: { write: (line) => logs.push(line) } });
  admin = await t.sessionFor('admin');
  const list = (await t.call(contract.group.list, { headers: t.as(admin) })).json();
  seventhA = list.items.find((g: { name: string }) => g.name === 'هفتم الف').id;
  seventhB = list.items.find((g: { name: string }) => g.name === 'هفتم ب').id;
});
afterAll(() => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  firstName: 'رضا',
  lastName: 'امینی',
  nationalCode: nextCode(),
  studentNumber: '',
  groupId: seventhA,
  birthDate: '2013-06-01',
  gender: 'male',
  fatherName: 'کریم',
  parentMobile: '۰۹۱۲۳۴۵۶۷۸۹',
  address: '',
  ...over,
});

async function create(over: Record<string, unknown> = {}) {
  const res = await t.inject({ method: 'POST', url: ROOT, headers: t.as(admin), payload: body(over) });
  if (res.statusCode !== 201) throw new Error(`create answered ${res.statusCode}: ${res.body}`);
  return res.json() as {
    student: { id: number; nationalCode: string; username: string };
    credentials: { username: string; password: string };
  };
}

function list(query: Record<string, string> = {}) {
  return t.inject({ method: 'GET', url: ROOT, query, headers: t.as(admin) });
}

describe('create and edit (panel/student)', () => {
  it('creates a student whose username is the national code and whose password works once shown', async () => {
    const code = nextCode();
    const res = await t.inject({
      method: 'POST',
      url: ROOT,
      headers: t.as(admin),
      payload: body({ nationalCode: code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d), firstName: 'علي' }),
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
    const res = await t.inject({
      method: 'POST',
      url: ROOT,
      headers: t.as(admin),
      payload: {
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
    const dupCode = await t.inject({
      method: 'POST',
      url: ROOT,
      headers: t.as(admin),
      payload: body({ nationalCode: first.student.nationalCode }),
    });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().fields.nationalCode).toBe('دانش‌آموز دیگری با همین کد ملی ثبت شده است.');
    const dupNumber = await t.inject({
      method: 'POST',
      url: ROOT,
      headers: t.as(admin),
      payload: body({ studentNumber: '99001' }),
    });
    expect(dupNumber.statusCode).toBe(409);
    expect(dupNumber.json().fields.studentNumber).toBeTruthy();
    const badGroup = await t.inject({
      method: 'POST',
      url: ROOT,
      headers: t.as(admin),
      payload: body({ groupId: 999999 }),
    });
    expect(badGroup.statusCode).toBe(400);
    expect(badGroup.json().fields.groupId).toBe('کلاس انتخاب‌شده پیدا نشد.');
  });

  it('updates a student; a new national code becomes the new username', async () => {
    const { student } = await create();
    const code = nextCode();
    const res = await t.inject({
      method: 'PUT',
      url: `${ROOT}/${student.id}`,
      headers: t.as(admin),
      payload: body({ nationalCode: code, firstName: 'رضا', lastName: 'امینی‌پور', groupId: seventhB }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: code, lastName: 'امینی‌پور', groupName: 'هفتم ب' });
    const got = await t.inject({ method: 'GET', url: `${ROOT}/${student.id}`, headers: t.as(admin) });
    expect(got.json().nationalCode).toBe(code);
    expect((await t.inject({ method: 'GET', url: `${ROOT}/999999`, headers: t.as(admin) })).statusCode).toBe(404);
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
    await t.inject({
      method: 'POST',
      url: ROOT,
      headers: t.as(admin),
      payload: body({ nationalCode: student.nationalCode }),
    });
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
    await t.inject({
      method: 'POST',
      url: `${ROOT}/${student.id}/status`,
      headers: t.as(admin),
      payload: { status: 'inactive' },
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
    const res = await t.inject({ method: 'POST', url: `${ROOT}/${student.id}/reset-password`, headers: t.as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json();
    expect(fresh.password).not.toBe(credentials.password);
    const check = await t.call(contract.auth.checkToken, { headers: t.as(token) });
    expect(check.statusCode).toBe(401);
    const old = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: credentials.username, password: credentials.password },
    });
    expect(old.statusCode).toBe(401);
    await t.login(credentials.username, fresh.password);
  });

  it('deactivates (ends sessions, login refused) and reactivates', async () => {
    const { student, credentials } = await create();
    const token = await t.login(credentials.username, credentials.password);
    const off = await t.inject({
      method: 'POST',
      url: `${ROOT}/${student.id}/status`,
      headers: t.as(admin),
      payload: { status: 'inactive' },
    });
    expect(off.json().status).toBe('inactive');
    expect((await t.call(contract.auth.checkToken, { headers: t.as(token) })).statusCode).toBe(401);
    const login = await t.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: credentials.username, password: credentials.password },
    });
    expect(login.statusCode).toBe(401);
    const on = await t.inject({
      method: 'POST',
      url: `${ROOT}/${student.id}/status`,
      headers: t.as(admin),
      payload: { status: 'active' },
    });
    expect(on.json().status).toBe('active');
    await t.login(credentials.username, credentials.password);
    const bad = await t.inject({
      method: 'POST',
      url: `${ROOT}/${student.id}/status`,
      headers: t.as(admin),
      payload: { status: 'archived' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('panel/student/passwords (login slips for many)', () => {
  it('issues a password to each selected student, skips archived ones and ends their sessions', async () => {
    const a = await create({ lastName: 'الف‌برگه' });
    const b = await create({ lastName: 'ب‌برگه' });
    const oldToken = await t.login(a.credentials.username, a.credentials.password);
    const res = await t.inject({
      method: 'POST',
      url: `${ROOT}/passwords`,
      headers: t.as(admin),
      payload: { ids: [b.student.id, a.student.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const items = res.json().items as { studentId: number; username: string; password: string }[];
    expect(items.map((i) => i.studentId)).toEqual([a.student.id, b.student.id]);
    for (const item of items) await t.login(item.username, item.password);
    expect((await t.call(contract.auth.checkToken, { headers: t.as(oldToken) })).statusCode).toBe(401);
    const tooMany = await t.inject({
      method: 'POST',
      url: `${ROOT}/passwords`,
      headers: t.as(admin),
      payload: { ids: Array.from({ length: 101 }, (_, i) => i + 1) },
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
    const res = await t.inject({
      method: 'POST',
      url: `${ROOT}/multi-delete`,
      headers: t.as(admin),
      payload: { ids: [a.student.id, b.student.id, sara.id, a.student.id] },
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
    const res = await t.inject({
      method: 'POST',
      url: `${ROOT}/multi-delete`,
      headers: t.as(admin),
      payload: { ids: [c.student.id] },
    });
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
    const empty = await t.inject({
      method: 'POST',
      url: `${ROOT}/multi-delete`,
      headers: t.as(admin),
      payload: { ids: [] },
    });
    expect(empty.statusCode).toBe(400);
    const none = await t.inject({
      method: 'POST',
      url: `${ROOT}/multi-delete`,
      headers: t.as(admin),
      payload: { ids: [999998, 999999] },
    });
    expect(none.statusCode).toBe(404);
  });
});

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
  return t.inject({
    method: 'POST',
    url: `${ROOT}/import`,
    headers: t.as(admin),
    payload: { fileName, data: Buffer.from(data).toString('base64'), commit },
  });
}

describe('import and export', () => {
  it('serves an XLSX template with the Persian headers', async () => {
    const res = await t.inject({ method: 'GET', url: `${ROOT}/import/template`, headers: t.as(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
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
    const res = await t.inject({
      method: 'GET',
      url: `${ROOT}/export`,
      query: { groupId: String(seventhB), q: 'کریمی' },
      headers: t.as(admin),
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    expect(sheet?.rowCount).toBe(2);
    const row = sheet?.getRow(2).values as string[];
    expect(row[1]).toBe('نیلوفر');
    expect(row[6]).toBe('1391/12/25');
  });
});

describe('admin endpoints refuse students', () => {
  it.each([
    ['GET', ROOT],
    ['POST', `${ROOT}/multi-delete`],
    ['GET', `${ROOT}/export`],
    ['POST', `${ROOT}/import`],
  ] as const)('%s %s → 403', async (method, url) => {
    const token = await t.sessionFor('student2');
    const res = await t.inject({ method, url, headers: t.as(token), ...(method === 'POST' ? { payload: {} } : {}) });
    expect(res.statusCode).toBe(403);
  });
});
