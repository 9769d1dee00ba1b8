import { PAGES, pathWith } from '@madreseh/contract/paths';
import { Alert, Button, Card, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { CopyableCode } from '../../../ui/copyable-code';
import { PageHeader } from '../../../ui/page-header';
import { batchResultQuery } from '../api';
import { parentFa as t } from '../messages';

/**
 * Where the gateway returns a parent's payment of several invoices: its outcome, every invoice it covers and,
 * once it has succeeded, one printable receipt of the whole payment (batch-receipt-page.tsx).
 */
export function Component() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { data, isPending, error } = useQuery({ ...batchResultQuery(id), enabled: valid });
  return (
    <>
      <PageHeader title={t.batchTitle} />
      {valid && isPending && <Loader aria-label={t.batchTitle} />}
      {(!valid || error) && (
        <Alert color="red" mb="md">
          {t.batchUnknown}
        </Alert>
      )}
      {data && (
        <Card withBorder radius="md" padding="lg" maw={640} data-testid="batch-result" data-status={data.status}>
          <Stack gap="sm">
            <Stack gap="xs" align="center" ta="center">
              {data.status === 'succeeded' && <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" />}
              {data.status === 'failed' && <IconCircleX size={56} color="var(--mantine-color-red-6)" />}
              {data.status === 'pending' && <IconClock size={56} color="var(--mantine-color-yellow-6)" />}
              <Text fw={700} fz="lg">
                {data.status === 'succeeded'
                  ? t.batchSuccess
                  : data.status === 'pending'
                    ? t.batchPending
                    : t.batchFailure}
              </Text>
              <Text fw={700} className="tabular" data-testid="batch-amount">
                {formatMoney(data.amount, data.moneyUnit)}
              </Text>
              {data.referenceId && (
                <Text>
                  {t.refId}: <CopyableCode code={data.referenceId} testId="ref-id" />
                </Text>
              )}
              {data.status === 'failed' && data.failureReason && (
                <Text c="var(--mantine-color-red-light-color)">{data.failureReason}</Text>
              )}
            </Stack>
            <Text fw={700} size="sm">
              {t.batchCovered}
            </Text>
            <Table>
              <Table.Tbody>
                {data.items.map((item) => (
                  <Table.Tr key={item.paymentId} data-testid="batch-item">
                    <Table.Td>{item.childName}</Table.Td>
                    <Table.Td>{item.title}</Table.Td>
                    <Table.Td className="tabular">{formatMoney(item.amount, data.moneyUnit)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {data.status === 'succeeded' && (
              <Group justify="center">
                <Button
                  component={Link}
                  to={pathWith(PAGES.parentBatchReceipt, { id: data.id })}
                  leftSection={<IconPrinter size={18} />}
                >
                  {t.batchReceipt}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      )}
      <Group mt="lg">
        <Button variant="light" component={Link} to="/parent">
          {t.backHome}
        </Button>
      </Group>
    </>
  );
}
