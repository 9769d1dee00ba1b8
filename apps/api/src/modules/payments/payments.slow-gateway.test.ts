import { contract } from '@madreseh/contract/endpoints';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { answerOf } from '../../test/test-app';
import { admin, auditRows, fake, newInvoice, student1, t, useOnceApp } from './payments.once.fixtures';

/** A slow gateway holds no database connection: the school goes on while verifies hang. */

useOnceApp();

describe('a slow gateway does not stop the school', () => {
  it('serves other requests while ten verifies hang, then credits all ten once', { timeout: 25_000 }, async () => {
    const started: { paymentId: number; authority: string }[] = [];
    for (let i = 0; i < 10; i++) {
      const invoiceId = await newInvoice(2_000_000);
      const res = await t.call(contract.payments.directPay, {
        headers: t.as(student1),
        body: { invoiceId, gateway: 'zarinpal' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { paymentId, redirectUrl } = answerOf(contract.payments.directPay, res);
      const authority = decodeURIComponent(redirectUrl.split('/').pop() ?? '');
      fake.pay(authority);
      started.push({ paymentId, authority });
    }
    fake.hold = true;
    let returned = 0;
    const callbacks = started.map((p) =>
      t
        .call(contract.payments.gatewayCallback, {
          params: { gateway: 'zarinpal' },
          query: { Authority: p.authority, Status: 'OK' },
        })
        .then((res) => {
          returned += 1;
          return res;
        }),
    );
    try {
      while (fake.held < 10) await new Promise((r) => setTimeout(r, 20));
      // Every verify is out at the gateway: the rest of the school still answers.
      const health = await t.call(contract.system.health);
      const news = await t.call(contract.news.publicList);
      const mine = await t.call(contract.payments.studentInvoices, { headers: t.as(student1) });
      const queue = await t.call(contract.payments.pendingReceipts, { headers: t.as(admin) });
      expect([health.statusCode, news.statusCode, mine.statusCode, queue.statusCode]).toEqual([200, 200, 200, 200]);
      // Money on an invoice whose payment is out at the gateway waits: what the gateway confirms must still fit.
      const [claimed] = await t.db
        .select()
        .from(payments)
        .where(eq(payments.id, started[0]?.paymentId ?? 0));
      const manual = await t.call(contract.payments.manualPayment, {
        params: { id: claimed?.invoiceId },
        headers: t.as(admin),
        body: { amount: 2_000_000 },
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
