import { groupsContract } from '@madreseh/contract/groups/groups.contract';
import {
  notificationsContract as c,
  type NotificationSettingsInput,
  type StaffMessageInput,
} from '@madreseh/contract/notifications/notifications.contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import type { BellOwner } from './unread';

export type { BellOwner } from './unread';

export const NOTIFICATIONS_PAGE_SIZE = 20;

const bellEndpoints = {
  student: { mine: c.mine, unread: c.unread, markRead: c.markRead },
  parent: { mine: c.parentMine, unread: c.parentUnread, markRead: c.parentMarkRead },
} as const;

/** The newest `shown` notifications (the list grows by a page at a time, up to 100). */
export const myNotificationsQuery = (owner: BellOwner, shown: number = NOTIFICATIONS_PAGE_SIZE) =>
  queryOptions({
    ...endpointQuery(bellEndpoints[owner].mine, { query: { page: 1, pageSize: Math.min(100, shown) } }),
    placeholderData: keepPreviousData,
  });

export function useMarkRead(owner: BellOwner) {
  const qc = useQueryClient();
  const e = bellEndpoints[owner];
  return useMutation({
    mutationFn: (ids?: number[]) => call(e.markRead, { body: ids ? { ids } : {} }),
    onSuccess: () => invalidateEndpoints(qc, e.unread, e.mine),
  });
}

/** Classes to choose the audience from. */
export const groupsQuery = () => endpointQuery(groupsContract.list);

export function usePreviewMessage() {
  return useMutation({ mutationFn: (body: StaffMessageInput) => call(c.preview, { body }) });
}

export function useSendMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffMessageInput) => call(c.send, { body }),
    onSuccess: () => invalidateEndpoints(qc, c.smsLog, c.getSettings),
  });
}

export const notificationSettingsQuery = () => endpointQuery(c.getSettings);

export function useSaveNotificationSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationSettingsInput) => call(c.putSettings, { body }),
    onSuccess: (data) => qc.setQueryData(notificationSettingsQuery().queryKey, data),
  });
}

export const smsLogQuery = (page: number) =>
  queryOptions({ ...endpointQuery(c.smsLog, { query: { page, pageSize: 10 } }), placeholderData: keepPreviousData });
