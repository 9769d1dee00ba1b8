import { authContract } from '@madreseh/contract/auth/auth.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { saveSession } from '../../lib/cookies';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

/** Accounts whose sign-in is slowed now (decision 0010). */
export const slowedSignInsQuery = () => endpointQuery(authContract.slowedList);

export function useClearSlowing() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => call(authContract.slowedClear, { params: { id: userId } }),
    onSuccess: () => invalidateEndpoints(qc, authContract.slowedList),
  });
}

/** A staff member changes their own password (the current one is needed); audited. */
export function useChangeOwnPassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(authContract.changeOwnPassword, { body }),
  });
}

/** Signs in with username and password; the session is kept (cookies) before the caller moves on. */
export function useLogin() {
  return useMutation({
    mutationFn: (body: { username: string; password: string }) => call(authContract.login, { body }),
    onSuccess: ({ token, user }) => saveSession(token, user),
  });
}

/** Asks for a parent's one-time sign-in code by SMS. */
export function useRequestOtp() {
  return useMutation({ mutationFn: (mobile: string) => call(authContract.otpRequest, { body: { mobile } }) });
}

/** Signs a parent in with the code; the session is kept like a password sign-in's. */
export function useVerifyOtp() {
  return useMutation({
    mutationFn: (body: { mobile: string; code: string }) => call(authContract.otpVerify, { body }),
    onSuccess: ({ token, user }) => saveSession(token, user),
  });
}
