import type { Endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/system';
import { AUDIT_TEXT_MAX } from '../../lib/audit';
import { type CallInput, useTestApp } from '../../test/test-app';

/** Every staff update writes an audit row with a short before/after of exactly the fields that changed. */

const t = useTestApp();
let admin: Record<string, string>;
let superAdmin: Record<string, string>;

beforeAll(async () => {
  admin = t.as(await t.sessionFor('admin'));
  superAdmin = t.as(await t.sessionFor('superadmin'));
});

async function send(endpoint: Endpoint, input: CallInput) {
  const res = await t.call(endpoint, { headers: admin, ...input });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** The details of the newest `update` row of one record. */
async function lastUpdate(entity: string, entityId: string | number) {
  const [row] = await t.db
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)), eq(auditLog.action, 'update')))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.details;
}

describe('audit rows of staff updates', () => {
  it('news: the changed fields only, a long text shortened', async () => {
    const publishAt = '2026-01-01T08:00:00.000Z';
    const base = { summary: 'خلاصه', bodyHtml: '<p>متن</p>', status: 'published', audience: 'public', publishAt };
    const created = await send(contract.news.create, { body: { ...base, title: 'اردوی پاییزی', pinned: false } });
    const long = `<p>${'گزارش اردو '.repeat(30)}</p>`;
    await send(contract.news.update, {
      params: { id: created.id },
      body: { ...base, title: 'اردوی زمستانی', pinned: true, bodyHtml: long },
    });
    const details = (await lastUpdate('news', created.id)) as Record<string, { from: unknown; to: unknown }>;
    expect(Object.keys(details).sort()).toEqual(['bodyHtml', 'pinned', 'title']);
    expect(details.title).toEqual({ from: 'اردوی پاییزی', to: 'اردوی زمستانی' });
    expect(details.pinned).toEqual({ from: false, to: true });
    expect(details.bodyHtml?.from).toBe('<p>متن</p>');
    const to = details.bodyHtml?.to as string;
    expect(to).toHaveLength(AUDIT_TEXT_MAX);
    expect(long.startsWith(to.slice(0, -1))).toBe(true);
  });

  it('class: name and subjects', async () => {
    const body = {
      name: 'نهم تغییر',
      gradeLevel: 9,
      academicYear: 1405,
      gradingScale: 'numeric',
      usesMonthly: false,
      subjects: [{ name: 'ریاضی', weight: 4 }],
    };
    const created = await send(contract.group.create, { body });
    const [math] = created.subjects;
    await send(contract.group.update, {
      params: { id: created.id },
      body: { ...body, name: 'نهم تغییر ب', subjects: [{ id: math.id, name: 'ریاضی', weight: 3 }] },
    });
    expect(await lastUpdate('group', created.id)).toEqual({
      name: { from: 'نهم تغییر', to: 'نهم تغییر ب' },
      subjects: { from: ['ریاضی (4)'], to: ['ریاضی (3)'] },
    });
  });

  it('school settings: the changed fields only', async () => {
    const school = {
      name: 'دبیرستان نمونه',
      slogan: 'دانایی',
      aboutHtml: '<p>درباره</p>',
      address: 'تهران',
      phones: ['02166123456'],
      email: 'info@school.ir',
      hours: 'شنبه تا چهارشنبه',
      location: { lat: 35.7, lng: 51.4 },
      preRegistrationOpen: true,
      gradesOffered: [10, 11],
      academicYear: 1405,
    };
    await send(contract.settings.update, { body: { school } });
    await send(contract.settings.update, {
      body: { school: { ...school, name: 'دبیرستان فرزانگان', phones: ['02177123456'] } },
    });
    expect(await lastUpdate('settings', 'school')).toEqual({
      name: { from: 'دبیرستان نمونه', to: 'دبیرستان فرزانگان' },
      phones: { from: ['02166123456'], to: ['02177123456'] },
    });
  });

  it('payment settings: a card number only as its last four digits', async () => {
    const form = { moneyUnit: 'rial', cardNumber: '6219861012345673', cardHolder: 'مدرسهٔ مهر', bankName: '' };
    await send(contract.payments.putSettings, { body: form });
    await send(contract.payments.putSettings, {
      body: { ...form, cardNumber: '6219861012340005', cardHolder: 'مدرسهٔ نو' },
    });
    const details = await lastUpdate('payment_settings', 1);
    expect(details).toEqual({
      cardNumber: { from: '…5673', to: '…0005' },
      cardHolder: { from: 'مدرسهٔ مهر', to: 'مدرسهٔ نو' },
    });
    expect(JSON.stringify(details)).not.toMatch(/621986/);
  });

  it('staff account: name and role, never the password', async () => {
    const created = await send(contract.admins.create, {
      body: { username: 'audited1', fullName: 'کارمند اول', role: 'admin', password: 'Office-pass-2024' },
      headers: superAdmin,
    });
    await send(contract.admins.update, {
      params: { id: created.id },
      body: { fullName: 'کارمند دوم', role: 'super-admin' },
      headers: superAdmin,
    });
    expect(await lastUpdate('staff_account', created.id)).toEqual({
      fullName: { from: 'کارمند اول', to: 'کارمند دوم' },
      role: { from: 'admin', to: 'super-admin' },
    });
    await send(contract.admins.setPassword, {
      params: { id: created.id },
      body: { password: 'Another-pass-2025' },
      headers: superAdmin,
    });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(JSON.stringify(rows)).not.toMatch(/Office-pass|Another-pass/);
  });
});
