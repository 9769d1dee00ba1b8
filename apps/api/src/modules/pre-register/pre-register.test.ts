import { contract } from '@madreseh/contract/endpoints';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { preRegistrations } from '../../db/schema/pre-register';
import { nationalCodeFrom } from '../../db/seed/school-demo';
import { expectInvalid } from '../../test/expect-invalid';
import { firstSheetOf } from '../../test/sheets';
import { addressOf, type CallInput, useTestApp } from '../../test/test-app';

const logs: string[] = [];
const t = useTestApp({ logStream: { write: (line) => logs.push(line) } });
let admin: string;
let ip = 0;
const nextIp = () => `10.8.0.${++ip}`;
let serial = 100_000_000;
const nationalCode = () => nationalCodeFrom(String(++serial).padStart(9, '0'));

beforeAll(async () => {
  admin = await t.sessionFor('admin');
});

const base = () => ({
  firstName: 'کیان',
  lastName: 'مرادی',
  nationalCode: nationalCode(),
  birthDate: '2014-03-25',
  gender: 'male',
  grade: 7,
  previousSchool: 'دبستان امید',
  lastAverage: '۱۹٫۵'.replace('٫', '.'),
  fatherName: 'حمید',
  fatherMobile: '۰۹۱۲۵۵۵۶۶۷۷',
  fatherJob: 'مهندس',
  motherName: 'لیلا',
  motherMobile: '',
  motherJob: '',
  phone: '021-88776655',
  address: 'تهران، خیابان ولیعصر، پلاک ۱۰',
  notes: '',
});

function submit(payload: object) {
  return t.inject({ method: 'POST', url: addressOf(contract.preRegister.submit), payload, remoteAddress: nextIp() });
}

/** Opens or closes pre-registration in the school profile the settings module keeps. */
async function setOpen(open: boolean) {
  await t.db.execute(
    sql`update settings set value = jsonb_set(value, '{preRegistrationOpen}', ${JSON.stringify(open)}::jsonb) where key = 'school'`,
  );
}

function persianDigits(code: string) {
  return code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)] ?? d);
}

