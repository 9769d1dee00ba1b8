import { AppError } from './errors';

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

/**
 * Runs work on personal records and makes sure a failure cannot carry them into a log: a failed
 * query's message holds its SQL parameters (national codes, names), so anything that is not an
 * AppError is replaced by an error that names only the PostgreSQL error code.
 */
export async function withoutQueryParams<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = pgErrorCode(err);
    const safe = new Error(code ? `database error ${code}` : `unexpected ${(err as Error)?.name ?? 'error'}`);
    if (!code && err instanceof Error && !/params|Failed query/i.test(err.message)) safe.stack = err.stack;
    throw safe;
  }
}
