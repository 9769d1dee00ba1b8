import { staffCreateSchema } from '@madreseh/contract/admins/admins.contract';
import { z } from 'zod';
import type { Db } from '../db/client';
import type { Scheduler } from '../jobs/scheduler';
import { createStaff } from '../modules/admins/admins.service';
import type { ControlCommand } from './control.routes';

/** `run-job { name }`: runs a scheduled job now (under its lock) and answers its outcome. */
export function runJobCommand(scheduler: Scheduler): ControlCommand {
  return {
    name: 'run-job',
    input: z.object({ name: z.string().min(1).max(80) }),
    run: (input: { name: string }) => scheduler.runNow(input.name),
  };
}

export const superAdminInputSchema = staffCreateSchema.omit({ role: true });

/** `create-admin { username, fullName, password }`: a super-admin account, with its audit row. */
export function createAdminCommand(db: Db): ControlCommand {
  return {
    name: 'create-admin',
    input: superAdminInputSchema,
    run: async (input: z.output<typeof superAdminInputSchema>, request) => {
      const account = await createStaff(db, request, { ...input, role: 'super-admin' });
      return { id: account.id, username: account.username };
    },
  };
}
