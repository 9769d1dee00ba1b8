import { bankOfCard } from '@madreseh/contract/bank';
import { formatMoney } from '@madreseh/contract/money';
import type { MoneyUnit, PaymentSettings } from '@madreseh/contract/payments/payment-schemas';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { keptUntilChanged } from '../../db/invalidation';
import { paymentSettings } from '../../db/schema/payments';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';

/** The school's payment settings: the money unit shown and the card that receipts are paid to. */

const keptPaymentSettings = keptUntilChanged<{ row: typeof paymentSettings.$inferSelect | undefined }>(
  'payment_settings',
);

export async function getPaymentSettings(db: Tx): Promise<PaymentSettings> {
  // Kept in memory until the row changes (db/invalidation.ts), except inside a transaction.
  const { row } = await keptPaymentSettings(db, async () => {
    const [r] = await db.select().from(paymentSettings).where(eq(paymentSettings.id, 1));
    return { row: r };
  });
  return {
    moneyUnit: row?.moneyUnit ?? 'toman',
    cardNumber: row?.cardNumber ?? null,
    cardHolder: row?.cardHolder ?? null,
    bankName: row?.bankName ?? null,
    sheba: row?.sheba ?? null,
  };
}

export async function moneyUnitOf(db: Tx): Promise<MoneyUnit> {
  return (await getPaymentSettings(db)).moneyUnit;
}

/** An amount as the school's pages write it, in its money unit (for messages people read). */
export async function moneyText(db: Tx, rials: number): Promise<string> {
  return formatMoney(rials, await moneyUnitOf(db));
}

export async function savePaymentSettings(db: Db, actor: Actor, form: PaymentSettings): Promise<PaymentSettings> {
  // The bank comes from the card's first six digits when no name was typed.
  const input = {
    ...form,
    bankName: form.bankName ?? (form.cardNumber ? (bankOfCard(form.cardNumber)?.name ?? null) : null),
  };
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(paymentSettings).where(eq(paymentSettings.id, 1)).for('update');
    await tx
      .insert(paymentSettings)
      .values({ id: 1, ...input, updatedAt: new Date() })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...input, updatedAt: new Date() } });
    // The card and account numbers appear in the audit trail only as their last four digits.
    await audit(tx, actor, 'update', 'payment_settings', 1, changedFields(current ?? { moneyUnit: 'toman' }, input));
    return getPaymentSettings(tx);
  });
}
