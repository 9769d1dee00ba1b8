import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { preRegistrations } from '../db/schema/pre-register';
import { contactMessages } from '../db/schema/site';
import { nationalCodeFrom } from '../db/seed/school-demo';
import { addressOf, useTestApp } from '../test/test-app';
import { normalizeInput } from './persian-input';

const t = useTestApp();

describe('one normalisation of stored Persian text', () => {
  it('stores a pre-registration typed on an Arabic keyboard with ی/ک and Persian digits', async () => {
    const nationalCode = nationalCodeFrom('731000001');
    const res = await t.inject({
      method: 'POST',
      url: addressOf(contract.preRegister.submit),
      remoteAddress: '10.77.0.1',
      payload: {
        firstName: 'علي',
        lastName: 'كاظمي',
        nationalCode,
        birthDate: '2014-03-25',
        gender: 'male',
        grade: 7,
        previousSchool: 'دبستان كوثر',
        lastAverage: '١٨٫٧٥',
        fatherName: 'مصطفى',
        fatherMobile: '٠٩١٢٥٥٥٦٦٧٧',
        fatherJob: 'كارمند',
        motherName: 'زهرا',
        motherJob: '',
        address: 'تهران، كوچهٔ ياس، پلاک ١٢',
        notes: 'سلام\nيك سؤال',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(preRegistrations).where(eq(preRegistrations.nationalCode, nationalCode));
    expect(row).toMatchObject({
      firstName: 'علی',
      lastName: 'کاظمی',
      previousSchool: 'دبستان کوثر',
      lastAverage: '18.75',
      fatherName: 'مصطفی',
      fatherMobile: '09125556677',
      fatherJob: 'کارمند',
      address: 'تهران، کوچهٔ یاس، پلاک ۱۲',
      notes: 'سلام\nیک سؤال',
    });
  });

  it('stores a contact message with ی/ک', async () => {
    const res = await t.inject({
      method: 'POST',
      url: addressOf(contract.contact.send),
      remoteAddress: '10.77.0.2',
      payload: { name: 'كيان', replyTo: '٠٩١٢١٢٣٤٥٦٧', subject: 'كلاس', message: 'كلاس هفتم كي شروع مي‌شود؟' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.name, 'کیان'));
    expect(row).toMatchObject({ replyTo: '09121234567', subject: 'کلاس', message: 'کلاس هفتم کی شروع می‌شود؟' });
  });

  it('keeps secrets as typed and leaves non-text values alone', () => {
    expect(
      normalizeInput({ password: 'كي١', newPassword: 'ي', note: 'كي١', n: 3, list: ['ك'], ok: true, none: null }),
    ).toEqual({ password: 'كي١', newPassword: 'ي', note: 'کی۱', n: 3, list: ['ک'], ok: true, none: null });
  });
});

describe('decimals as a Persian keyboard types them', () => {
  const TYPED = ['۱۸٫۷۵', '18/75', '۱۸/۷۵', '18.75'];

  it('takes the pre-registration average in every form', async () => {
    let n = 0;
    for (const lastAverage of TYPED) {
      const nationalCode = nationalCodeFrom(`7320000${String(++n).padStart(2, '0')}`);
      const res = await t.inject({
        method: 'POST',
        url: addressOf(contract.preRegister.submit),
        remoteAddress: `10.78.0.${n}`,
        payload: {
          firstName: 'سینا',
          lastName: 'رادمنش',
          nationalCode,
          birthDate: '2014-03-25',
          gender: 'male',
          grade: 7,
          lastAverage,
          fatherName: 'حمید',
          fatherMobile: '09125556677',
          motherName: 'لیلا',
          address: 'تهران، خیابان ولیعصر، پلاک ۱۰',
        },
      });
      expect(res.statusCode, `${lastAverage}: ${res.body}`).toBe(201);
      const [row] = await t.db.select().from(preRegistrations).where(eq(preRegistrations.nationalCode, nationalCode));
      expect(row?.lastAverage).toBe('18.75');
    }
  });

  it('takes grades in every form and subject weights in Persian digits', async () => {
    const admin = t.as(await t.sessionFor('admin'));
    const group = await t.call(contract.group.create, {
      headers: admin,
      body: {
        name: 'دهم ریاضی',
        gradeLevel: 10,
        academicYear: 1405,
        gradingScale: 'numeric',
        subjects: TYPED.map((_, i) => ({ name: `درس ${i + 1}`, weight: '۲' })),
      },
    });
    expect(group.statusCode, group.body).toBe(201);
    const g = group.json() as { id: number; subjects: { id: number; weight: number }[] };
    expect(g.subjects.map((s) => s.weight)).toEqual([2, 2, 2, 2]);
    const student = await t.call(contract.student.create, {
      headers: admin,
      body: {
        firstName: 'نیما',
        lastName: 'کاوه',
        nationalCode: nationalCodeFrom('732100001'),
        groupId: g.id,
        birthDate: '2010-06-01',
        gender: 'male',
      },
    });
    expect(student.statusCode, student.body).toBe(201);
    const studentId = student.json().student.id as number;
    const saved = await t.call(contract.reportCard.save, {
      headers: admin,
      body: {
        groupId: g.id,
        term: 'first',
        rows: [{ studentId, grades: g.subjects.map((s, i) => ({ subjectId: s.id, value: TYPED[i] })) }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const grid = await t.call(contract.reportCard.grid, {
      query: { groupId: String(g.id), term: 'first' },
      headers: admin,
    });
    const row = grid.json().rows[0];
    expect(Object.values(row.grades)).toEqual(['18.75', '18.75', '18.75', '18.75']);
    expect(row.average).toBe(18.75);
  });
});
