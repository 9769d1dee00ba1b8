import {
  type PreRegisterExportFormat,
  type PreRegisterStatus,
  preRegisterContract,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, urlFor } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { endpointKey, endpointQuery, invalidateEndpoints } from '../../lib/endpoint-query';
import type { EndpointInput } from '../../lib/query-key';

const p = preRegisterContract;

/** The office's list of pre-registrations, filtered and paged. */
export const preRegistrationsQuery = (query: EndpointInput<typeof p.list>['query']) =>
  queryOptions({ ...endpointQuery(p.list, { query }), placeholderData: keepPreviousData });

/** One pre-registration, in full (the drawer and the printed form). */
export const preRegistrationQuery = (id: number) => endpointQuery(p.get, { params: { id } });

/** Changes a pre-registration's status and note; the list and the record show the answer. */
export function useSetPreRegisterStatus(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { status: PreRegisterStatus; adminNote: string }) => call(p.setStatus, { params: { id }, body }),
    onSuccess: (updated) => {
      qc.setQueryData(endpointKey(p.get, { params: { id } }), updated);
      void invalidateEndpoints(qc, p.list, p.get);
    },
  });
}

/** The filtered list as a spreadsheet file, saved by the browser. */
export const downloadPreRegistrations = (
  filter: EndpointInput<typeof p.export>['query'],
  format: PreRegisterExportFormat,
) => downloadFile(urlFor(p.export, undefined, { ...filter, format }), `pre-register.${format}`);
