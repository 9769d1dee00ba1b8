import { authContract } from '@madreseh/contract/auth/auth.contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';

/** Accounts whose sign-in is slowed now (decision 0010). */
export const slowedSignInsQuery = () =>
  queryOptions({
    queryKey: ['sign-in', 'slowed'],
    queryFn: ({ signal }) => call(authContract.slowedList, { signal }),
  });

export function useClearSlowing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(authContract.slowedClear, { params: { id: userId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['sign-in', 'slowed'] }),
  });
}

/** A staff member changes their own password (the current one is needed); audited. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(authContract.changeOwnPassword, { body }),
  });
}
