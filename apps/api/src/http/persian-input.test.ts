import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preRegistrations } from '../db/schema/pre-register';
import { contactMessages } from '../db/schema/site';
import { nationalCodeFrom } from '../db/seed/school-demo';
import { createTestApp, type TestApp } from '../test/test-app';
import { normalizeInput } from './persian-input';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('one normalisation of stored Persian text', () => {
  it('stores a pre-registration typed on an Arabic keyboard with ی/ک and Persian digits', async () => {
    const nationalCode = nationalCodeFrom('731000001');
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/general/pre-register',
      remoteAddress: '10.77.0.1',
      payload: {
        firstName: 'علي',
        lastName: 'كاظمي',
        nationalCode,
        birthDate: '2014-03-25',
        gender: 'male',
        grade: 10,
        previousSchool: 'دبستان كوثر',
        lastAverage: '18.75',
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
      url: '/api/v1/general/contact-us',
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
