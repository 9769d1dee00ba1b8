import { z } from 'zod';
import { endpoint } from '../endpoint';
import { SUPER_ADMIN } from '../roles';

/** A backup older than this (or none at all) is warned about on the super-admin's dashboard. */
export const BACKUP_STALE_HOURS = 48;

export const backupStatusSchema = z.object({
  /** The latest backup written (by the schedule, a command or a download), on any instance. */
  last: z
    .object({
      at: z.string(),
      bytes: z.number().int(),
      name: z.string(),
    })
    .nullable(),
  /** True when there is no backup of the last BACKUP_STALE_HOURS hours. */
  stale: z.boolean(),
  /** Hours between scheduled backups (0: no schedule), and how many of them are kept. */
  everyHours: z.number(),
  keep: z.number().int(),
});
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const backupsContract = {
  status: endpoint({
    method: 'GET',
    path: 'panel/backups',
    access: SUPER_ADMIN,
    summary: 'When the latest backup was made and how large it is; whether backups are overdue',
    response: backupStatusSchema,
    noStore: true,
  }),
  download: endpoint({
    method: 'GET',
    path: 'panel/backups/download',
    access: SUPER_ADMIN,
    summary:
      'Makes a backup now (database and every upload, with its manifest), keeps it with the scheduled ones and answers it as a tar file',
    file: true,
    noStore: true,
  }),
} as const;
