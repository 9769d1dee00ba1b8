import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useViewer, viewerPath } from '../../../lib/viewer';
import { CopyableCode } from '../../../ui/copyable-code';
import { PageHeader } from '../../../ui/page-header';
import { paymentResultQuery } from '../api';
import { money } from '../components/money';
import { pm } from '../messages';

/** Where the gateway callback lands: success with the reference id, or failure and a retry. */
export function Component() {
  const viewer = useViewer();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, error } = useQuery({ ...paymentResultQuery(id, viewer), enabled: valid });
  return (
    <>
      <PageHeader title={pm.resultTitle} />
      {valid && isPending && <Loader aria-label={pm.resultTitle} />}
      {(!valid || error) && (
        <Alert color="red" mb="md">
          {pm.unknownPayment}
        </Alert>
      )}
      {data && (
        <Card withBorder radius="md" padding="lg" maw={560} data-testid="payment-result" data-status={data.status}>
          <Stack gap="sm" align="center" ta="center">
            {data.status === 'succeeded' && <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" />}
            {(data.status === 'failed' || data.status === 'rejected') && (
              <IconCircleX size={56} color="var(--mantine-color-red-6)" />
            )}
            {data.status === 'pending' && <IconClock size={56} color="var(--mantine-color-yellow-6)" />}
            <Text fw={700} fz="lg">
              {data.status === 'succeeded' ? pm.success : data.status === 'pending' ? pm.pendingResult : pm.failure}
            </Text>
            <Text>
              {data.invoiceTitle} · {money(data.amount, data.moneyUnit)}
            </Text>
            {data.referenceId && (
              <Text>
                {pm.refId}: <CopyableCode code={data.referenceId} testId="ref-id" />
              </Text>
            )}
            {data.status === 'failed' && data.failureReason && (
              <Text c="var(--mantine-color-red-light-color)">{data.failureReason}</Text>
            )}
          </Stack>
        </Card>
      )}
      <Group mt="lg">
        {data && data.status === 'failed' && data.invoiceRemaining > 0 && (
          <Button component={Link} to={viewerPath(viewer, 'invoices')}>
            {pm.retry}
          </Button>
        )}
        {data?.status === 'succeeded' && (
          <Button component={Link} to={viewerPath(viewer, `payment/receipt/${data.id}`)}>
            {pm.printReceipt}
          </Button>
        )}
        <Button variant="light" component={Link} to={viewerPath(viewer, 'invoices')}>
          {pm.backToInvoices}
        </Button>
      </Group>
    </>
  );
}
