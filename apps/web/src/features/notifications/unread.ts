import type { notificationsContract as c } from '@madreseh/contract/notifications/notifications.contract';
import { queryOptions } from '@tanstack/react-query';
import { ownQuery, ownRead } from '../../lib/own-read';

// The bell is in the header of the student's and the parent's first screen: its number is read without
// zod (lib/own-read.ts, docs/decisions/0032), here rather than in api.ts, whose other queries and
// mutations build the contract's schemas.

/** Whose bell: the student's own, or the parent's (about all their children). */
export type BellOwner = 'student' | 'parent';

const unread = {
  student: ownRead<typeof c.unread>('student/notifications/unread', { noStore: true }),
  parent: ownRead<typeof c.parentUnread>('parent/notifications/unread', { noStore: true }),
} as const;

/** The bell's number: asked again every minute and when the window comes back into view. */
export const unreadQuery = (owner: BellOwner) =>
  queryOptions({
    ...(owner === 'parent' ? ownQuery(unread.parent) : ownQuery(unread.student)),
    refetchInterval: 60_000,
  });
