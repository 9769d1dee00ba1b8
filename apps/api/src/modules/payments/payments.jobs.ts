import type { Job } from '../../jobs/scheduler';
import { reconcileBatches } from './batch-payments';
import type { ReconcileReport } from './gateway-flow';
import { gatewaysFrom, type PaymentsConfig } from './gateways';
import { reconcilePayments } from './online-payments';

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
    run: async ({ db, log, signal }) => {
      const options = { minAgeMs: reconcile.minAgeMs, signal };
      const single = await reconcilePayments(db, gateways, log, options);
      const batches = await reconcileBatches(db, gateways, log, options);
      return {
        checked: single.checked + batches.checked,
        credited: single.credited + batches.credited,
        failed: single.failed + batches.failed,
        stillPending: single.stillPending + batches.stillPending,
      };
    },
  };
}
