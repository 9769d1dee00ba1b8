import { paymentsContract } from '@madreseh/contract/payments/payments.contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { auditLog, rateLimits } from '../../db/schema/system';
import { smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { FAKE_MERCHANT, type FakeZarinpal, startFakeZarinpal } from '../../test/zarinpal-server';
import { gatewaysFrom, type PaymentsConfig } from './gateways';
import { reconcilePayments } from './online-payments';

/**
 * Nothing counted twice, nothing lost: one receipt per bank transfer, bulk invoicing that a repeat
 * cannot double, an Idempotency-Key on every money-changing endpoint, a slow gateway that holds no
 * database connection, one lock order for approve and cancel, an audit row for every change of
 * money state and an audit table that cannot be rewritten. On PGlite and on PostgreSQL.
 */

let t: TestApp;
let fake: FakeZarinpal;
let payConfig: PaymentsConfig;
let student1: string;
let admin: string;
let s1: number;
let groupId: number;
let seq = 0;

const api = (path: string) => `/api/v1/${path}`;
const log = { info: () => {}, warn: () => {} };

// These tests send many receipts as the same students: each starts with a fresh hourly allowance
// (the allowance itself is tested in payments.receipts.test.ts).
beforeEach(async () => {
  if (t) await t.db.delete(rateLimits).where(sql`${rateLimits.key} like 'receipt-upload:%'`);
});

beforeAll(async () => {
  fake = await startFakeZarinpal();
  // A long gateway time limit: the test, not the client's timeout, decides when a held verify answers.
  payConfig = {
    publicUrl: 'https://school.example',
    sandboxGateway: true,
    zarinpal: { merchantId: FAKE_MERCHANT, baseUrl: fake.baseUrl, timeoutMs: 30_000 },
  };
  t = await createTestApp({ config: { payments: payConfig } });
  student1 = await t.sessionFor('student1');
  admin = await t.sessionFor('admin');
  const [row] = await t.db
    .select({ id: students.id, groupId: students.groupId })
    .from(students)
    .where(eq(students.userId, await t.userId('student1')));
  s1 = row?.id ?? 0;
  groupId = row?.groupId ?? 0;
  expect(s1 && groupId).toBeTruthy();
});
afterAll(async () => {
  fake?.release();
  await t?.close();
  await fake?.close();
});

async function newInvoice(amount = 9_000_000, studentId = s1) {
  const [row] = await t.db
    .insert(invoices)
    .values({ studentId, title: `هزینهٔ آزمایشی ${++seq}`, amount, dueDate: '2027-06-01' })
    .returning({ id: invoices.id });
  if (!row) throw new Error('no invoice');
  return row.id;
}

const transfer = (invoiceId: number, fields: Record<string, string> = {}) => ({
  invoiceId: String(invoiceId),
  amount: '3000000',
  cardLast4: '4321',
  trackingNumber: 'TR-556677',
  transferredAt: '2026-11-20T08:30:00.000Z',
  ...fields,
});

async function sendReceipt(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const body = multipartBody(fields, [
    { filename: 'receipt.png', contentType: 'image/png', data: await smallPng(400, 600) },
  ]);
  return t.inject({
    method: 'POST',
    url: api('student/payment/card-to-card'),
    payload: body.payload,
    headers: { ...body.headers, ...t.as(student1), ...headers },
  });
}

async function auditRows(action: string, entityIds: number[]) {
  if (!entityIds.length) return [];
  return t.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        inArray(
          auditLog.entityId,
          entityIds.map((id) => String(id)),
        ),
      ),
    );
}

