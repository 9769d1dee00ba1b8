import type { StaffAccount } from '@madreseh/contract/admins/admins.contract';
import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { QueryState } from '../../../ui/query-state';
import { useCardList } from '../../../ui/use-card-list';
import { useRowMenuHold } from '../../../ui/use-held-while';
import { staffQuery } from '../api';
import { AccountActions, AccountCard, AccountTable, type Dialog } from '../components/account-list';
import { StaffDialog } from '../components/staff-forms';
import { adminsFa as t } from '../messages';

export function Component() {
  const { user } = useRouteLoaderData('dashboard') as { user: SessionUser };
  const list = useQuery(staffQuery());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const cards = useCardList();
  const close = () => setDialog(null);
  const held = useRowMenuHold(list.data?.items);
  const items = held.items ?? [];

  const actionsOf = (a: StaffAccount) => (
    <AccountActions account={a} isSelf={a.id === user.id} open={setDialog} onMenuChange={held.onMenuChange} />
  );

  return (
    <>
      <DashboardPageHeader title={fa.dashboard.admins} description={t.description} />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
          {t.add}
        </Button>
      </Group>

      <QueryState query={list} isEmpty={items.length === 0} empty={t.empty} height={240}>
        {cards ? (
          <Stack gap="xs">
            {items.map((a) => (
              <AccountCard key={a.id} account={a} isSelf={a.id === user.id} actions={actionsOf(a)} />
            ))}
          </Stack>
        ) : (
          <AccountTable items={items} userId={user.id} actionsOf={actionsOf} />
        )}
      </QueryState>
      <Text size="sm" c="dimmed" mt="md">
        {list.data ? t.total(formatNumber(items.length)) : ''}
      </Text>

      <StaffDialog dialog={dialog} userId={user.id} onClose={close} />
    </>
  );
}
