import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/payments';
import { auditLog } from '../../db/schema/system';
import type { Actor } from '../../lib/actor';
import { demoStudentId, useTestApp } from '../../test/test-app';
import { cancelInvoice, createInvoice } from './invoices.service';

/** Services take an actor, not an HTTP request: a command or a job calls them as a route does. */
describe('invoice actions called without HTTP', () => {
  const t = useTestApp();
  let studentId: number;
  let actor: Actor;

  beforeAll(async () => {
    studentId = await demoStudentId(t);
    actor = { userId: await t.userId('admin'), role: 'admin', ip: '192.0.2.7' };
  });

  it('creates and cancels an invoice, each with an audit row that names the actor', async () => {
    const sign = (name: string) => `/signed/${name}`;
    const made = await createInvoice(
      t.db,
      actor,
      studentId,
      { title: 'اردوی بدون درخواست', amount: 2_000_000, dueDate: '2030-02-01' },
      sign,
    );
    expect(made).toMatchObject({ paid: 0, remaining: 2_000_000, payable: 2_000_000, status: 'unpaid' });
    const cancelled = await cancelInvoice(t.db, actor, made.id, 'لغو از خط فرمان', sign);
    expect(cancelled).toMatchObject({ status: 'cancelled', remaining: 0, payable: 0 });
    const [row] = await t.db.select().from(invoices).where(eq(invoices.id, made.id));
    expect(row).toMatchObject({ createdBy: actor.userId, cancelledBy: actor.userId });
    const rows = await t.db
      .select({ action: auditLog.action, userId: auditLog.userId, ip: auditLog.ip })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'invoice'),
          eq(auditLog.entityId, String(made.id)),
          inArray(auditLog.action, ['create', 'cancel']),
        ),
      );
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r).toMatchObject({ userId: actor.userId, ip: '192.0.2.7' });
  });
});
