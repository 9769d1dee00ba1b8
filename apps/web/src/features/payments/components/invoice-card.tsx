import type { InvoiceView, MoneyUnit, PaymentView } from '@madreseh/contract/payments/payment-schemas';
import { Alert, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { digitsToPersian, formatJalaliDate, formatJalaliDateTime } from '../../../lib/format';
import { useViewer, wordsFor } from '../../../lib/viewer';
import { CopyableCode } from '../../../ui/copyable-code';
import { pm } from '../messages';
import { InvoiceStatusBadge, money, PaymentStatusBadge } from './money';

/** One payment line: method, amount, state and what the payer must know about it. */
export function PaymentLine({
  payment,
  unit,
  actions,
}: {
  payment: PaymentView;
  unit: MoneyUnit;
  actions?: ReactNode;
}) {
  return (
    <Stack
      gap={2}
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
      data-testid={`payment-${payment.id}`}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text fz="sm" fw={500}>
            {pm.method[payment.method]}
          </Text>
          <PaymentStatusBadge status={payment.status} />
        </Group>
        <Text fz="sm" fw={500}>
          {money(payment.amount, unit)}
        </Text>
      </Group>
      <Text fz="xs" c="dimmed">
        {formatJalaliDateTime(payment.submittedAt)}
        {payment.cardMasked ? ` · ${pm.cardEnding} ${digitsToPersian(payment.cardMasked.slice(-4))}` : ''}
        {payment.trackingNumber && (
          <>
            {` · ${pm.tracking}: `}
            <CopyableCode code={payment.trackingNumber} fz="inherit" fw={400} />
          </>
        )}
      </Text>
      {payment.referenceId && (
        <Text fz="xs">
          {pm.refId}: <CopyableCode code={payment.referenceId} testId="ref-id" fz="inherit" fw={500} />
        </Text>
      )}
      {payment.rejectReason && (
        <Text fz="xs" c="var(--mantine-color-red-light-color)" data-testid="reject-reason">
          {pm.rejectReason}: {payment.rejectReason}
        </Text>
      )}
      {payment.status === 'failed' && payment.failureReason && (
        <Text fz="xs" c="var(--mantine-color-red-light-color)">
          {pm.failureReason}: {payment.failureReason}
        </Text>
      )}
      {payment.note && (
        <Text fz="xs" c="dimmed">
          {payment.note}
        </Text>
      )}
      {actions}
    </Stack>
  );
}

/** A list of invoices, a card each (or a note that there are none), with the actions of the page showing it. */
export function InvoiceList({
  invoices,
  unit,
  actions,
  paymentActions,
}: {
  invoices: InvoiceView[];
  unit: MoneyUnit;
  actions: (invoice: InvoiceView) => ReactNode;
  paymentActions: (p: PaymentView) => ReactNode;
}) {
  const viewer = useViewer();
  return (
    <>
      {invoices.length === 0 && <Alert color="gray">{wordsFor(viewer, pm.noInvoices)}</Alert>}
      <Stack gap="md">
        {invoices.map((inv) => (
          <InvoiceCard key={inv.id} invoice={inv} unit={unit} actions={actions(inv)} paymentActions={paymentActions} />
        ))}
      </Stack>
    </>
  );
}

/** An invoice with its figures, status, payments and the actions of the page showing it. */
export function InvoiceCard({
  invoice,
  unit,
  actions,
  paymentActions,
}: {
  invoice: InvoiceView;
  unit: MoneyUnit;
  actions?: ReactNode;
  paymentActions?: (p: PaymentView) => ReactNode;
}) {
  const overdue = invoice.status === 'overdue';
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      data-testid={`invoice-${invoice.id}`}
      style={overdue ? { borderColor: 'var(--mantine-color-red-5)', borderInlineStartWidth: 4 } : undefined}
    >
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Text fw={700}>{invoice.title}</Text>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      {invoice.description && (
        <Text fz="sm" c="dimmed" mb="xs">
          {invoice.description}
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="xs">
        <Figure label={pm.amount} value={money(invoice.amount, unit)} />
        <Figure label={pm.paid} value={money(invoice.paid, unit)} />
        <Figure label={pm.remaining} value={money(invoice.remaining, unit)} strong={invoice.remaining > 0} />
        <Figure label={pm.dueDate} value={formatJalaliDate(invoice.dueDate)} danger={overdue} />
      </SimpleGrid>
      {invoice.pendingAmount > 0 && (
        <Text fz="sm" c="yellow.9" mb="xs">
          {pm.waiting(money(invoice.pendingAmount, unit))}
        </Text>
      )}
      {invoice.cancelReason && (
        <Text fz="sm" c="dimmed" mb="xs">
          {pm.cancelReason}: {invoice.cancelReason}
        </Text>
      )}
      {actions && (
        <Group gap="xs" mb="xs" wrap="wrap">
          {actions}
        </Group>
      )}
      {invoice.payments.length > 0 && (
        <Stack gap={0}>
          <Text fz="sm" fw={500} mt={4}>
            {pm.payments}
          </Text>
          {invoice.payments.map((p) => (
            <PaymentLine key={p.id} payment={p} unit={unit} actions={paymentActions?.(p)} />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Figure({
  label,
  value,
  strong,
  danger,
}: {
  label: string;
  value: string;
  strong?: boolean;
  danger?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={strong ? 700 : 500} c={danger ? 'var(--mantine-color-red-light-color)' : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

export function TotalsCard({
  totals,
  unit,
}: {
  totals: { billed: number; paid: number; remaining: number };
  unit: MoneyUnit;
}) {
  return (
    <Card withBorder radius="md" padding="md" mb="md" data-testid="totals">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Figure label={pm.billed} value={money(totals.billed, unit)} />
        <Figure label={pm.paid} value={money(totals.paid, unit)} />
        <Figure label={pm.balance} value={money(totals.remaining, unit)} strong danger={totals.remaining > 0} />
      </SimpleGrid>
    </Card>
  );
}
