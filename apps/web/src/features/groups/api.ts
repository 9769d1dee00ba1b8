import { type GroupInput, groupsContract } from '@madreseh/contract/groups/groups.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

export const groupsQuery = () => endpointQuery(groupsContract.list);

export function useSaveGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GroupInput }) =>
      id === null ? call(groupsContract.create, { body }) : call(groupsContract.update, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(qc, groupsContract.list),
  });
}

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(groupsContract.remove, { params: { id } }),
    onSuccess: () => invalidateEndpoints(qc, groupsContract.list),
  });
}
