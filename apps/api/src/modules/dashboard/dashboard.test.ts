import { contract } from '@madreseh/contract/endpoints';
import { eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { achievements } from '../../db/schema/achievements';
import { invoices, payments } from '../../db/schema/payments';
import { preRegistrations } from '../../db/schema/pre-register';
import { students } from '../../db/schema/school';
import { contactMessages, galleryPhotos, news } from '../../db/schema/site';
import { nationalCodeFrom } from '../../db/seed/school-demo';
import { paymentFiguresOfPages } from '../../test/payment-figures';
import { useTestApp } from '../../test/test-app';

const t = useTestApp();

beforeAll(async () => {
  // Start from no demo content: these tests count what they create.
  await t.db.delete(news);
  await t.db.delete(contactMessages);
  await t.db.delete(galleryPhotos);
  await t.db.delete(achievements);
  await t.db.delete(preRegistrations);
});

describe('panel/dashboard', () => {
  it('counts news by state, photos, albums, achievements and messages', async () => {
    const admin = t.as(await t.sessionFor('admin'));
    const empty = await t.call(contract.dashboard.get, { headers: admin });
    expect(empty.json()).toMatchObject({
      news: { published: 0, scheduled: 0, draft: 0 },
      gallery: { photos: 0, albums: 0 },
      achievements: { total: 0 },
      messages: { unread: 0, total: 0 },
      preRegistrations: { academicYear: 1405, total: 0, lastWeek: 0, byStatus: {}, byGrade: {} },
    });
    await t.db.insert(news).values([
      { title: 'الف', audience: 'public', status: 'published', publishAt: new Date(Date.now() - 1000) },
      { title: 'ب', audience: 'students', status: 'published', publishAt: new Date(Date.now() + 3_600_000) },
      { title: 'ج', audience: 'public', status: 'draft' },
      { title: 'د', audience: 'public', status: 'draft' },
    ]);
    await t.db.insert(galleryPhotos).values([
      { imageKey: 'gallery/2026/aa', width: 10, height: 10, album: 'جشن' },
      { imageKey: 'gallery/2026/bb', width: 10, height: 10, album: 'جشن' },
      { imageKey: 'gallery/2026/cc', width: 10, height: 10, album: '' },
    ]);
    await t.db.insert(achievements).values([
      { title: 'الف', date: '2026-01-01' },
      { title: 'ب', date: '2026-02-01' },
    ]);
    await t.db.insert(contactMessages).values([
      { name: 'الف', replyTo: '09120000000', subject: 'س', message: 'پیام' },
      { name: 'ب', replyTo: '09120000001', subject: 'س', message: 'پیام', readAt: new Date() },
    ]);
    const res = await t.call(contract.dashboard.get, { headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      news: { published: 1, scheduled: 1, draft: 2 },
      gallery: { photos: 3, albums: 1 },
      achievements: { total: 2 },
      messages: { unread: 1, total: 2 },
      preRegistrations: { academicYear: 1405, total: 0, lastWeek: 0, byStatus: {}, byGrade: {} },
    });
  });

  it("counts the current year's pre-registrations by status and grade, and those of the last week", async () => {
    const admin = t.as(await t.sessionFor('admin'));
    const row = (i: number, grade: number, status: 'new' | 'reviewing' | 'accepted', daysAgo: number, year = 1405) => ({
      trackingCode: String(1_500_000_000 + i),
      academicYear: year,
      firstName: 'نام',
      lastName: 'خانوادگی',
      nationalCode: nationalCodeFrom(String(300_000_000 + i)),
      birthDate: '2010-01-01',
      gender: 'female' as const,
      grade,
      fatherName: 'پدر',
      fatherMobile: '09120000000',
      motherName: 'مادر',
      address: 'تهران، خیابان یک',
      status,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    await t.db
      .insert(preRegistrations)
      .values([
        row(1, 10, 'new', 0),
        row(2, 10, 'reviewing', 2),
        row(3, 11, 'new', 10),
        row(4, 12, 'accepted', 30),
        row(5, 12, 'new', 0, 1404),
      ]);
    const res = await t.call(contract.dashboard.get, { headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().preRegistrations).toEqual({
      academicYear: 1405,
      total: 4,
      lastWeek: 2,
      byStatus: { new: 2, reviewing: 1, accepted: 1 },
      byGrade: { '10': 2, '11': 1, '12': 1 },
    });
  });

  it('counts active students, unpaid invoices and receipts waiting for a decision, as the payments module does', async () => {
    const admin = t.as(await t.sessionFor('admin'));
    // A receipt waiting for a decision on one of the demo invoices.
    const [invoice] = await t.db.select().from(invoices).where(isNull(invoices.cancelledAt)).limit(1);
    if (!invoice) throw new Error('the demo data holds no invoice');
    await t.db.insert(payments).values({
      invoiceId: invoice.id,
      method: 'card_to_card',
      amount: 1000,
      status: 'pending',
      trackingNumber: `dash-${Date.now()}`,
      transferredAt: new Date(),
    });
    const res = await t.call(contract.dashboard.get, { headers: admin });
    const body = res.json();
    const active = await t.db.select().from(students).where(eq(students.status, 'active'));
    expect(body.students).toEqual({ active: active.length });
    const figures = await paymentFiguresOfPages(t.db);
    expect(body.invoices).toEqual({ unpaid: figures.unpaidInvoices });
    expect(body.invoices.unpaid).toBeGreaterThan(0);
    expect(body.receipts).toEqual({ pending: figures.pendingReceipts });
    expect(body.receipts.pending).toBeGreaterThanOrEqual(1);
  });
});
