import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { unreadQuery } from '../api';
import { notifyFa } from '../messages';

// The list and its drawer come with the first click: the student area's first load stays small.
const NotificationPanel = lazy(() => import('./notification-panel'));

/** The bell in the student header: unread count, and the list in a drawer. */
export function NotificationBell() {
  const { data } = useQuery(unreadQuery());
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const count = data?.count ?? 0;
  const label = count ? notifyFa.bellUnread(digitsToPersian(count)) : notifyFa.bell;
  return (
    <>
      <Indicator
        label={digitsToPersian(count > 99 ? '99+' : count)}
        size={18}
        offset={6}
        color="red"
        disabled={count === 0}
        data-testid="notification-count"
      >
        <ActionIcon
          variant="subtle"
          color="gray"
          size="xl"
          radius="xl"
          aria-label={label}
          data-testid="notification-bell"
          onClick={() => {
            setWanted(true);
            setOpen(true);
          }}
        >
          <IconBell size={24} stroke={1.6} />
        </ActionIcon>
      </Indicator>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationPanel opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
