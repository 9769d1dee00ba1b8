import { staffCreateSchema } from '@madreseh/contract/admins/admins.contract';
import { z } from 'zod';
import { type Db, MIGRATIONS_DIR } from '../db/client';
import { migrationStatus } from '../db/migration-status';
import { actorOf } from '../http/actor';
import { JobOptionsError, type Scheduler } from '../jobs/scheduler';
import { AppError } from '../lib/errors';
import { createStaff } from '../modules/admins/admins.service';
import type { BackupsOptions } from '../modules/backups/backups.routes';
import { BackupBusyError, runBackup } from '../modules/backups/backups.service';
import { databaseFacts } from '../modules/doctor/doctor';
import { fakeSmsLog } from '../modules/notifications/providers';
import { importUploads } from '../storage/database-storage';
import type { ControlCommand } from './control.routes';

/**
 * `run-job { name, options? }`: runs a scheduled job now (under its lock), with the options the command
 * was given, and answers its outcome; options the job does not take are refused (400), never dropped.
 */
export function runJobCommand(scheduler: Scheduler): ControlCommand {
  return {
    name: 'run-job',
    input: z.object({ name: z.string().min(1).max(80), options: z.unknown().optional() }),
    run: async (input: { name: string; options?: unknown }) => {
      try {
        return await scheduler.runNow(input.name, input.options);
      } catch (err) {
        if (err instanceof JobOptionsError) throw AppError.badRequest(err.message);
        throw err;
      }
    },
  };
}

export const superAdminInputSchema = staffCreateSchema.omit({ role: true });

/** `create-admin { username, fullName, password }`: a super-admin account, with its audit row. */
export function createAdminCommand(db: Db): ControlCommand {
  return {
    name: 'create-admin',
    input: superAdminInputSchema,
    run: async (input: z.output<typeof superAdminInputSchema>, request) => {
      const account = await createStaff(db, actorOf(request), { ...input, role: 'super-admin' });
      return { id: account.id, username: account.username };
    },
  };
}

/** `backup { file? }`: writes a backup (to the file, or a new one in BACKUP_DIR) and answers what it wrote. */
export function backupCommand(db: Db, options: BackupsOptions): ControlCommand {
  return {
    name: 'backup',
    input: z.object({ file: z.string().min(1).max(4096).optional() }),
    run: async (input: { file?: string }) => {
      try {
        return await runBackup({ ...options.source, db }, options.settings, input.file);
      } catch (err) {
        if (err instanceof BackupBusyError) throw AppError.conflict(err.message);
        throw err;
      }
    },
  };
}

/** `db-status`: the migrations the database has and the ones this program would still apply. */
export function dbStatusCommand(db: Db): ControlCommand {
  return { name: 'db-status', input: z.object({}), run: () => migrationStatus(db, MIGRATIONS_DIR) };
}

/** `uploads-import`: copies the uploads folder's files into the database (UPLOADS_STORE=database). */
export function uploadsImportCommand(db: Db, uploadsDir: string): ControlCommand {
  return { name: 'uploads-import', input: z.object({}), run: () => importUploads(db, uploadsDir) };
}

/** `doctor`: what `npm run doctor` needs to know of the database (read only). */
export function doctorCommand(db: Db): ControlCommand {
  return { name: 'doctor', input: z.object({}), run: () => databaseFacts(db) };
}

/**
 * `fake-sms { mobile? }`: what the built-in fake SMS provider would have sent (newest last), for the
 * demo and the browser tests. Real providers keep nothing here.
 */
export function fakeSmsCommand(): ControlCommand {
  return {
    name: 'fake-sms',
    input: z.object({ mobile: z.string().optional() }),
    run: async ({ mobile }: { mobile?: string }) =>
      fakeSmsLog
        .filter((m) => !mobile || m.mobile === mobile)
        .map((m) => ({ mobile: m.mobile, text: m.text, at: m.at.toISOString() })),
  };
}