describe('POST general/pre-register', () => {
  it('registers and answers an eight-digit tracking code; the pair looks it up', async () => {
    const body = base();
    const res = await submit({ ...body, nationalCode: persianDigits(body.nationalCode) });
    expect(res.statusCode).toBe(201);
    const { trackingCode, academicYear } = res.json();
    expect(trackingCode).toMatch(/^\d{8}$/);
    expect(academicYear).toBe(1405);
    const look = await t.inject({
      method: 'GET',
      url: addressOf(contract.preRegister.lookup, {
        query: { trackingCode: persianDigits(trackingCode), nationalCode: body.nationalCode },
      }),
      remoteAddress: nextIp(),
    });
    expect(look.statusCode).toBe(200);
    expect(look.json()).toEqual({
      trackingCode,
      firstName: 'کیان',
      lastName: 'مرادی',
      grade: 7,
      academicYear: 1405,
      status: 'new',
      createdAt: expect.any(String),
      statusChangedAt: null,
    });
    expect(look.headers['cache-control']).toBe('no-store');
  });

  it('answers 404 for a wrong pair, the same way for an unknown code', async () => {
    const body = base();
    const { trackingCode } = (await submit(body)).json();
    const other = nationalCode();
    const wrong = await t.call(contract.preRegister.lookup, { query: { trackingCode, nationalCode: other } });
    const unknown = await t.call(contract.preRegister.lookup, {
      query: { trackingCode: '1111111111', nationalCode: body.nationalCode },
    });
    expect(wrong.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrong.body).toBe(unknown.body);
  });

  it('refuses a national code with a wrong check digit', async () => {
    const good = nationalCode();
    const bad = `${good.slice(0, 9)}${(Number(good[9]) + 1) % 10}`;
    const res = await submit({ ...base(), nationalCode: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.nationalCode).toBe('کد ملی معتبر نیست.');
  });

  it('refuses an average out of 0–20, a bad mobile and a grade the school does not offer', async () => {
    const res = await submit({ ...base(), lastAverage: 21, fatherMobile: '12345' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(expect.arrayContaining(['lastAverage', 'fatherMobile']));
    const grade = await submit({ ...base(), grade: 10 });
    expect(grade.statusCode).toBe(400);
    expect(grade.json().fields.grade).toMatch(/پایه/);
  });

  it('answers a national code that has registered exactly as one that has not (no enumeration)', async () => {
    const body = base();
    const first = await submit(body);
    const again = await submit({ ...body, firstName: 'دیگری' });
    const fresh = await submit(base());
    for (const res of [first, again, fresh]) {
      expect(res.statusCode).toBe(201);
      expect(Object.keys(res.json()).sort()).toEqual(['academicYear', 'createdAt', 'trackingCode']);
    }
    expect(again.json().trackingCode).not.toBe(first.json().trackingCode);
    expect(again.body).not.toContain(first.json().trackingCode);
    // Each applicant looks up their own form with the national code and their tracking code…
    const look = (trackingCode: string) =>
      t.call(contract.preRegister.lookup, { query: { trackingCode, nationalCode: body.nationalCode } });
    const mine = await look(first.json().trackingCode);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ firstName: body.firstName, status: 'new' });
    const theirs = await look(again.json().trackingCode);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toMatchObject({ firstName: 'دیگری', status: 'new' });
    // …and staff see both forms of that national code.
    const admin = await t.sessionFor('admin');
    const listed = await t.call(contract.preRegister.list, { query: { q: body.nationalCode }, headers: t.as(admin) });
    expect(listed.json().total).toBe(2);
  });

  it('answers 409 while registration is closed', async () => {
    await setOpen(false);
    try {
      const res = await submit(base());
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('پیش‌ثبت‌نام در حال حاضر بسته است.');
    } finally {
      await setOpen(true);
    }
  });
});

describe('tracking codes given before they were shortened', () => {
  it('still finds a ten-digit code, for the family and in the office search', async () => {
    const nationalCode = nationalCodeFrom('770077007');
    await t.db.insert(preRegistrations).values({
      trackingCode: '4812345670',
      academicYear: 1405,
      firstName: 'رعنا',
      lastName: 'قدیمی',
      nationalCode,
      birthDate: '2014-01-01',
      gender: 'female',
      grade: 7,
      fatherName: 'کامران قدیمی',
      fatherMobile: '09121112233',
      motherName: 'زهره قدیمی',
      address: 'تهران',
      searchText: 'رعنا قدیمی',
    });
    const look = await t.inject({
      method: 'GET',
      url: addressOf(contract.preRegister.lookup, {
        query: { trackingCode: persianDigits('4812345670'), nationalCode },
      }),
      remoteAddress: nextIp(),
    });
    expect(look.statusCode).toBe(200);
    expect(look.json()).toMatchObject({ trackingCode: '4812345670', firstName: 'رعنا' });
    const found = await t.call(contract.preRegister.list, { query: { q: '4812345670' }, headers: t.as(admin) });
    expect(found.json().items.map((r: { trackingCode: string }) => r.trackingCode)).toEqual(['4812345670']);
    // Neither seven nor nine digits is a tracking code.
    const bad = await t.inject({
      method: 'GET',
      url: addressOf(contract.preRegister.lookup, { query: { trackingCode: '123456789', nationalCode } }),
      remoteAddress: nextIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.trackingCode).toBe('کد پیگیری ۸ رقم است.');
  });
});

describe('panel/pre-register', () => {
  let id: number;
  let code: string;
  let trackingCode: string;

  beforeAll(async () => {
    const body = { ...base(), firstName: 'آیدا', lastName: 'سلطانی', grade: 8, gender: 'female' };
    code = body.nationalCode;
    trackingCode = (await submit(body)).json().trackingCode;
    const list = await t.call(contract.preRegister.list, { query: { q: trackingCode }, headers: t.as(admin) });
    id = list.json().items[0].id;
  });

  it('filters by status, grade, search and date range, paged on the server', async () => {
    const get = (query: CallInput['query']) => t.call(contract.preRegister.list, { query, headers: t.as(admin) });
    const byName = (await get({ q: 'سلطانی' })).json();
    expect(byName.items.map((r: { id: number }) => r.id)).toEqual([id]);
    expect((await get({ q: code })).json().items[0].id).toBe(id);
    const grade8 = (await get({ grade: 8, pageSize: 100 })).json();
    expect(grade8.items.length).toBeGreaterThan(0);
    expect(grade8.items.every((r: { grade: number }) => r.grade === 8)).toBe(true);
    const accepted = (await get({ status: 'accepted' })).json();
    expect(accepted.items.every((r: { status: string }) => r.status === 'accepted')).toBe(true);
    expect(accepted.total).toBe(1);
    const page = (await get({ pageSize: 2, page: 1 })).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(2);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get({ from: today, q: trackingCode })).json().total).toBe(1);
    expect((await get({ to: '2020-01-01', q: trackingCode })).json().total).toBe(0);
    expect((await get({ from: '2020-13-01' })).statusCode).toBe(400);
  });

  it('walks the status workflow with a note, who and when; refuses a jump', async () => {
    const patch = (payload: object) =>
      t.call(contract.preRegister.setStatus, { params: { id }, headers: t.as(admin), body: payload });
    const jump = await patch({ status: 'accepted' });
    expect(jump.statusCode).toBe(409);
    const reviewing = await patch({ status: 'reviewing', adminNote: 'مدارک کامل است' });
    expect(reviewing.statusCode).toBe(200);
    const accepted = await patch({ status: 'accepted', adminNote: 'پذیرش شد' });
    expect(accepted.json()).toMatchObject({ status: 'accepted', adminNote: 'پذیرش شد', statusChangedBy: 'علی رضایی' });
    expect(accepted.json().statusChangedAt).not.toBeNull();
    // The applicant sees the status and nothing of the note.
    const look = await t.call(contract.preRegister.lookup, { query: { trackingCode, nationalCode: code } });
    expect(look.json().status).toBe('accepted');
    expect(look.body).not.toContain('پذیرش شد');
    expect((await patch({ status: 'done' })).statusCode).toBe(400);
  });

  it('answers one record with every field, 404 for none', async () => {
    const res = await t.call(contract.preRegister.get, { params: { id }, headers: t.as(admin) });
    expect(res.json()).toMatchObject({ id, nationalCode: code, fatherMobile: '09125556677', lastAverage: 19.5 });
    expect((await t.call(contract.preRegister.get, { params: { id: 999999 }, headers: t.as(admin) })).statusCode).toBe(
      404,
    );
  });

  it('exports the filtered list to XLSX with Persian headers, Jalali dates and a right-to-left sheet', async () => {
    const res = await t.call(contract.preRegister.export, {
      query: { format: 'xlsx', grade: 8 },
      headers: t.as(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const ws = await firstSheetOf(res);
    expect(ws.views[0]?.rightToLeft).toBe(true);
    expect(ws.getRow(1).getCell(1).value).toBe('کد پیگیری');
    const codes: string[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) codes.push(String(row.getCell(1).value));
    });
    expect(codes).toContain(trackingCode);
    const grades = new Set<string>();
    ws.eachRow((row, n) => {
      if (n > 1) grades.add(String(row.getCell(9).value));
    });
    expect([...grades]).toEqual(['هشتم']);
    const mine = ws.getRows(2, ws.rowCount - 1)?.find((r) => String(r.getCell(1).value) === trackingCode);
    expect(mine?.getCell(7).value).toBe('1393/01/05');
  });

  it('exports CSV with a byte-order mark and Persian headers', async () => {
    const res = await t.call(contract.preRegister.export, {
      query: { format: 'csv', q: trackingCode },
      headers: t.as(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFFکد پیگیری,')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(trackingCode);
    expect(lines[1]).toContain('پذیرفته‌شده');
  });

  it('keeps script payloads as text in every field', async () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(1)</script>';
    const res = await submit({ ...base(), firstName: payload.slice(0, 50), address: payload, notes: payload });
    expect(res.statusCode).toBe(201);
    const list = await t.call(contract.preRegister.list, { query: { q: 'onerror' }, headers: t.as(admin) });
    expect(list.json().items[0].notes).toBe(payload);
  });
});

describe('malformed requests', () => {
  it('answer 400 with Persian messages: lookup without a pair, bad ids, formats and notes', async () => {
    const as = t.as(admin);
    expectInvalid(await t.call(contract.preRegister.lookup, { query: { trackingCode: '12345' } }), [
      'trackingCode',
      'nationalCode',
    ]);
    expectInvalid(await t.call(contract.preRegister.get, { params: { id: 'abc' }, headers: as }), ['id']);
    expectInvalid(await t.call(contract.preRegister.list, { query: { pageSize: 101, grade: 13 }, headers: as }), [
      'pageSize',
      'grade',
    ]);
    expectInvalid(await t.call(contract.preRegister.export, { query: { format: 'pdf' }, headers: as }), ['format']);
    expectInvalid(
      await t.call(contract.preRegister.setStatus, {
        params: { id: 1 },
        headers: as,
        body: { status: 'reviewing', adminNote: 'ی'.repeat(1001) },
      }),
      ['adminNote'],
    );
    expectInvalid(await submit({ ...base(), birthDate: '1393/01/05', gender: 'other' }), ['birthDate', 'gender']);
  });
});

describe('logs', () => {
  it('never write a national code: not on submit, a duplicate, a lookup nor a bad code', async () => {
    const body = base();
    const { trackingCode } = (await submit(body)).json();
    expect((await submit(body)).statusCode).toBe(201);
    await t.call(contract.preRegister.lookup, { query: { trackingCode, nationalCode: body.nationalCode } });
    const bad = `${body.nationalCode.slice(0, 9)}${(Number(body.nationalCode[9]) + 1) % 10}`;
    expect((await submit({ ...body, nationalCode: bad })).statusCode).toBe(400);
    expect(logs.length).toBeGreaterThan(0);
    const text = logs.join('\n');
    expect(text).not.toContain(body.nationalCode);
    expect(text).not.toContain(bad);
  });
});
