import { purgeExpiredSessions, type SessionPolicy } from '../auth/sessions';
import { purgeIdempotencyKeys } from '../http/idempotency';
import { purgeRateLimits } from '../lib/rate-limit';
import { purgeLoginDevices, purgeSignInThrottle } from '../modules/auth/sign-in-throttle';
import { removePartialUploads } from '../storage/storage';
import type { Job } from './scheduler';

const HOUR = 3_600_000;

/** Age after which a half-written upload is surely abandoned (another instance may be writing younger ones). */
export const PARTIAL_UPLOAD_AGE_MS = HOUR;

/** What the server tidies by itself: dead sessions, old idempotency keys and counters, half-written uploads. */
export function housekeepingJobs(options: { policy: SessionPolicy; uploadsDir: string }): Job[] {
  return [
    {
      name: 'sessions-purge',
      everyMs: HOUR,
      firstAfterMs: 5 * 60_000,
      run: async ({ db }) => ({ removed: await purgeExpiredSessions(db, options.policy) }),
    },
    {
      name: 'idempotency-purge',
      everyMs: HOUR,
      firstAfterMs: 10 * 60_000,
      run: async ({ db }) => ({ removed: await purgeIdempotencyKeys(db) }),
    },
    {
      // Rate-limit counters and sign-in slowing rows are written by every request that counts, and
      // would pile up for ever (decision 0010): those whose window or reset time is over go.
      name: 'rate-limits-purge',
      everyMs: HOUR,
      firstAfterMs: 15 * 60_000,
      run: async ({ db }) => ({
        counters: await purgeRateLimits(db),
        signInSlowing: await purgeSignInThrottle(db),
        devices: await purgeLoginDevices(db),
      }),
    },
    {
      name: 'uploads-partial-files',
      everyMs: 6 * HOUR,
      firstAfterMs: HOUR,
      run: async () => ({ removed: await removePartialUploads(options.uploadsDir, PARTIAL_UPLOAD_AGE_MS) }),
    },
  ];
}
