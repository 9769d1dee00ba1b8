/** The PostgreSQL error code of a failed query, looking through Drizzle's wrapper. */
export function pgErrorCode(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown): boolean {
  return pgErrorCode(err) === '23505';
}

/** The constraint or index a failed query broke (unique violations name their index), looking through Drizzle's wrapper. */
export function pgConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 3 && e && typeof e === 'object'; i++) {
    const name = (e as { constraint?: unknown }).constraint;
    if (typeof name === 'string') return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Node's words for a connection that failed or was cut. */
const CONNECTION_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** node-postgres says these in words only (a connection ended, none to be had in time). */
const CONNECTION_WORDS =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|Connection ended/i;

/**
 * The database cannot be reached just now (a restart, a network cut, the embedded engine being
 * reopened): a connection error, PostgreSQL's connection_exception class (08…), an administrator's
 * or a crash shutdown (57P01–57P03), too many connections (53300), or DatabaseUnavailableError.
 * Nothing was done; the same request later may succeed (HTTP 503).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
    if (typeof message === 'string' && CONNECTION_WORDS.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  const code = pgErrorCode(err);
  return code !== undefined && (code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code));
}

/** Thrown by the database layer when it knows the database is unreachable for now (db/pglite-remote.ts). */
export class DatabaseUnavailableError extends Error {}
