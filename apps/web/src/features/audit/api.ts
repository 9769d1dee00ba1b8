import { type AuditQuery, auditContract } from '@madreseh/contract/audit/audit.contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { urlFor } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { endpointQuery } from '../../lib/endpoint-query';

export type AuditFilter = Omit<AuditQuery, 'page' | 'pageSize'>;

/** Only the filters that are set travel in the address. */
function present(f: AuditFilter): AuditFilter {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  ) as AuditFilter;
}

export const auditQuery = (filter: AuditFilter, page: number, pageSize: number) =>
  queryOptions({
    ...endpointQuery(auditContract.list, { query: { ...present(filter), page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export function downloadAudit(filter: AuditFilter): Promise<void> {
  return downloadFile(urlFor(auditContract.export, undefined, present(filter)), 'audit-log.xlsx');
}