describe('card-to-card: one receipt per bank transfer', () => {
  it('takes one of two parallel submissions of a transfer and a resend; the others hear a Persian 409', async () => {
    const invoiceId = await newInvoice(9_000_000);
    const answers = await Promise.all([sendReceipt(transfer(invoiceId)), sendReceipt(transfer(invoiceId))]);
    const resend = await sendReceipt(transfer(invoiceId, { trackingNumber: 'tr-556677' }));
    const other = await sendReceipt(transfer(await newInvoice(5_000_000)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    // On the same invoice the first receipt is still waiting: one waits per invoice.
    for (const refused of [answers.find((a) => a.statusCode === 409), resend]) {
      expect(refused?.statusCode).toBe(409);
      expect(refused?.json().message).toMatch(/پیش‌تر ثبت شده است|در انتظار بررسی است/);
    }
    // On another invoice the same transfer is recognised as such.
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toMatch(/پیش‌تر ثبت شده است/);
    expect(other.json().fields.trackingNumber).toMatch(/شمارهٔ پیگیری/);
    const rows = await t.db.select().from(payments).where(eq(payments.trackingNumber, 'TR-556677'));
    expect(rows).toHaveLength(1);
    const [receipt] = rows;
    expect((await auditRows('submit_receipt', [receipt?.id ?? 0])).length).toBe(1);

    // Approved once; nothing else of that transfer can wait for approval.
    const approve = await t.inject({
      method: 'POST',
      url: api(`panel/payments/${receipt?.id}/approve`),
      headers: t.as(admin),
    });
    expect(approve.statusCode).toBe(200);
    const paid = await t.db
      .select({ sum: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint` })
      .from(payments)
      .where(and(eq(payments.status, 'succeeded'), eq(payments.trackingNumber, 'TR-556677')));
    expect(Number(paid[0]?.sum)).toBe(3_000_000);
  });

  it('takes a transfer again once its receipt was rejected (a blurred photo, sent again)', async () => {
    const invoiceId = await newInvoice(4_000_000);
    const fields = transfer(invoiceId, { trackingNumber: '990011', amount: '4000000' });
    const first = await sendReceipt(fields);
    expect(first.statusCode, first.body).toBe(201);
    const reject = await t.inject({
      method: 'POST',
      url: api(`panel/payments/${first.json().id}/reject`),
      headers: t.as(admin),
      payload: { reason: 'تصویر رسید خوانا نیست.' },
    });
    expect(reject.statusCode).toBe(200);
    expect((await sendReceipt(fields)).statusCode).toBe(201);
  });
});

describe('bulk invoicing cannot bill a class twice', () => {
  const bulk = (title: string, headers: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: api('panel/invoices/bulk'),
      headers: { ...t.as(admin), ...headers },
      payload: { groupId, installments: [{ title, amount: 25_000_000, dueDate: '2027-09-01' }] },
    });
  const billed = async (title: string) =>
    (await t.db.select({ studentId: invoices.studentId }).from(invoices).where(eq(invoices.title, title))).map(
      (r) => r.studentId,
    );

  it('five identical parallel requests bill every student once', async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => bulk('اردوی پاییز')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(201));
    const bodies = answers.map((a) => a.json() as { created: number; students: number; skipped: number });
    const size = bodies[0]?.students ?? 0;
    expect(size).toBeGreaterThan(0);
    expect(bodies.reduce((s, b) => s + b.created, 0)).toBe(size);
    for (const b of bodies) expect(b.created + b.skipped).toBe(size);
    const students = await billed('اردوی پاییز');
    expect(students).toHaveLength(size);
    expect(new Set(students).size).toBe(size);
  });

  it('answers a repeat with the same Idempotency-Key, in parallel and in sequence, with the first result', async () => {
    const key = { 'idempotency-key': `bulk-${Date.now()}-form` };
    const parallel = await Promise.all(Array.from({ length: 3 }, () => bulk('کتاب‌های زمستان', key)));
    const later = await bulk('کتاب‌های زمستان', key);
    const all = [...parallel, later];
    expect(all.map((a) => a.statusCode)).toEqual(Array(4).fill(201));
    const first = all.find((a) => !a.headers['idempotent-replayed']);
    expect(all.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    for (const a of all) expect(a.body).toBe(first?.body);
    const size = (first?.json() as { students: number } | undefined)?.students ?? -1;
    expect(first?.json()).toEqual({ created: size, students: size, skipped: 0 });
    expect(await billed('کتاب‌های زمستان')).toHaveLength(size);

    // The same key with another form is refused, and changes nothing.
    const other = await bulk('سرویس زمستان', key);
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toMatch(/کلید/);
    expect(await billed('سرویس زمستان')).toHaveLength(0);
  });
});

describe('Idempotency-Key on every money-changing endpoint', () => {
  it('is accepted by every endpoint that changes money', () => {
    const changing = Object.entries(paymentsContract).filter(([, ep]) => ep.method !== 'GET');
    expect(changing.length).toBeGreaterThan(5);
    for (const [name, ep] of changing)
      expect({ name, idempotent: 'idempotent' in ep && ep.idempotent }).toEqual({ name, idempotent: true });
  });

  it('records a manual payment sent twice with one key once, in parallel and in sequence', async () => {
    const invoiceId = await newInvoice(10_000_000);
    const pay = (key: string, amount = 1_000_000) =>
      t.inject({
        method: 'POST',
        url: api(`panel/invoices/${invoiceId}/payments`),
        headers: { ...t.as(admin), 'idempotency-key': key },
        payload: { amount },
      });
    const key = `manual-${invoiceId}-once`;
    const answers = [...(await Promise.all([pay(key), pay(key)])), await pay(key)];
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    const rows = await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId));
    expect(rows.map((r) => r.amount)).toEqual([1_000_000]);
    expect(await auditRows('manual_payment', [invoiceId])).toHaveLength(1);
    // Another action (another key) is another payment.
    expect((await pay(`manual-${invoiceId}-second`, 2_000_000)).statusCode).toBe(201);
    expect((await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).length).toBe(2);
  });

  it('stores a receipt upload sent twice with one key once, answering the first receipt again', async () => {
    const invoiceId = await newInvoice(6_000_000);
    const fields = transfer(invoiceId, { trackingNumber: '771122' });
    const key = { 'idempotency-key': `receipt-${invoiceId}-upload` };
    const first = await sendReceipt(fields, key);
    const again = await sendReceipt(fields, key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 201]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(1);
  });

  it('refuses a malformed key with a Persian 400 and does nothing', async () => {
    const invoiceId = await newInvoice(3_000_000);
    const res = await t.inject({
      method: 'POST',
      url: api(`panel/invoices/${invoiceId}/payments`),
      headers: { ...t.as(admin), 'idempotency-key': 'a b' },
      payload: { amount: 1_000 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Idempotency-Key/);
    expect(await t.db.select().from(payments).where(eq(payments.invoiceId, invoiceId))).toHaveLength(0);
  });
});

describe('a slow gateway does not stop the school', () => {
  it('serves other requests while ten verifies hang, then credits all ten once', { timeout: 25_000 }, async () => {
    const started: { paymentId: number; authority: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const invoiceId = await newInvoice(2_000_000);
      const res = await t.inject({
        method: 'POST',
        url: api('student/payment/direct-pay'),
        headers: t.as(student1),
        payload: { invoiceId, gateway: 'zarinpal' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { paymentId, redirectUrl } = res.json() as { paymentId: number; redirectUrl: string };
      const authority = decodeURIComponent(redirectUrl.split('/').pop() ?? '');
      fake.pay(authority);
      started.push({ paymentId, authority });
    }
    fake.hold = true;
    let returned = 0;
    const callbacks = started.map((p) =>
      t
        .inject({
          method: 'GET',
          url: api(`general/payment/callback/zarinpal?Authority=${encodeURIComponent(p.authority)}&Status=OK`),
        })
        .then((res) => {
          returned += 1;
          return res;
        }),
    );
    try {
      while (fake.held < 10) await new Promise((r) => setTimeout(r, 20));
      // Every verify is out at the gateway: the rest of the school still answers.
      const health = await t.inject({ method: 'GET', url: api('health') });
      const news = await t.inject({ method: 'GET', url: api('general/news') });
      const mine = await t.inject({ method: 'GET', url: api('student/invoices'), headers: t.as(student1) });
      const queue = await t.inject({ method: 'GET', url: api('panel/payments/pending'), headers: t.as(admin) });
      expect([health.statusCode, news.statusCode, mine.statusCode, queue.statusCode]).toEqual([200, 200, 200, 200]);
      // Money on an invoice whose payment is out at the gateway waits: what the gateway confirms must still fit.
      const [claimed] = await t.db
        .select()
        .from(payments)
        .where(eq(payments.id, started[0]?.paymentId ?? 0));
      const manual = await t.inject({
        method: 'POST',
        url: api(`panel/invoices/${claimed?.invoiceId}/payments`),
        headers: t.as(admin),
        payload: { amount: 2_000_000 },
      });
      expect(manual.statusCode).toBe(409);
      expect(manual.json().message).toMatch(/در حال تأیید/);
      expect(returned).toBe(0);
      expect(fake.held).toBe(10);
    } finally {
      fake.hold = false;
      fake.release();
    }
    const answers = await Promise.all(callbacks);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(303));
    const rows = await t.db
      .select()
      .from(payments)
      .where(
        inArray(
          payments.id,
          started.map((p) => p.paymentId),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(Array(10).fill('succeeded'));
    expect(rows.every((r) => r.verifyingUntil === null)).toBe(true);
    const credits = await auditRows(
      'gateway_credit',
      started.map((p) => p.paymentId),
    );
    expect(credits).toHaveLength(10);
    expect(credits[0]?.details).toMatchObject({ source: 'callback', gateway: 'zarinpal' });
  });
});

describe('approving a receipt while its invoice is cancelled', () => {
  it('ends in one 200 and one 409, never a deadlock or a 500', async () => {
    const invoiceId = await newInvoice(8_000_000);
    const sent = await sendReceipt(transfer(invoiceId, { trackingNumber: '31415926', amount: '8000000' }));
    expect(sent.statusCode, sent.body).toBe(201);
    const receiptId = sent.json().id as number;
    const approve = () =>
      t.inject({ method: 'POST', url: api(`panel/payments/${receiptId}/approve`), headers: t.as(admin) });
    const cancel = () =>
      t.inject({
        method: 'POST',
        url: api(`panel/invoices/${invoiceId}/cancel`),
        headers: t.as(admin),
        payload: { reason: 'ثبت اشتباه' },
      });

    let answers: { statusCode: number; body: string }[];
    if (t.driver === 'postgres') {
      // Make the race happen every time: hold the invoice, queue the cancel on it, then the approve.
      // Approving used to lock the receipt before the invoice; the cancel then waited for the receipt
      // while the approve waited for the invoice: deadlock (40P01), answered 500.
      const waiting = async () => {
        const res = (await t.db.execute(
          sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return Number(res.rows[0]?.n ?? 0);
      };
      const until = async (n: number) => {
        for (let i = 0; i < 500 && (await waiting()) < n; i++) await new Promise((r) => setTimeout(r, 10));
      };
      let cancelled!: Promise<{ statusCode: number; body: string }>;
      let approved!: Promise<{ statusCode: number; body: string }>;
      await t.db.transaction(async (tx) => {
        await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
        cancelled = cancel();
        await until(1);
        approved = approve();
        await until(2);
      });
      answers = await Promise.all([cancelled, approved]);
    } else {
      answers = await Promise.all([cancel(), approve()]);
    }
    expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join('\n')).toEqual([200, 409]);
    const [receipt] = await t.db.select().from(payments).where(eq(payments.id, receiptId));
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    // Either the receipt was approved and the cancel refused, or the invoice was cancelled and the receipt rejected.
    expect([receipt?.status, Boolean(invoice?.cancelledAt)]).toEqual(
      receipt?.status === 'succeeded' ? ['succeeded', false] : ['rejected', true],
    );
  });
});

describe('every change of money state writes an audit row', () => {
  it('gateway credit and failure, reconciliation credit and failure, each receipt a cancel rejects', async () => {
    // Credited by the callback, and failed when the payer cancels at the gateway.
    const pay = async () => {
      const res = await t.inject({
        method: 'POST',
        url: api('student/payment/direct-pay'),
        headers: t.as(student1),
        payload: { invoiceId: await newInvoice(1_500_000), gateway: 'zarinpal' },
      });
      const { paymentId, redirectUrl } = res.json() as { paymentId: number; redirectUrl: string };
      return { paymentId, authority: decodeURIComponent(redirectUrl.split('/').pop() ?? '') };
    };
    const cancelled = await pay();
    await t.inject({
      method: 'GET',
      url: api(`general/payment/callback/zarinpal?Authority=${cancelled.authority}&Status=NOK`),
    });
    expect((await auditRows('gateway_start', [cancelled.paymentId])).length).toBe(1);
    expect((await auditRows('gateway_fail', [cancelled.paymentId]))[0]?.details).toMatchObject({
      source: 'callback',
    });

    // Reconciliation: one paid at the gateway whose callback never came, one never paid and expired.
    const healed = await pay();
    fake.pay(healed.authority);
    const abandoned = await pay();
    const gateways = gatewaysFrom(payConfig);
    await reconcilePayments(t.db, gateways, log, { minAgeMs: 0 });
    await reconcilePayments(t.db, gateways, log, { minAgeMs: 0, expireAgeMs: 0, now: new Date(Date.now() + 1000) });
    const [credit] = await auditRows('gateway_credit', [healed.paymentId]);
    expect(credit).toMatchObject({ userId: null, ip: null, details: { source: 'reconcile' } });
    const [failure] = await auditRows('gateway_fail', [abandoned.paymentId]);
    expect(failure).toMatchObject({ userId: null, details: { source: 'reconcile' } });

    // Cancelling an invoice turns down its waiting receipts: one audit row each. (One waits per
    // invoice now; the second stands for one sent before that rule.)
    const invoiceId = await newInvoice(9_000_000);
    const a = await sendReceipt(transfer(invoiceId, { trackingNumber: '1001001', amount: '2000000' }));
    const [older] = await t.db
      .insert(payments)
      .values({
        invoiceId,
        method: 'card_to_card',
        amount: 2_000_000,
        status: 'pending',
        cardMasked: '************4321',
        trackingNumber: '1001002',
        transferredAt: new Date(Date.now() - 7_200_000),
      })
      .returning({ id: payments.id });
    const b = { json: () => ({ id: older?.id ?? 0 }) };
    const res = await t.inject({
      method: 'POST',
      url: api(`panel/invoices/${invoiceId}/cancel`),
      headers: t.as(admin),
      payload: { reason: 'دانش‌آموز انصراف داد' },
    });
    expect(res.statusCode).toBe(200);
    const rejected = await auditRows('reject_receipt', [a.json().id, b.json().id]);
    expect(rejected).toHaveLength(2);
    expect(rejected[0]?.details).toMatchObject({ invoiceId, cause: 'invoice_cancelled' });
    expect(rejected[0]?.userId).toBe(await t.userId('admin'));
  });

  it('keeps the audit table append-only in the database itself', async () => {
    const [row] = await t.db.select({ id: auditLog.id }).from(auditLog).limit(1);
    expect(row).toBeDefined();
    const id = row?.id ?? 0;
    await expect(t.db.update(auditLog).set({ action: 'forged' }).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [after] = await t.db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(after?.action).not.toBe('forged');
  });
});
