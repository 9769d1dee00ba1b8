import type { z } from 'zod';

/**
 * The first Persian message of each field of a failed parse, keyed by the field's path
 * (`'fatherMobile'`, `'rows.0.amount'`; `'_'` for the whole form), as form inputs show them.
 */
export function fieldErrorsOf(error: z.ZodError, only?: readonly string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    if (only && !only.includes(String(issue.path[0]))) continue;
    const key = issue.path.length > 0 ? issue.path.join('.') : '_';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Field errors of values checked against a contract schema: `{}` when they are valid. */
export function zodFieldErrors(schema: z.ZodType, values: unknown, only?: readonly string[]): Record<string, string> {
  const result = schema.safeParse(values);
  return result.success ? {} : fieldErrorsOf(result.error, only);
}
