import { type GroupInput, groupContract } from '@madreseh/contract/group/group.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

export const groupsQuery = () => endpointQuery(groupContract.list);

export function useSaveGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GroupInput }) =>
      id === null ? call(groupContract.create, { body }) : call(groupContract.update, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(qc, groupContract.list),
  });
}

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(groupContract.remove, { params: { id } }),
    onSuccess: () => invalidateEndpoints(qc, groupContract.list),
  });
}
