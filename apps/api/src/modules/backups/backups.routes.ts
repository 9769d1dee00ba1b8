import fs from 'node:fs';
import path from 'node:path';
import { backupsContract as c } from '@madreseh/contract/backups/backups.contract';
import { ERROR_CODES } from '@madreseh/contract/errors';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { actorOf } from '../../http/actor';
import { implement } from '../../http/implement';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { asAttachment } from '../../lib/spreadsheet';
import type { BackupSource } from './backup';
import { BackupBusyError, type BackupSettings, backupStatus, runBackup } from './backups.service';

export interface BackupsOptions {
  source: Omit<BackupSource, 'db'>;
  settings: BackupSettings;
}

const BUSY = 'یک پشتیبان‌گیری هم‌اکنون در جریان است. چند دقیقهٔ دیگر دوباره امتحان کنید.';
const UNAVAILABLE = 'پشتیبان‌گیری در این نمونه از برنامه در دسترس نیست.';

/** The super-admin's view of backups: the latest one on the dashboard, and a backup made now to download. */
export function registerBackupRoutes(app: FastifyInstance, db: Db, options: BackupsOptions | undefined): void {
  const settings = options?.settings ?? { dir: '', everyHours: 0, keep: 0 };
  implement(app, c.status, async () => backupStatus(db, settings));

  implement(app, c.download, async ({ reply, request }) => {
    if (!options) throw new AppError(503, ERROR_CODES.internal, UNAVAILABLE);
    let file: string;
    try {
      file = (await runBackup({ ...options.source, db }, options.settings)).file;
    } catch (err) {
      if (err instanceof BackupBusyError) throw AppError.conflict(BUSY);
      throw err;
    }
    await audit(db, actorOf(request), 'download', 'backup', path.basename(file));
    const stat = await fs.promises.stat(file);
    reply.header('content-length', stat.size);
    return asAttachment(reply, fs.createReadStream(file), {
      type: 'application/x-tar',
      name: path.basename(file),
    });
  });
}
