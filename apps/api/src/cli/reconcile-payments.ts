import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { gatewaysFrom } from '../modules/payments/gateways';
import { reconcilePayments } from '../modules/payments/online-payments';

/**
 * npm run payments:reconcile — re-verifies online payments left pending for more than a few minutes
 * (a payer who closed the tab, a server stopped between the gateway's success and our write), so
 * nobody who paid stays uncredited. Safe to run at any time and from a scheduler (cron).
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const minutes = Number(process.env.RECONCILE_MIN_AGE_MINUTES ?? 5);
  const database = await openConfiguredDatabase(config);
  try {
    await database.migrate();
    const log = {
      info: (obj: object, msg: string) => console.log(msg, JSON.stringify(obj)),
      warn: (obj: object, msg: string) => console.warn(msg, JSON.stringify(obj)),
    };
    const report = await reconcilePayments(database.db, gatewaysFrom(config.payments), log, {
      minAgeMs: (Number.isFinite(minutes) && minutes >= 0 ? minutes : 5) * 60_000,
    });
    console.log(
      `Checked ${report.checked} pending online payment(s): ${report.credited} credited, ${report.failed} failed, ${report.stillPending} still pending.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
