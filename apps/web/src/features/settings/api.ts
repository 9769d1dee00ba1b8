import {
  type SchoolImageKind,
  type SchoolProfileInput,
  type Settings,
  settingsContract,
} from '@madreseh/contract/settings/settings.contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api-client';
import { endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import { uploadFile } from '../../lib/upload';

export const settingsQueries = {
  all: () => endpointQuery(settingsContract.get),
};

/** Every change answers the whole settings: keep it, and let the public pages read the profile again. */
function useSettingsAnswer() {
  const qc = useQueryClient();
  return (data: Settings) => keepSettings(qc, data);
}

function keepSettings(qc: QueryClient, data: Settings) {
  qc.setQueryData(settingsQueries.all().queryKey, data);
  void invalidateEndpoints(qc, settingsContract.publicProfile);
}

export function useSaveSchool() {
  const done = useSettingsAnswer();
  return useMutation({
    mutationFn: (school: SchoolProfileInput) => call(settingsContract.update, { body: { school } }),
    onSuccess: done,
  });
}

export function useUploadSchoolImage(kind: SchoolImageKind, onProgress: (fraction: number | null) => void) {
  const done = useSettingsAnswer();
  return useMutation({
    mutationFn: (file: File) => uploadFile(settingsContract.uploadImage, { file, fields: { kind }, onProgress }),
    onSuccess: done,
    onSettled: () => onProgress(null),
  });
}

export function useRemoveSchoolImage(kind: SchoolImageKind) {
  const done = useSettingsAnswer();
  return useMutation({
    mutationFn: () => call(settingsContract.removeImage, { params: { kind } }),
    onSuccess: done,
  });
}
