import {
  adminsContract,
  type StaffCreateInput,
  type StaffUpdateInput,
} from '@madreseh/contract/admins/admins.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';

export const staffQuery = () => endpointQuery(adminsContract.list);

export function useCreateStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffCreateInput) => call(adminsContract.create, { body }),
    onSuccess: () => invalidateEndpoints(qc, adminsContract.list),
  });
}

export function useUpdateStaff() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: StaffUpdateInput }) =>
      call(adminsContract.update, { params: { id }, body }),
    onSuccess: () => invalidateEndpoints(qc, adminsContract.list),
  });
}

export function useSetStaffPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password: string }) =>
      call(adminsContract.setPassword, { params: { id }, body: { password } }),
    onSuccess: () => invalidateEndpoints(qc, adminsContract.list),
  });
}

const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A strong password made in the browser (14 characters without look-alikes, about 80 bits), for the
 * super-admin to copy and hand over; the server only ever receives it.
 */
export function generatePassword(length = 14): string {
  const out: string[] = [];
  const bytes = new Uint8Array(1);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    const b = bytes[0] ?? 255;
    // Reject the top values so every character is equally likely.
    if (b < 256 - (256 % PASSWORD_ALPHABET.length)) out.push(PASSWORD_ALPHABET[b % PASSWORD_ALPHABET.length] ?? 'a');
  }
  return out.join('');
}
