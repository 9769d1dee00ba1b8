import { Alert, Anchor, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { digitsToPersian, formatJalaliDateTime, formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { pendingReceiptsQuery } from '../api';
import { money } from '../components/money';
import { ReceiptReview } from '../components/receipt-review';
import { pm } from '../messages';

/** Card-to-card receipts of every student waiting for a decision, oldest first. */
export function Component() {
  const { data, isPending, error } = useQuery(pendingReceiptsQuery());
  return (
    <>
      <PageHeader
        title={pm.pendingQueue}
        description={data ? formatNumber(data.total) : undefined}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }]}
      />
      {isPending && <Loader aria-label={pm.pendingQueue} />}
      {error && <Alert color="red">{error.message}</Alert>}
      {data?.items.length === 0 && <Alert color="gray">{pm.noPending}</Alert>}
      <Stack gap="md">
        {data?.items.map((r) => (
          <Card key={r.id} withBorder radius="md" padding="md" data-testid={`receipt-${r.id}`}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Anchor component={Link} to={`/dashboard/student-invoice/${r.studentId}`} fw={700}>
                {r.studentName}
              </Anchor>
              <Text fw={700}>{money(r.amount, data.moneyUnit)}</Text>
            </Group>
            <Text fz="sm">
              {r.invoiceTitle}
              {r.groupName ? ` · ${r.groupName}` : ''} · {pm.remaining}: {money(r.invoiceRemaining, data.moneyUnit)}
            </Text>
            <Text fz="xs" c="dimmed">
              {pm.submittedAt}: {formatJalaliDateTime(r.submittedAt)}
              {r.trackingNumber ? ` · ${pm.tracking}: ${digitsToPersian(r.trackingNumber)}` : ''}
              {r.cardMasked ? ` · ${pm.cardEnding} ${digitsToPersian(r.cardMasked.slice(-4))}` : ''}
            </Text>
            <ReceiptReview payment={r} />
          </Card>
        ))}
      </Stack>
    </>
  );
}
