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

/**
 * Settings a command's environment set explicitly, by variable name, which the server applies its own
 * way: a command given another value is refused (409, naming both), never run with the server's.
 */
const settingsSchema = z.record(z.string().regex(/^[A-Z_]+$/), z.union([z.string(), z.number()])).optional();

function refuseOtherSettings(given: z.output<typeof settingsSchema>, own: Record<string, string | number>): void {
  for (const [name, value] of Object.entries(given ?? {})) {
    if (!(name in own)) throw AppError.badRequest(`This command does not use ${name}`);
    if (own[name] !== value) {
      throw AppError.conflict(
        `The running server has ${name}=${own[name]}, this command ${name}=${value}: run the command with the server's environment.`,
      );
    }
  }
}

/**
 * `backup { file?, settings? }`: writes a backup (to the file, or a new one in BACKUP_DIR) and answers what
 * it wrote; refused when the command was given another BACKUP_DIR, BACKUP_FORMAT or BACKUP_KEEP.
 */
export function backupCommand(db: Db, options: BackupsOptions): ControlCommand {
  return {
    name: 'backup',
    input: z.object({ file: z.string().min(1).max(4096).optional(), settings: settingsSchema }),
    run: async (input: { file?: string; settings?: Record<string, string | number> }) => {
      refuseOtherSettings(input.settings, {
        BACKUP_DIR: options.settings.dir,
        BACKUP_FORMAT: options.source.format ?? 'native',
        BACKUP_KEEP: options.settings.keep,
      });
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

/** `uploads-import { settings? }`: copies the uploads folder's files into the database (UPLOADS_STORE=database). */
export function uploadsImportCommand(db: Db, uploadsDir: string): ControlCommand {
  return {
    name: 'uploads-import',
    input: z.object({ settings: settingsSchema }),
    run: async (input: { settings?: Record<string, string | number> }) => {
      refuseOtherSettings(input.settings, { UPLOADS_DIR: uploadsDir });
      return importUploads(db, uploadsDir);
    },
  };
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
