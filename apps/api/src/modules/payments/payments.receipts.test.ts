import { randomBytes } from 'node:crypto';
import { contract } from '@madreseh/contract/endpoints';
import { RECEIPT_LIMITS } from '@madreseh/contract/payments/payment-schemas';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { rateLimits } from '../../db/schema/system';
import { storeImage } from '../../storage/images';
import { createUrlSigner, SIGNED_URL_TTL_SECONDS, uploadSigningKey } from '../../storage/signed-urls';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { addressOf, useTestApp } from '../../test/test-app';

/**
 * Receipt photos show a student's bank details: they are served only through short-lived signed
 * addresses, and those addresses appear only in answers to the student who sent the receipt and
 * to staff.
 */

const t = useTestApp();
let student1: string;
let student2: string;
let admin: string;
let s2: number;
/** student2's receipt: its payment id, storage key and the two signed addresses it was answered with. */
let receipt: { id: number; key: string; url: string; thumbUrl: string };

const fileOf = (url: string) => new URL(url, 'http://x').pathname.slice('/uploads/'.length);

beforeAll(async () => {
  student1 = await t.sessionFor('student1');
  student2 = await t.sessionFor('student2');
  admin = await t.sessionFor('admin');
  const [row] = await t.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, await t.userId('student2')));
  s2 = row?.id ?? 0;
  const inv = await t.call(contract.payments.createInvoice, {
    params: { id: s2 },
    headers: t.as(admin),
    body: { title: 'هزینهٔ اردو', amount: 5_000_000, dueDate: '2027-03-01' },
  });
  expect(inv.statusCode, inv.body).toBe(201);
  const { payload, headers } = multipartBody(
    {
      invoiceId: String(inv.json().id),
      amount: '5000000',
      cardLast4: '4321',
      trackingNumber: '556677',
      transferredAt: new Date(Date.now() - 3_600_000).toISOString(),
    },
    [{ filename: 'receipt.png', contentType: 'image/png', data: await smallPng(600, 900) }],
  );
  const res = await t.inject({
    method: 'POST',
    url: addressOf(contract.payments.cardToCard),
    payload,
    headers: { ...headers, ...t.as(student2) },
  });
  expect(res.statusCode, res.body).toBe(201);
  const p = res.json() as { id: number; receiptUrl: string; receiptThumbUrl: string };
  receipt = {
    id: p.id,
    key: fileOf(p.receiptUrl).replace(/-1600\.webp$/, ''),
    url: p.receiptUrl,
    thumbUrl: p.receiptThumbUrl,
  };
});

function expectRefused(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode).toBe(403);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'message']);
  expect(body.message).toMatch(/[\u0600-\u06FF]/);
  expect(res.body).not.toContain('RIFF');
}

