import { type Child, PARENT_RELATION_LABELS } from '@madreseh/contract/parents/parents.contract';
import { Avatar, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCalendarCheck, IconCreditCard, IconFileInvoice, IconNews, IconReportAnalytics } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { childInvoicesQuery } from '../api';
import { parentFa as t } from '../messages';

/** The child's pages, in the order of the parent's menu. */
const WAYS = [
  { to: 'invoices', label: t.invoices, icon: IconFileInvoice },
  { to: 'report-card', label: t.reportCard, icon: IconReportAnalytics },
  { to: 'attendance', label: t.attendance, icon: IconCalendarCheck },
  { to: 'card-to-card', label: t.cardToCard, icon: IconCreditCard },
  { to: 'news', label: t.news, icon: IconNews },
];

/** One child: name, class, what is still owed and the ways into the child's pages. */
export function ChildCard({ child }: { child: Child }) {
  const invoices = useQuery(childInvoicesQuery(child.id));
  const remaining = invoices.data?.totals.remaining ?? null;
  // Offline the read waits for the network (paused): that is not loading.
  const loading = invoices.isPending && invoices.fetchStatus !== 'paused';
  const base = `/parent/${child.id}`;
  return (
    <Card withBorder radius="md" data-testid="child-card">
      <Stack gap="sm">
        <Group wrap="nowrap">
          <Avatar src={child.photoUrl} size={56} radius="xl" color="brand" alt="">
            {child.fullName.slice(0, 1)}
          </Avatar>
          <Stack gap={0}>
            <Title order={2} fz="h4">
              {child.fullName}
            </Title>
            <Text size="sm">{child.groupName ?? t.noClass}</Text>
            <Text size="xs" c="dimmed">
              {t.relation(PARENT_RELATION_LABELS[child.relation])}
            </Text>
          </Stack>
        </Group>
        {/* The row is there from the first paint, so the card keeps its height when the amount comes
            (the cards below it stay put); a dash when it cannot be read (offline, it needs the network). */}
        <Group justify="space-between" data-testid="child-remaining">
          <Text size="sm" c="dimmed">
            {t.remaining}
          </Text>
          {remaining !== null && invoices.data ? (
            <Text fw={700} className="tabular" c={remaining > 0 ? undefined : 'teal'}>
              {remaining > 0 ? formatMoney(remaining, invoices.data.moneyUnit) : t.noDebt}
            </Text>
          ) : (
            <Text fw={700} c="dimmed" aria-busy={loading}>
              {loading ? '…' : t.remainingUnknown}
            </Text>
          )}
        </Group>
        {/* Every page of the child one tap away (not only through ☰); five links in two rows from the
            first paint, so nothing moves. */}
        <SimpleGrid cols={3} spacing="xs">
          {WAYS.map((w) => (
            <Button key={w.to} component={Link} to={`${base}/${w.to}`} variant="light" size="md" px={4}>
              <Stack gap={2} align="center">
                <w.icon size={20} aria-hidden />
                <Text fz="xs">{w.label}</Text>
              </Stack>
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
