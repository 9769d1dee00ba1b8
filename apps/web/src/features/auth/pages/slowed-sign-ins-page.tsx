import type { SlowedSignIn } from '@madreseh/contract/auth/auth.contract';
import { Badge, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEraser, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { formatJalaliDateTime, formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { QueryState } from '../../../ui/query-state';
import { useCardList } from '../../../ui/use-card-list';
import { slowedSignInsQuery, useClearSlowing } from '../api';
import { signInFa as t } from '../messages';

function waitText(seconds: number): string {
  if (seconds <= 0) return t.canTryNow;
  return seconds < 60 ? t.waitSeconds(formatNumber(seconds)) : t.waitMinutes(formatNumber(Math.ceil(seconds / 60)));
}

function ClearButton({ item }: { item: SlowedSignIn }) {
  const clear = useClearSlowing();
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconEraser size={16} />}
      aria-label={t.clearLabel(item.fullName)}
      loading={clear.isPending}
      onClick={() =>
        clear.mutate(item.userId, {
          onSuccess: () => notifications.show({ color: 'green', message: t.cleared(item.fullName) }),
          onError: (err) =>
            notifications.show({
              color: 'red',
              message: err instanceof ApiError ? err.message : fa.errors.internalLine,
            }),
        })
      }
    >
      {t.clear}
    </Button>
  );
}

/** Staff see which accounts are being slowed after wrong passwords, and can start their count again. */
export function Component() {
  const list = useQuery(slowedSignInsQuery());
  const cards = useCardList();
  const items = list.data?.items ?? [];
  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <Group justify="flex-end" mb="md">
        <Button
          variant="default"
          leftSection={<IconRefresh size={18} />}
          onClick={() => void list.refetch()}
          loading={list.isFetching}
        >
          {t.refresh}
        </Button>
      </Group>
      <QueryState query={list} isEmpty={items.length === 0} empty={t.empty} height={200}>
        {cards ? <SlowedCards items={items} /> : <SlowedTable items={items} />}
      </QueryState>
    </>
  );
}

/** The slowed accounts as cards, for phones. */
function SlowedCards({ items }: { items: SlowedSignIn[] }) {
  return (
    <Stack gap="xs">
      {items.map((i) => (
        <Paper key={i.userId} withBorder radius="md" p="sm" data-testid="slowed-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {i.fullName}
              </Text>
              <Code dir="ltr" fz="xs">
                {i.username}
              </Code>
            </div>
            <ClearButton item={i} />
          </Group>
          <Group gap="xs" mt={6}>
            <Badge variant="light">{t.roles[i.role]}</Badge>
            <Badge color="orange" variant="light">{`${t.columns.failures}: ${formatNumber(i.failures)}`}</Badge>
          </Group>
          <Text size="xs" c="dimmed" mt={6}>
            {`${t.columns.lastFailure}: ${formatJalaliDateTime(i.lastFailureAt)}`}
          </Text>
          <Text size="xs" c="dimmed">{`${t.columns.wait}: ${waitText(i.waitSeconds)}`}</Text>
        </Paper>
      ))}
    </Stack>
  );
}

/** The slowed accounts as a table, on wide screens. */
function SlowedTable({ items }: { items: SlowedSignIn[] }) {
  return (
    <Paper withBorder>
      <Table stickyHeader highlightOnHover verticalSpacing="sm" data-testid="slowed-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.name}</Table.Th>
            <Table.Th>{t.columns.username}</Table.Th>
            <Table.Th>{t.columns.role}</Table.Th>
            <Table.Th>{t.columns.failures}</Table.Th>
            <Table.Th>{t.columns.lastFailure}</Table.Th>
            <Table.Th>{t.columns.wait}</Table.Th>
            <Table.Th>{t.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.userId} data-testid="slowed-row">
              <Table.Td fw={600}>{i.fullName}</Table.Td>
              <Table.Td>
                <Code dir="ltr">{i.username}</Code>
              </Table.Td>
              <Table.Td>
                <Badge variant="light">{t.roles[i.role]}</Badge>
              </Table.Td>
              <Table.Td className="tabular">{formatNumber(i.failures)}</Table.Td>
              <Table.Td className="tabular">{formatJalaliDateTime(i.lastFailureAt)}</Table.Td>
              <Table.Td className="tabular">{waitText(i.waitSeconds)}</Table.Td>
              <Table.Td>
                <ClearButton item={i} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
