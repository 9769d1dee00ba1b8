import { backupsContract } from '@madreseh/contract/backups/backups.contract';
import { urlFor } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';
import { endpointQuery } from '../../lib/endpoint-query';

export const backupStatusQuery = () => endpointQuery(backupsContract.status);

/** Makes a backup on the server now and saves it (the server names the file; this is the fallback). */
export function downloadBackup(): Promise<void> {
  const stamp = new Date().toISOString().slice(0, 10);
  return downloadFile(urlFor(backupsContract.download), `madreseh-backup-${stamp}.tar`);
}
