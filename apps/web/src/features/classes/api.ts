import { type GroupInput, groupContract } from '@madreseh/contract/group/group.contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

export const groupsQuery = () =>
  queryOptions({ queryKey: ['groups'], queryFn: ({ signal }) => call(groupContract.list, { signal }) });

export function useSaveGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: GroupInput }) =>
      id === null ? call(groupContract.create, { body }) : call(groupContract.update, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['groups'] }),
  });
}

export function useDeleteGroup() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(groupContract.remove, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['groups'] }),
  });
}
