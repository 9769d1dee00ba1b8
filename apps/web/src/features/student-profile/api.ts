import { studentsContract } from '@madreseh/contract/students/students.contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { uploadFile } from '../../lib/upload';

export const profileQuery = () => endpointQuery(studentsContract.profile);

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { mobile: string; address: string }) => call(studentsContract.updateProfile, { body }),
    onSuccess: (p) => qc.setQueryData(profileQuery().queryKey, p),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(studentsContract.changePassword, { body }),
  });
}

export function useOwnPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (f: number) => void }) =>
      uploadFile(studentsContract.uploadOwnPhoto, { file, onProgress }),
    onSuccess: (p) => {
      qc.setQueryData(profileQuery().queryKey, p);
      void invalidateEndpoints(qc, studentsContract.me);
    },
  });
}