describe('signed receipt addresses', () => {
  it('stores receipts in the private folder and serves both renditions with a valid signature', async () => {
    expect(receipt.key).toMatch(/^receipts\/\d{4}\/[0-9a-f]{24}$/);
    for (const url of [receipt.url, receipt.thumbUrl]) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('RIFF');
      // The browser may keep it until the signature expires; no shared cache may keep it at all.
      const cache = String(res.headers['cache-control']);
      expect(cache).toMatch(/^private, max-age=\d+$/);
      expect(Number(cache.split('=')[1])).toBeLessThanOrEqual(SIGNED_URL_TTL_SECONDS + 600);
    }
    const exp = Number(new URL(receipt.url, 'http://x').searchParams.get('exp'));
    const now = Date.now() / 1000;
    expect(exp).toBeGreaterThan(now + SIGNED_URL_TTL_SECONDS - 1);
    expect(exp).toBeLessThanOrEqual(now + SIGNED_URL_TTL_SECONDS + 600);
  });

  it('refuses the plain address, with nothing of the image', async () => {
    expectRefused(await t.inject({ method: 'GET', url: `/uploads/${receipt.key}-1600.webp` }));
    expectRefused(await t.inject({ method: 'GET', url: `/uploads/${receipt.key}-400.webp` }));
  });

  it('refuses a missing, malformed or tampered signature', async () => {
    const u = new URL(receipt.url, 'http://x');
    const exp = u.searchParams.get('exp') ?? '';
    const sig = u.searchParams.get('sig') ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    for (const query of [
      `?exp=${exp}`,
      `?sig=${sig}`,
      `?exp=${exp}&sig=${flipped}`,
      `?exp=${exp}&sig=${sig.slice(0, 40)}`,
      `?exp=${Number(exp) + 600}&sig=${sig}`,
      `?exp=abc&sig=${sig}`,
      `?exp=${exp}&exp=${exp}&sig=${sig}`,
    ]) {
      expectRefused(await t.inject({ method: 'GET', url: `${u.pathname}${query}` }));
    }
  });

  it('refuses a signature of another file', async () => {
    // The thumbnail's signature on the large rendition, and on another receipt's name.
    const thumb = new URL(receipt.thumbUrl, 'http://x');
    expectRefused(await t.inject({ method: 'GET', url: `/uploads/${receipt.key}-1600.webp${thumb.search}` }));
    const other = receipt.key.replace(/[0-9a-f]$/, (c) => (c === 'a' ? 'b' : 'a'));
    expectRefused(await t.inject({ method: 'GET', url: `/uploads/${other}-400.webp${thumb.search}` }));
  });

  it('refuses an expired signature and one made with another key', async () => {
    const name = `${receipt.key}-1600.webp`;
    const expired = t.app.urlSigner.url(name, Date.now() - (SIGNED_URL_TTL_SECONDS + 700) * 1000);
    expect(new URL(expired, 'http://x').searchParams.get('exp')).toMatch(/^\d+$/);
    expectRefused(await t.inject({ method: 'GET', url: expired }));
    const foreign = createUrlSigner(randomBytes(32)).url(name);
    expectRefused(await t.inject({ method: 'GET', url: foreign }));
  });

  it('answers 404 for a validly signed name that holds no file', async () => {
    const url = t.app.urlSigner.url('receipts/2020/000000000000000000000000-1600.webp');
    const res = await t.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('RIFF');
  });

  it('signs with one key kept in the database, so every instance accepts the others’ addresses', async () => {
    const key = await uploadSigningKey(t.db);
    expect(key.equals(await uploadSigningKey(t.db))).toBe(true);
    const url = createUrlSigner(key).url(`${receipt.key}-400.webp`);
    expect((await t.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('keeps serving public images by name, cached for a year', async () => {
    const image = await storeImage(t.app.storage, 'gallery', await smallPng());
    const res = await t.inject({ method: 'GET', url: `/uploads/${image.key}-400.webp` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('who gets a receipt address', () => {
  it('the student who sent it, in every answer about it', async () => {
    const invoices = await t.call(contract.payments.studentInvoices, { headers: t.as(student2) });
    expect(invoices.body).toContain(receipt.key);
    const cardToCard = await t.call(contract.payments.cardToCardView, { headers: t.as(student2) });
    const mine = cardToCard.json().submissions.find((s: { id: number }) => s.id === receipt.id);
    expect(mine.receiptUrl).toMatch(/\?exp=\d+&sig=[0-9a-f]{64}$/);
    expect((await t.inject({ method: 'GET', url: mine.receiptUrl })).statusCode).toBe(200);
    const result = await t.call(contract.payments.paymentResult, {
      params: { id: receipt.id },
      headers: t.as(student2),
    });
    expect(result.json().receiptThumbUrl).toContain(receipt.key);
  });

  it('staff, in the queue and on the student’s invoices page', async () => {
    const queue = await t.call(contract.payments.pendingReceipts, { headers: t.as(admin) });
    const item = queue.json().items.find((i: { id: number }) => i.id === receipt.id);
    expect(item.receiptUrl).toContain(receipt.key);
    expect((await t.inject({ method: 'GET', url: item.receiptUrl })).statusCode).toBe(200);
    const page = await t.call(contract.payments.studentInvoice, { params: { id: s2 }, headers: t.as(admin) });
    expect(page.body).toContain(receipt.key);
  });

  it('never another student', async () => {
    const key = receipt.key.split('/').at(-1) ?? receipt.key;
    for (const endpoint of [contract.payments.studentInvoices, contract.payments.cardToCardView, contract.student.me]) {
      const res = await t.call(endpoint, { headers: t.as(student1) });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(key);
    }
    const peek = await t.call(contract.payments.paymentResult, { params: { id: receipt.id }, headers: t.as(student1) });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain(key);
  });
});

describe('the receipts queue cannot be flooded', () => {
  let s1: number;
  const newInvoice = async (amount: number) => {
    const res = await t.call(contract.payments.createInvoice, {
      params: { id: s1 },
      headers: t.as(admin),
      body: { title: `قسط ${randomBytes(4).toString('hex')}`, amount, dueDate: '2027-03-01' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as number;
  };
  const send = async (invoiceId: number, amount: number, tracking = randomBytes(4).toString('hex')) => {
    const { payload, headers } = multipartBody(
      {
        invoiceId: String(invoiceId),
        amount: String(amount),
        cardLast4: '1234',
        trackingNumber: tracking,
        transferredAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
      [{ filename: 'receipt.png', contentType: 'image/png', data: await smallPng(300, 400) }],
    );
    return t.inject({
      method: 'POST',
      url: addressOf(contract.payments.cardToCard),
      payload,
      headers: { ...headers, ...t.as(student1) },
    });
  };
  const pendingOf = async (invoiceId: number) =>
    (await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).filter((p) => p.status === 'pending');

  beforeAll(async () => {
    const [row] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.userId, await t.userId('student1')));
    s1 = row?.id ?? 0;
  });

  it(`refuses 1-Rial receipts: at least ${RECEIPT_LIMITS.minAmount} Rials, unless less is left to pay`, async () => {
    const invoiceId = await newInvoice(3_000_000);
    for (const amount of [1, RECEIPT_LIMITS.minAmount - 1]) {
      const res = await send(invoiceId, amount);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.amount).toContain('دست‌کم');
    }
    expect(await pendingOf(invoiceId)).toHaveLength(0);
    expect((await send(invoiceId, RECEIPT_LIMITS.minAmount)).statusCode).toBe(201);
    // An invoice with less than the minimum left is paid with what is left.
    const small = await newInvoice(30_000);
    expect((await send(small, 30_000)).statusCode).toBe(201);
    await t.db.delete(rateLimits);
  });

  it('keeps one receipt waiting per invoice; after it is decided the next one is taken', async () => {
    const invoiceId = await newInvoice(3_000_000);
    const first = await send(invoiceId, 1_000_000);
    expect(first.statusCode, first.body).toBe(201);
    const second = await send(invoiceId, 1_000_000);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('در انتظار بررسی');
    // Thirty at once: still one.
    const burst = await Promise.all(Array.from({ length: 4 }, () => send(invoiceId, 500_000)));
    expect(burst.every((r) => r.statusCode === 409 || r.statusCode === 429)).toBe(true);
    expect(await pendingOf(invoiceId)).toHaveLength(1);
    const reject = await t.call(contract.payments.reject, {
      params: { id: first.json().id },
      headers: t.as(admin),
      body: { reason: 'رسید خوانا نیست.' },
    });
    expect(reject.statusCode).toBe(200);
    await t.db.delete(rateLimits);
    expect((await send(invoiceId, 1_000_000)).statusCode).toBe(201);
    await t.db.delete(rateLimits);
  });

  it(`takes at most ${RECEIPT_LIMITS.perHour} uploads an hour from one student, then a Persian 429`, async () => {
    const invoices = await Promise.all(Array.from({ length: RECEIPT_LIMITS.perHour + 1 }, () => newInvoice(2_000_000)));
    for (const id of invoices.slice(0, RECEIPT_LIMITS.perHour))
      expect((await send(id, 1_000_000)).statusCode).toBe(201);
    const over = await send(invoices.at(-1) ?? 0, 1_000_000);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toContain('در هر ساعت');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(await pendingOf(invoices.at(-1) ?? 0)).toHaveLength(0);
    // Another student is not affected.
    const other = await t.call(contract.payments.cardToCardView, { headers: t.as(student2) });
    expect(other.statusCode).toBe(200);
  });
});
