import type { Child } from '@madreseh/contract/parents/parents.contract';
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMoney } from '../../../lib/format';
import { childInvoicesQuery, useBatchPay } from '../api';
import { parentFa as t } from '../messages';

/**
 * Every child's open invoices in one list, all checked: one online payment for the chosen ones.
 * The sum shown is each invoice's payable remainder; the server computes the same again.
 */
export function PayAllCard({ items }: { items: Child[] }) {
  const lists = useQueries({ queries: items.map((c) => childInvoicesQuery(c.id)) });
  const [unchecked, setUnchecked] = useState<ReadonlySet<number>>(new Set());
  const pay = useBatchPay();
  if (lists.some((q) => !q.data)) return null;
  const unit = lists[0]?.data?.moneyUnit ?? 'toman';
  const online = lists[0]?.data?.gateways.length ?? 0;
  const groups = items
    .map((child, i) => ({ child, open: (lists[i]?.data?.invoices ?? []).filter((inv) => inv.payable > 0) }))
    .filter((g) => g.open.length > 0);
  const openCount = groups.reduce((n, g) => n + g.open.length, 0);
  if (online === 0 || openCount < 2) return null;
  const chosen = groups.flatMap((g) => g.open).filter((inv) => !unchecked.has(inv.id));
  const total = chosen.reduce((sum, inv) => sum + inv.payable, 0);
  const toggle = (id: number, on: boolean) =>
    setUnchecked((prev) => {
      const next = new Set(prev);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Card withBorder radius="md" mt="md" data-testid="pay-all-card">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t.payAllTitle}
        </Title>
        <Text size="sm" c="dimmed">
          {t.payAllHint}
        </Text>
        {groups.map(({ child, open }) => (
          <Stack key={child.id} gap={6}>
            <Text fw={700} size="sm">
              {child.fullName}
            </Text>
            {open.map((inv) => (
              <Group key={inv.id} justify="space-between" wrap="nowrap">
                <Checkbox
                  label={inv.title}
                  checked={!unchecked.has(inv.id)}
                  onChange={(e) => toggle(inv.id, e.currentTarget.checked)}
                />
                <Text size="sm" className="tabular">
                  {formatMoney(inv.payable, unit)}
                </Text>
              </Group>
            ))}
          </Stack>
        ))}
        <Group justify="space-between">
          <Text fw={700}>{t.payAllTotal}</Text>
          <Text fw={700} className="tabular" data-testid="pay-all-total">
            {formatMoney(total, unit)}
          </Text>
        </Group>
        {pay.error && <Alert color="red">{pay.error.message}</Alert>}
        {chosen.length === 0 && <Text size="sm">{t.payAllNone}</Text>}
        <Button
          size="md"
          leftSection={<IconCreditCard size={18} />}
          disabled={chosen.length === 0}
          loading={pay.isPending || pay.isSuccess}
          onClick={() => pay.mutate(chosen.map((inv) => inv.id))}
        >
          {t.payAllButton}
        </Button>
      </Stack>
    </Card>
  );
}
