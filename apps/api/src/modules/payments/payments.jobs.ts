import { z } from 'zod';
import type { Job } from '../../jobs/scheduler';
import { type ReconcileReport, reconcileCheckouts } from './checkout';
import { gatewaysFrom, type PaymentsConfig } from './gateways';

export const RECONCILE_JOB = 'payments-reconcile';

/** What `npm run payments:reconcile` may ask of one run: its own RECONCILE_MIN_AGE_MINUTES. */
export const reconcileOptionsSchema = z.strictObject({ minAgeMinutes: z.number().min(0).max(1440).optional() });

/**
 * Re-verifies online payments left pending (a payer who closed the tab, a callback that never
 * came, a verify that timed out), inside the server on a schedule, so nobody needs cron.
 */
export function reconcileJob(
  payments: PaymentsConfig,
  reconcile: { everyMs: number; minAgeMs: number },
): Job<ReconcileReport> {
  const gateways = gatewaysFrom(payments);
  return {
    name: RECONCILE_JOB,
    everyMs: reconcile.everyMs,
    firstAfterMs: Math.min(reconcile.everyMs, 60_000),
    options: reconcileOptionsSchema,
    run: ({ db, log, signal, options: given }) => {
      const minutes = (given as z.output<typeof reconcileOptionsSchema> | undefined)?.minAgeMinutes;
      const minAgeMs = minutes === undefined ? reconcile.minAgeMs : minutes * 60_000;
      return reconcileCheckouts(db, gateways, log, { minAgeMs, signal });
    },
  };
}
