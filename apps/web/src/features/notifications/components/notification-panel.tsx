import type { NotificationItem } from '@madreseh/contract/notifications/notifications.contract';
import { Alert, Button, Drawer, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatJalaliDateTime } from '../../../lib/format';
import { type BellOwner, myNotificationsQuery, NOTIFICATIONS_PAGE_SIZE, useMarkRead } from '../api';
import { notifyFa } from '../messages';

function Item({ n }: { n: NotificationItem }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="notification-item"
      style={n.read ? undefined : { borderInlineStart: '4px solid var(--mantine-color-brand-6)' }}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-line' }} fw={n.read ? 400 : 600}>
        {n.text}
      </Text>
      <Text size="xs" c="dimmed" mt={4}>
        {formatJalaliDateTime(n.createdAt)}
      </Text>
    </Paper>
  );
}

/** The list of the owner's notifications; opening it marks what it shows read. */
export default function NotificationPanel({
  owner,
  opened,
  onClose,
}: {
  owner: BellOwner;
  opened: boolean;
  onClose: () => void;
}) {
  const [shown, setShown] = useState(NOTIFICATIONS_PAGE_SIZE);
  const { data, isPending, isError, isFetching, refetch } = useQuery(myNotificationsQuery(owner, shown));
  const markRead = useMarkRead(owner);
  const unreadIds = (data?.items ?? []).filter((n) => !n.read).map((n) => n.id);
  const unreadKey = unreadIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks once per set of unread ids shown
  useEffect(() => {
    if (opened && unreadKey) markRead.mutate(unreadKey.split(',').map(Number));
  }, [opened, unreadKey]);
  const items = data?.items ?? [];
  const total = data?.total ?? 0;
  return (
    <Drawer opened={opened} onClose={onClose} title={notifyFa.panelTitle} position="left" size="md" padding="md">
      {isPending ? (
        <Stack>
          <Skeleton h={64} />
          <Skeleton h={64} />
        </Stack>
      ) : isError ? (
        <Alert color="red" title={notifyFa.loadFailed}>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {notifyFa.loadFailed}
          </Button>
        </Alert>
      ) : items.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <IconBellOff size={40} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed" ta="center" size="sm">
            {notifyFa.empty}
          </Text>
        </Stack>
      ) : (
        <Stack gap="sm" data-testid="notification-list">
          {items.map((n) => (
            <Item key={n.id} n={n} />
          ))}
          {items.length < total && shown < 100 && (
            <Group justify="center">
              <Button
                variant="subtle"
                onClick={() => setShown((n) => n + NOTIFICATIONS_PAGE_SIZE)}
                loading={isFetching}
              >
                {notifyFa.more}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
