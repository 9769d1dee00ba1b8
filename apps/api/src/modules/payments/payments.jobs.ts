import type { Job } from '../../jobs/scheduler';
import { type ReconcileReport, reconcileCheckouts } from './checkout';
import { gatewaysFrom, type PaymentsConfig } from './gateways';

export const RECONCILE_JOB = 'payments-reconcile';

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
    run: ({ db, log, signal }) => reconcileCheckouts(db, gateways, log, { minAgeMs: reconcile.minAgeMs, signal }),
  };
}
