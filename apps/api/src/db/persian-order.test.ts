import { contract } from '@madreseh/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addressOf, useTestApp } from '../test/test-app';
import { students } from './schema/school';
import { nationalCodeFrom } from './seed/school-demo';

// Surnames covering پ چ ژ ک گ, آ before ا, و before ه, and Arabic-typed ي/ك (stored as typed
// straight into the database below, so the order does not lean on the normalisation of input).
const SURNAMES_IN_ORDER = [
  'آقایی',
  'احمدی',
  'بهرامی',
  'پارسا',
  'تهرانی',
  'چمران',
  'زارعی',
  'ژیان',
  'کاظمی',
  'كريمي', // Arabic kaf and yeh: sorts as «کریمی»
  'کیانی',
  'گودرزی',
  'نوری',
  'وکیلی',
  'هاشمی',
  'یزدانی',
  'يگانه', // Arabic yeh: sorts as «یگانه»
];

const t = useTestApp();
let admin: string;
let groupId: number;
let serial = 730_000_000;
const nextCode = () => nationalCodeFrom(String(++serial).padStart(9, '0'));
/** Shuffled deterministically so insertion order is not the answer. */
const shuffled = [...SURNAMES_IN_ORDER].map((_, i, a) => a[(i * 7) % a.length] as string);

beforeAll(async () => {
  admin = await t.sessionFor('admin');
  const group = await t.call(contract.group.create, {
    headers: t.as(admin),
    body: {
      name: 'نهم ژاله',
      gradeLevel: 9,
      academicYear: 1405,
      gradingScale: 'numeric',
      subjects: [{ name: 'ریاضی', weight: 4 }],
    },
  });
  expect(group.statusCode).toBe(201);
  groupId = group.json().id;
  expect(new Set(shuffled).size).toBe(SURNAMES_IN_ORDER.length);
  for (const lastName of shuffled) {
    const res = await t.call(contract.student.create, {
      headers: t.as(admin),
      body: {
        firstName: 'علی',
        lastName: 'موقت',
        nationalCode: nextCode(),
        studentNumber: '',
        groupId,
        birthDate: '2011-06-01',
        gender: 'male',
        fatherName: 'حسن',
        parentMobile: '09121234567',
        address: '',
      },
    });
    expect(res.statusCode).toBe(201);
    // As typed, Arabic letters included: the sort key must place them by themselves.
    await t.db.update(students).set({ lastName }).where(eq(students.id, res.json().student.id));
  }
});

async function studentPage(page: number, sort?: string) {
  const res = await t.call(contract.student.list, {
    query: { groupId: String(groupId), page: String(page), pageSize: '5', ...(sort ? { sort } : {}) },
    headers: t.as(admin),
  });
  expect(res.statusCode).toBe(200);
  return res.json().items.map((s: { lastName: string }) => s.lastName) as string[];
}

