import { contract } from '@madreseh/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/system';
import { answerOf } from '../../test/test-app';
import { reconcileCheckouts } from './checkout';
import { gatewaysFrom } from './gateways';
import {
  admin,
  auditRows,
  fake,
  log,
  newInvoice,
  payConfig,
  sendReceipt,
  student1,
  t,
  transfer,
  useOnceApp,
} from './payments.once.fixtures';

/** Nothing lost: an audit row for every change of money state, in a table that cannot be rewritten. */

useOnceApp();

describe('every change of money state writes an audit row', () => {
  it('gateway credit and failure, reconciliation credit and failure, each receipt a cancel rejects', async () => {
    // Credited by the callback, and failed when the payer cancels at the gateway.
    const pay = async () => {
      const res = await t.call(contract.payments.directPay, {
        headers: t.as(student1),
        body: { invoiceId: await newInvoice(1_500_000), gateway: 'zarinpal' },
      });
      const { paymentId, redirectUrl } = answerOf(contract.payments.directPay, res);
      return { paymentId, authority: decodeURIComponent(redirectUrl.split('/').pop() ?? '') };
    };
    const cancelled = await pay();
    await t.call(contract.payments.gatewayCallback, {
      params: { gateway: 'zarinpal' },
      query: { Authority: cancelled.authority, Status: 'NOK' },
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
    await reconcileCheckouts(t.db, gateways, log, { minAgeMs: 0 });
    await reconcileCheckouts(t.db, gateways, log, { minAgeMs: 0, expireAgeMs: 0, now: new Date(Date.now() + 1000) });
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
    const res = await t.call(contract.payments.cancelInvoice, {
      params: { id: invoiceId },
      headers: t.as(admin),
      body: { reason: 'دانش‌آموز انصراف داد' },
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
