import { studentContract } from '@madreseh/contract/student/student.contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

export const profileQuery = () =>
  queryOptions({ queryKey: ['student-profile'], queryFn: ({ signal }) => call(studentContract.profile, { signal }) });

export function useUpdateProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { mobile: string; address: string }) => call(studentContract.updateProfile, { body }),
    onSuccess: (p) => qc.setQueryData(['student-profile'], p),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string }) =>
      call(studentContract.changePassword, { body }),
  });
}

export function useOwnPhoto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (f: number) => void }) =>
      uploadFile(studentContract.uploadOwnPhoto, { file, onProgress }),
    onSuccess: (p) => {
      qc.setQueryData(['student-profile'], p);
      void qc.invalidateQueries({ queryKey: ['student-me'] });
    },
  });
}
