import { isoDateInTehran, tehranDayStart } from '@madreseh/contract/jalali';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { invoices, payments } from '../../db/schema/payments';
import { students } from '../../db/schema/school';
import { workbookOf } from '../../test/sheets';
import { useTestApp } from '../../test/test-app';
import { exportInvoicesAndPayments } from './payments.export';

// The export reads its rows a few at a time (payments.export.ts): read two at a time, the workbook must
// hold exactly what reading everything at once gives, in the order one statement sorting it all gives.

const t = useTestApp();
/** The ids a raw statement answers (PGlite gives `{ rows }`, node-postgres through Drizzle the same). */
const idsOf = (r: unknown) =>
  (Array.isArray(r) ? r : ((r as { rows: { id: number }[] }).rows ?? [])).map((x: { id: number }) => Number(x.id));
const day = (offset: number) => isoDateInTehran(new Date(Date.now() + offset * 86_400_000));
const from = day(-10);
const to = day(40);

async function cellsOf(file: Buffer): Promise<unknown[][][]> {
  const wb = await workbookOf(file);
  return wb.worksheets.map((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return rows;
  });
}

beforeAll(async () => {
  const all = await t.db.select({ id: students.id }).from(students);
  expect(all.length).toBeGreaterThan(3);
  // Every student gets invoices on three due dates (two of them in the range), entered out of order;
  // some are paid, partly or wholly, so the payments sheet has rows of several students too.
  const made = await t.db
    .insert(invoices)
    .values(
      [30, 2, -5].flatMap((offset, k) =>
        all.map((s, i) => ({
          studentId: s.id,
          title: `شهریهٔ قسط ${k + 1}`,
          amount: 1_000_000 + i,
          dueDate: day(offset),
        })),
      ),
    )
    .returning({ id: invoices.id, amount: invoices.amount });
  await t.db.insert(payments).values(
    made
      .filter((_, i) => i % 3 === 0)
      .map((inv, i) => ({
        invoiceId: inv.id,
        method: 'manual' as const,
        amount: i % 2 ? inv.amount : 250_000,
        status: 'succeeded' as const,
        decidedAt: new Date(),
      })),
  );
});

describe('export of invoices and payments read in batches', () => {
  it('holds the same cells, in the same order, as reading every row at once', async () => {
    const whole = await cellsOf(await exportInvoicesAndPayments(t.db, from, to, { batch: 100_000 }));
    const inTwos = await cellsOf(await exportInvoicesAndPayments(t.db, from, to, { batch: 2 }));
    expect(inTwos).toEqual(whole);
    const [invoiceSheet = [], paymentSheet = []] = whole;
    expect(invoiceSheet.length).toBeGreaterThan(8);
    expect(paymentSheet.length).toBeGreaterThan(4);
  });

  it('lists invoices by due date, class, student name and number, as one sorted statement would', async () => {
    const reference = await t.db.execute(sql`
      select i.id from invoices i join students s on s.id = i.student_id left join groups g on g.id = s.group_id
      where i.due_date between ${from} and ${to}
      order by i.due_date, g.sort_name, s.sort_name, i.id`);
    const ids = idsOf(reference);
    const [invoiceSheet = []] = await cellsOf(await exportInvoicesAndPayments(t.db, from, to, { batch: 3 }));
    expect(invoiceSheet.slice(1).map((r) => r[0])).toEqual(ids);
  });

  it('lists payments in the order they were sent, each once', async () => {
    const [, paymentSheet = []] = await cellsOf(await exportInvoicesAndPayments(t.db, from, to, { batch: 2 }));
    const ids = paymentSheet.slice(1).map((r) => Number(r[0]));
    const start = tehranDayStart(from);
    const end = new Date(tehranDayStart(to).getTime() + 86_400_000);
    const stored = await t.db.execute(sql`
      select id from payments
      where (submitted_at >= ${start} and submitted_at < ${end}) or (decided_at >= ${start} and decided_at < ${end})
      order by submitted_at, id`);
    expect(ids).toEqual(idsOf(stored));
    expect(new Set(ids).size).toBe(ids.length);
  });
});
