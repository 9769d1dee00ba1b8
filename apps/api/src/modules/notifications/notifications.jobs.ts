import type { Job } from '../../jobs/scheduler';
import type { SmsEnv } from './notification-settings';
import { enqueueDueReminders } from './reminders';
import { pollDelivery, sendDue } from './sender';

export const SEND_JOB = 'notifications-send';
export const REMINDERS_JOB = 'notifications-reminders';

/**
 * The sender (every SMS_SEND_INTERVAL_SECONDS), delivery reports and due-date reminders, run by the
 * server's scheduler: each under its advisory lock, so one instance at a time.
 */
export function notificationJobs(env: SmsEnv, sendEveryMs: number): Job[] {
  return [
    {
      name: SEND_JOB,
      everyMs: sendEveryMs,
      firstAfterMs: Math.min(sendEveryMs, 10_000),
      run: async ({ db, signal }) => {
        const sent = await sendDue(db, { env, signal });
        const delivery = await pollDelivery(db, { env }).catch(() => ({ delivered: 0, failed: 0 }));
        return { ...sent, delivered: delivery.delivered, undelivered: delivery.failed };
      },
      // Every few seconds: only runs that moved something are logged.
      quiet: (r) => {
        const x = r as Record<string, number | boolean>;
        return Object.values(x).every((v) => !v);
      },
    },
    {
      // Hourly; the reminder key holds the day, so whichever run first sees the day reminds.
      name: REMINDERS_JOB,
      everyMs: 3_600_000,
      firstAfterMs: 2 * 60_000,
      run: async ({ db }) => {
        // Reminders wait for the day (09:00 to 21:00 in Tehran): nobody is woken by a school SMS.
        const hour = Number(
          new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tehran', hour: '2-digit', hourCycle: 'h23' }).format(
            new Date(),
          ),
        );
        if (hour < 9 || hour >= 21) return { skipped: 'night' };
        return enqueueDueReminders(db, { env });
      },
    },
  ];
}
