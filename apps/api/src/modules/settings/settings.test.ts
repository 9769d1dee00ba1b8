import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { UPLOAD_MESSAGES } from '@madreseh/contract/uploads';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { settings } from '../../db/schema/site';
import { expectInvalid } from '../../test/expect-invalid';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: Record<string, string>;

beforeAll(async () => {
  // Start from no demo content: these tests count what they create.
  await t.db.delete(settings);
  admin = t.as(await t.sessionFor('admin'));
});

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
    const res = await t.call(contract.settings.publicProfile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: '',
      preRegistrationOpen: false,
      logo: null,
      hero: null,
      stamp: null,
      gradesOffered: [],
    });
    expect(res.json()).not.toHaveProperty('updatedAt');
  });

  it('saves the profile, sanitizes the about text and shows it publicly at once', async () => {
    const res = await t.call(contract.settings.update, { headers: admin, body: { school: profile } });
    expect(res.statusCode).toBe(200);
    const school = res.json().school;
    expect(school.phones).toEqual(['02166123456']);
    expect(school.gradesOffered).toEqual([10, 11, 12]);
    expect(school.aboutHtml).toContain('<p>مدرسهٔ ما از ۱۳۷۰</p>');
    expect(school.aboutHtml).not.toMatch(/script|onerror|javascript|<img/i);

    const pub = await t.call(contract.settings.publicProfile);
    expect(pub.json()).toMatchObject({ name: profile.name, preRegistrationOpen: true, location: profile.location });

    const got = await t.call(contract.settings.get, { headers: admin });
    expect(got.json().school.updatedAt).toEqual(expect.any(String));
  });

  it('refuses bad fields with Persian messages per field', async () => {
    const res = await t.call(contract.settings.update, {
      headers: admin,
      body: { school: { ...profile, name: '', phones: ['abc'], email: 'no', academicYear: 99 } },
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
        url: addressOf(contract.settings.uploadImage),
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
    expect((await t.call(contract.settings.publicProfile)).json().logo.thumb).toBe(logo2);

    const removed = await t.call(contract.settings.removeImage, { params: { kind: 'logo' }, headers: admin });
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
      url: addressOf(contract.settings.uploadImage),
      payload: svg.payload,
      headers: { ...svg.headers, ...admin },
    });
    expect(res.statusCode).toBe(415);

    const bad = multipartBody({ kind: 'banner' }, [
      { filename: 'a.png', contentType: 'image/png', data: await smallPng(10, 10) },
    ]);
    const res2 = await t.inject({
      method: 'POST',
      url: addressOf(contract.settings.uploadImage),
      payload: bad.payload,
      headers: { ...bad.headers, ...admin },
    });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().fields.kind).toBe('نوع تصویر باید لوگو، تصویر اصلی یا مهر و امضا باشد.');
  });

  describe('the stamp and signature image', () => {
    const sendStamp = (who: Record<string, string>, file: { filename: string; contentType: string; data: Buffer }) => {
      const form = multipartBody({ kind: 'stamp' }, [file]);
      return t.inject({
        method: 'POST',
        url: addressOf(contract.settings.uploadImage),
        payload: form.payload,
        headers: { ...form.headers, ...who },
      });
    };
    /** A round «stamp» on a transparent ground: the see-through part must survive the re-encoding. */
    const stampPng = () =>
      sharp({ create: { width: 600, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
        .composite([
          {
            input: Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="300"><circle cx="150" cy="150" r="120" fill="none" stroke="#1a3fa0" stroke-width="12"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();

    it('is set by a super-admin, kept transparent, answered publicly and removed again', async () => {
      const superAdmin = t.as(await t.sessionFor('superadmin'));
      const res = await sendStamp(superAdmin, {
        filename: 'stamp.png',
        contentType: 'image/png',
        data: await stampPng(),
      });
      expect(res.statusCode).toBe(200);
      const stamp = res.json().school.stamp.thumb as string;
      expect(stamp).toMatch(/^\/uploads\/school\/.+-400\.webp$/);
      const served = await t.inject({ method: 'GET', url: stamp });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', hasAlpha: true, width: 400 });
      // Printed on the public pre-registration form too, so the public profile carries it.
      expect((await t.call(contract.settings.publicProfile)).json().stamp.thumb).toBe(stamp);
      // The logo and hero are untouched by it.
      expect(res.json().school.logo).toBeNull();

      const removed = await t.call(contract.settings.removeImage, { params: { kind: 'stamp' }, headers: superAdmin });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().school.stamp).toBeNull();
      expect((await t.inject({ method: 'GET', url: stamp })).statusCode).toBe(404);
    });

    it('is refused to an admin (403, in Persian), for setting and for removing', async () => {
      const superAdmin = t.as(await t.sessionFor('superadmin'));
      const set = await sendStamp(superAdmin, {
        filename: 's.png',
        contentType: 'image/png',
        data: await smallPng(200, 100),
      });
      const kept = set.json().school.stamp.thumb as string;
      const res = await sendStamp(admin, {
        filename: 's.png',
        contentType: 'image/png',
        data: await smallPng(200, 100),
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('مهر و امضای مدرسه را فقط مدیر ارشد می‌تواند تغییر دهد.');
      const gone = await t.call(contract.settings.removeImage, { params: { kind: 'stamp' }, headers: admin });
      expect(gone.statusCode).toBe(403);
      expect((await t.call(contract.settings.publicProfile)).json().stamp.thumb).toBe(kept);
      // An admin still sets the logo.
      const logo = multipartBody({ kind: 'logo' }, [
        { filename: 'l.png', contentType: 'image/png', data: await smallPng(64, 64) },
      ]);
      const logoRes = await t.inject({
        method: 'POST',
        url: addressOf(contract.settings.uploadImage),
        payload: logo.payload,
        headers: { ...logo.headers, ...admin },
      });
      expect(logoRes.statusCode).toBe(200);
      await t.call(contract.settings.removeImage, { params: { kind: 'stamp' }, headers: superAdmin });
    });

    it('refuses a disguised, an oversized and a vector file with a Persian message, keeping none', async () => {
      const superAdmin = t.as(await t.sessionFor('superadmin'));
      const html = await sendStamp(superAdmin, {
        filename: 'stamp.png',
        contentType: 'image/png',
        data: Buffer.from('<html><script>alert(1)</script></html>'),
      });
      expect(html.statusCode).toBe(415);
      expect(html.json().message).toBe(UPLOAD_MESSAGES.notImage);
      const svg = await sendStamp(superAdmin, {
        filename: 'stamp.svg',
        contentType: 'image/svg+xml',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      });
      expect(svg.statusCode).toBe(415);
      const big = await sendStamp(superAdmin, {
        filename: 'stamp.png',
        contentType: 'image/png',
        data: Buffer.concat([await smallPng(32, 32), Buffer.alloc(11 * 1024 * 1024)]),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().message).toMatch(/[\u0600-\u06FF]/);
      const broken = await sendStamp(superAdmin, {
        filename: 'stamp.png',
        contentType: 'image/png',
        data: (await smallPng(100, 100)).subarray(0, 60),
      });
      expect(broken.statusCode).toBe(415);
      expect(broken.json().message).toMatch(/[\u0600-\u06FF]/);
      expect((await t.call(contract.settings.publicProfile)).json().stamp).toBeNull();
    });
  });

  it('lets no student upload (refused before the body is read)', async () => {
    const student = t.as(await t.sessionFor('student1'));
    const form = multipartBody({ kind: 'hero' }, [
      { filename: 'a.png', contentType: 'image/png', data: await smallPng(10, 10) },
    ]);
    const res = await t.inject({
      method: 'POST',
      url: addressOf(contract.settings.uploadImage),
      payload: form.payload,
      headers: { ...form.headers, ...student },
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses removing an image of an unknown kind, and a body without sections of the right shape', async () => {
    expectInvalid(await t.call(contract.settings.removeImage, { params: { kind: 'banner' }, headers: admin }), [
      'kind',
    ]);
    expectInvalid(
      await t.call(contract.settings.update, {
        headers: admin,
        body: { school: { ...profile, location: { lat: 'north', lng: 51.4 }, gradesOffered: [13] } },
      }),
    );
    const pub = await t.call(contract.settings.publicProfile);
    expect(pub.json().name).toBe(profile.name);
  });

  it('shows visitors the public profile only: no storage keys, no who or when', async () => {
    const pub = await t.call(contract.settings.publicProfile);
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
      'stamp',
    ]);
    expect(pub.body).not.toMatch(/Key"|updatedBy|updatedAt/);
  });
});
