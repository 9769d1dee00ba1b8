import type { InvoiceStatus, MoneyUnit, PaymentStatus } from '@madreseh/contract/payments/payment-schemas';
import { digitsToLatin } from '@madreseh/contract/text';
import { Badge } from '@mantine/core';
import { formatMoney } from '../../../lib/format';
import { pm } from '../messages';

export const money = (rials: number, unit: MoneyUnit) => formatMoney(rials, unit);

/** A number typed in the school's unit (Persian digits and separators allowed) as Rials, or null. */
export function toRials(text: string, unit: MoneyUnit): number | null {
  const clean = digitsToLatin(text).replace(/[,٬\s]/g, '');
  if (!/^\d+$/.test(clean)) return null;
  const n = Number(clean) * (unit === 'toman' ? 10 : 1);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function fromRials(rials: number, unit: MoneyUnit): string {
  return String(unit === 'toman' ? Math.floor(rials / 10) : rials);
}

const INVOICE_COLORS: Record<InvoiceStatus, string> = {
  unpaid: 'blue',
  partial: 'yellow',
  paid: 'teal',
  overdue: 'red',
  cancelled: 'gray',
};
const PAYMENT_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow',
  succeeded: 'teal',
  failed: 'red',
  rejected: 'red',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge color={INVOICE_COLORS[status]} variant="light" data-status={status}>
      {pm.invoiceStatus[status]}
    </Badge>
  );
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={PAYMENT_COLORS[status]} variant="light" size="sm" data-status={status}>
      {pm.paymentStatus[status]}
    </Badge>
  );
}
