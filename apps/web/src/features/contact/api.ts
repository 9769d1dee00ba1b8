import { contactContract } from '@madreseh/contract/contact/contact.contract';
import { dashboardContract } from '@madreseh/contract/dashboard/dashboard.contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

export const CONTACT_PAGE_SIZE = 20;

/** One page of the messages staff read, newest first; `q` searches, `unread` keeps only unread ones. */
export const contactListQuery = (page: number, q: string, unread: boolean) =>
  queryOptions({
    ...endpointQuery(contactContract.list, {
      query: { page, pageSize: CONTACT_PAGE_SIZE, q: q || undefined, unread: unread ? '1' : undefined },
    }),
    placeholderData: keepPreviousData,
  });

/** Reading a message changes the list's unread marks and the dashboard's unread count. */
function useRefresh() {
  const qc = useQueryClient();
  return () => invalidateEndpoints(qc, contactContract.list, dashboardContract.get);
}

/** Opens one message (marks it read). */
export function useOpenMessage() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => call(contactContract.get, { params: { id } }),
    onSuccess: () => void refresh(),
  });
}

export function useSetRead() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      call(contactContract.setRead, { params: { id }, body: { read } }),
    onSuccess: () => void refresh(),
  });
}

/** Marks several messages read or unread, or deletes them. */
export function useBulkMessages() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ ids, action }: { ids: number[]; action: 'read' | 'unread' | 'delete' }) =>
      call(contactContract.bulk, { body: { ids, action } }),
    onSuccess: () => void refresh(),
  });
}
