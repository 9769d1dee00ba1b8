import { pgErrorCode } from './db-errors';

/**
 * The disk is full: a file write said ENOSPC (or EDQUOT, over quota), or the database said
 * disk_full (53100, which PostgreSQL and the embedded engine both use when they cannot write).
 */
export function isDiskFull(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'ENOSPC' || code === 'EDQUOT') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return pgErrorCode(err) === '53100';
}

/** A full disk is said in the log once, then at most once every `everyMs` with a count of repeats. */
export function diskFullReporter(everyMs = 10 * 60_000) {
  let lastAt = Number.NEGATIVE_INFINITY;
  let since = 0;
  return (log: { error(obj: object, msg: string): void }, err: unknown, where: string) => {
    since += 1;
    const now = Date.now();
    if (now - lastAt < everyMs) return;
    lastAt = now;
    const code = (err as { code?: unknown }).code ?? pgErrorCode(err);
    log.error(
      { code, where, failures: since },
      'DISK FULL: the server cannot write (uploads in UPLOADS_DIR or the database). Free space on that disk; users are told their action was not saved.',
    );
    since = 0;
  };
}
