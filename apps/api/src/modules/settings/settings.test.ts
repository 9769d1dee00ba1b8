import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/site';
import { expectInvalid } from '../../test/expect-invalid';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  // Start from no demo content: these tests count what they create.
  await t.db.delete(settings);
  admin = t.as(await t.sessionFor('admin'));
});
afterAll(() => t.close());

const profile = {
  name: 'دبیرستان نمونهٔ فرزانگان',
  slogan: 'دانایی، توانایی',
  aboutHtml:
    '<p>مدرسهٔ ما از ۱۳۷۰</p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
  address: 'تهران، خیابان انقلاب، کوچهٔ دانش، پلاک ۱۲',
  phones: ['۰۲۱-۶۶۱۲۳۴۵۶'],
  email: 'info@school.ir',
  hours: 'شنبه تا چهارشنبه ۷:۳۰ تا ۱۴',
  location: { lat: 35.7, lng: 51.4 },
  preRegistrationOpen: true,
  gradesOffered: [12, 10, 11, 10],
  academicYear: 1405,
};

describe('school settings', () => {
  it('answers defaults before anything is saved', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/v1/general/school' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '',
      preRegistrationOpen: false,
      logo: null,
      hero: null,
      gradesOffered: [],
    });
    expect(res.json()).not.toHaveProperty('updatedAt');
  });

  it('saves the profile, sanitizes the about text and shows it publicly at once', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v1/panel/settings',
      headers: admin,
      payload: { school: profile },
    });
    expect(res.statusCode).toBe(200);
    const school = res.json().school;
    expect(school.phones).toEqual(['02166123456']);
    expect(school.gradesOffered).toEqual([10, 11, 12]);
    expect(school.aboutHtml).toContain('<p>مدرسهٔ ما از ۱۳۷۰</p>');
    expect(school.aboutHtml).not.toMatch(/script|onerror|javascript|<img/i);

    const pub = await t.inject({ method: 'GET', url: '/api/v1/general/school' });
    expect(pub.json()).toMatchObject({ name: profile.name, preRegistrationOpen: true, location: profile.location });

    const got = await t.inject({ method: 'GET', url: '/api/v1/panel/settings', headers: admin });
    expect(got.json().school.updatedAt).toEqual(expect.any(String));
  });

  it('refuses bad fields with Persian messages per field', async () => {
    const res = await t.inject({
      method: 'PUT',
      url: '/api/v1/panel/settings',
      headers: admin,
      payload: { school: { ...profile, name: '', phones: ['abc'], email: 'no', academicYear: 99 } },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual([
      'school.academicYear',
      'school.email',
      'school.name',
      'school.phones.0',
    ]);
    expect(fields['school.name']).toBe('نام مدرسه را وارد کنید.');
  });

  it('sets, replaces and removes the logo through the image pipeline', async () => {
    const upload = async () => {
      const { payload, headers } = multipartBody({ kind: 'logo' }, [
        { filename: 'logo.png', contentType: 'image/png', data: await smallPng(500, 500) },
      ]);
      return t.inject({
        method: 'POST',
        url: '/api/v1/panel/settings/image',
        payload,
        headers: { ...headers, ...admin },
      });
    };
    const first = await upload();
    expect(first.statusCode).toBe(200);
    const logo1 = first.json().school.logo.thumb as string;
    expect((await t.inject({ method: 'GET', url: logo1 })).statusCode).toBe(200);

    const second = await upload();
    const logo2 = second.json().school.logo.thumb as string;
    expect(logo2).not.toBe(logo1);
    expect((await t.inject({ method: 'GET', url: logo1 })).statusCode).toBe(404);
    expect((await t.inject({ method: 'GET', url: '/api/v1/general/school' })).json().logo.thumb).toBe(logo2);

    const removed = await t.inject({ method: 'DELETE', url: '/api/v1/panel/settings/image/logo', headers: admin });
    expect(removed.json().school.logo).toBeNull();
    expect(fs.existsSync(path.join(t.uploadsDir, logo2.replace('/uploads/', '')))).toBe(false);
  });

  it('refuses an SVG logo and an unknown image kind', async () => {
    const svg = multipartBody({ kind: 'logo' }, [
      {
        filename: 'logo.svg',
        contentType: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      },
    ]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/panel/settings/image',
      payload: svg.payload,
      headers: { ...svg.headers, ...admin },
    });
    expect(res.statusCode).toBe(415);

    const bad = multipartBody({ kind: 'banner' }, [
      { filename: 'a.png', contentType: 'image/png', data: await smallPng(10, 10) },
    ]);
    const res2 = await t.inject({
      method: 'POST',
      url: '/api/v1/panel/settings/image',
      payload: bad.payload,
      headers: { ...bad.headers, ...admin },
    });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().fields.kind).toBe('نوع تصویر باید لوگو یا تصویر اصلی باشد.');
  });

  it('lets no student upload (refused before the body is read)', async () => {
    const student = t.as(await t.sessionFor('student1'));
    const form = multipartBody({ kind: 'hero' }, [
      { filename: 'a.png', contentType: 'image/png', data: await smallPng(10, 10) },
    ]);
    const res = await t.inject({
      method: 'POST',
      url: '/api/v1/panel/settings/image',
      payload: form.payload,
      headers: { ...form.headers, ...student },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses removing an image of an unknown kind, and a body without sections of the right shape', async () => {
    expectInvalid(await t.inject({ method: 'DELETE', url: '/api/v1/panel/settings/image/banner', headers: admin }), [
      'kind',
    ]);
    expectInvalid(
      await t.inject({
        method: 'PUT',
        url: '/api/v1/panel/settings',
        headers: admin,
        payload: { school: { ...profile, location: { lat: 'north', lng: 51.4 }, gradesOffered: [13] } },
      }),
    );
    const pub = await t.inject({ method: 'GET', url: '/api/v1/general/school' });
    expect(pub.json().name).toBe(profile.name);
  });

  it('shows visitors the public profile only: no storage keys, no who or when', async () => {
    const pub = await t.inject({ method: 'GET', url: '/api/v1/general/school' });
    expect(Object.keys(pub.json()).sort()).toEqual([
      'aboutHtml',
      'academicYear',
      'address',
      'email',
      'gradesOffered',
      'hero',
      'hours',
      'location',
      'logo',
      'name',
      'phones',
      'preRegistrationOpen',
      'slogan',
    ]);
    expect(pub.body).not.toMatch(/Key"|updatedBy|updatedAt/);
  });
});
