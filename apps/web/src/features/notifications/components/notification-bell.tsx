import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { notifyFa } from '../messages';
import { type BellOwner, unreadQuery } from '../unread';

// The list and its drawer come with the first click: the student area's first load stays small.
const NotificationPanel = lazy(() => import('./notification-panel'));

/**
 * The bell in the student's or the parent's header: unread count, and the list in a drawer. The
 * owner picks the endpoints (`student/notifications…` or `parent/notifications…`).
 */
export function NotificationBell({ owner }: { owner: BellOwner }) {
  const { data } = useQuery(unreadQuery(owner));
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
          <NotificationPanel owner={owner} opened={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
