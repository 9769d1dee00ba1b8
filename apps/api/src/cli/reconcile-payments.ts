import { createScheduler, type JobOutcome } from '../jobs/scheduler';
import type { ReconcileReport } from '../modules/payments/checkout';
import { RECONCILE_JOB, reconcileJob } from '../modules/payments/payments.jobs';
import { readConfig, runThroughServer, stop } from './through-server';

/**
 * npm run payments:reconcile — re-verifies online payments left pending (a payer who closed the
 * tab, a server stopped between the gateway's success and our write), so nobody who paid stays
 * uncredited. The server already does this on its own every RECONCILE_INTERVAL_MINUTES; this runs
 * it now. While the server of this database runs, the server does it (the command never opens its
 * database), with RECONCILE_MIN_AGE_MINUTES when this command was given it.
 */
const log = {
  info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
  warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)),
  error: (obj: object, msg: string) => console.error(msg, JSON.stringify(obj)),
};

const config = readConfig();
// An option set for this command reaches the server with it (else the server's own setting applies).
const given = process.env.RECONCILE_MIN_AGE_MINUTES?.trim()
  ? { options: { minAgeMinutes: config.reconcile.minAgeMs / 60_000 } }
  : {};

runThroughServer<JobOutcome>(
  {
    name: 'run-job',
    input: { name: RECONCILE_JOB, ...given },
    async direct({ db }, config) {
      const jobs = createScheduler({ db, log });
      jobs.add(reconcileJob(config.payments, config.reconcile));
      return jobs.runNow(RECONCILE_JOB);
    },
    print(outcome, via) {
      if (outcome.status === 'busy') {
        console.log(`Reconciliation is running already (elsewhere); nothing more to do now. (through ${via})`);
        return;
      }
      if (outcome.status === 'unknown') stop('The running server knows no reconciliation job.');
      if (outcome.status === 'failed') stop(`Reconciliation failed: ${outcome.error}`);
      const r = outcome.result as ReconcileReport;
      console.log(
        `Checked ${r.checked} pending online payment(s): ${r.credited} credited, ${r.failed} failed, ${r.stillPending} still pending. (through ${via})`,
      );
    },
  },
  config,
).catch((err) => {
  console.error(err);
  process.exit(1);
});