describe('Persian alphabetical order (آ ا ب پ … ک گ … و ه ی), paged by the database', () => {
  it('lists students page by page in Persian order, and reversed for -name', async () => {
    const pages: string[] = [];
    for (let p = 1; p <= 4; p++) pages.push(...(await studentPage(p)));
    expect(pages).toEqual(SURNAMES_IN_ORDER);
    const reversed: string[] = [];
    for (let p = 1; p <= 4; p++) reversed.push(...(await studentPage(p, '-name')));
    expect(reversed).toEqual([...SURNAMES_IN_ORDER].reverse());
  });

  it('reads the page through the sort-key index, not by sorting the school', async () => {
    const plan: unknown = await t.db.execute(sql`explain select id from students order by sort_name, id limit 5`);
    const text = JSON.stringify(plan);
    expect(text).toContain('students_sort_name_idx');
  });

  it('orders the report-card grid the same way', async () => {
    const res = await t.call(contract.reportCard.grid, {
      query: { groupId: String(groupId), term: 'first' },
      headers: t.as(admin),
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().rows.map((r: { fullName: string }) => r.fullName.split(' ').slice(1).join(' '));
    expect(names).toEqual(SURNAMES_IN_ORDER);
  });

  it('orders the invoices of a class by student', async () => {
    const bulk = await t.call(contract.payments.bulkCreate, {
      headers: t.as(admin),
      body: { groupId, installments: [{ title: 'شهریه', amount: 10_000_000, dueDate: '2026-12-01' }] },
    });
    expect(bulk.statusCode).toBe(201);
    const res = await t.call(contract.payments.listInvoices, {
      query: { groupId: String(groupId), pageSize: '100' },
      headers: t.as(admin),
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().items.map((i: { studentName: string }) => i.studentName.split(' ').slice(1).join(' '));
    expect(names).toEqual(SURNAMES_IN_ORDER);
  });

  it('orders classes of a grade and admins by name', async () => {
    for (const name of ['نهم گلستان', 'نهم کوثر', 'نهم پروین', 'نهم الف']) {
      const res = await t.call(contract.group.create, {
        headers: t.as(admin),
        body: { name, gradeLevel: 9, academicYear: 1405, gradingScale: 'numeric' },
      });
      expect(res.statusCode).toBe(201);
    }
    const groups = await t.call(contract.group.list, { headers: t.as(admin) });
    const ninth = groups
      .json()
      .items.filter((g: { gradeLevel: number; academicYear: number }) => g.gradeLevel === 9 && g.academicYear === 1405)
      .map((g: { name: string }) => g.name);
    expect(ninth).toEqual(['نهم الف', 'نهم پروین', 'نهم ژاله', 'نهم کوثر', 'نهم گلستان']);

    const superAdmin = await t.sessionFor('superadmin');
    let n = 0;
    for (const fullName of ['گلاره نادری', 'کاوه نادری', 'چکاوک نادری', 'ژینا نادری']) {
      const res = await t.call(contract.admins.create, {
        headers: t.as(superAdmin),
        body: { username: `order${++n}`, fullName, role: 'admin', password: 'Secret-pass-1405' },
      });
      expect(res.statusCode).toBe(201);
    }
    const admins = await t.call(contract.admins.list, { headers: t.as(superAdmin) });
    const mine = admins
      .json()
      .items.map((a: { fullName: string }) => a.fullName)
      .filter((f: string) => f.endsWith('نادری'));
    expect(mine).toEqual(['چکاوک نادری', 'ژینا نادری', 'کاوه نادری', 'گلاره نادری']);
  });

  it('orders pre-registrations by name when asked, newest first otherwise', async () => {
    let ip = 0;
    const submitted: string[] = [];
    for (const lastName of ['گرامی', 'کاشانی', 'پاکزاد', 'چاوشی']) {
      const res = await t.inject({
        method: 'POST',
        url: addressOf(contract.preRegister.submit),
        remoteAddress: `10.9.0.${++ip}`,
        payload: {
          firstName: 'سینا',
          lastName,
          nationalCode: nextCode(),
          birthDate: '2014-03-25',
          gender: 'male',
          grade: 7,
          fatherName: 'حمید',
          fatherMobile: '09125556677',
          motherName: 'لیلا',
          address: 'تهران، خیابان ولیعصر، پلاک ۱۰',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      submitted.push(lastName);
    }
    const list = async (sort?: string) =>
      (
        await t.call(contract.preRegister.list, {
          query: { q: 'سینا', pageSize: '2', page: '1', ...(sort ? { sort } : {}) },
          headers: t.as(admin),
        })
      )
        .json()
        .items.map((p: { lastName: string }) => p.lastName);
    const page2 = async () =>
      (
        await t.call(contract.preRegister.list, {
          query: { q: 'سینا', pageSize: '2', page: '2', sort: 'name' },
          headers: t.as(admin),
        })
      )
        .json()
        .items.map((p: { lastName: string }) => p.lastName);
    expect([...(await list('name')), ...(await page2())]).toEqual(['پاکزاد', 'چاوشی', 'کاشانی', 'گرامی']);
    expect(await list()).toEqual(['چاوشی', 'پاکزاد']);
  });
});
