import { z } from 'zod';
import { ERROR_CODES } from './error-messages';

/** Every error the API sends has this shape. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

// The codes and messages live in a module of their own without zod, for the public pages' code (docs/decisions/0014).
export { ERROR_CODES, ERROR_MESSAGES } from './error-messages';

/** The only body a 5xx ever carries (lib/errors.ts in the API). */
export const INTERNAL_ERROR_BODY = { code: ERROR_CODES.internal, message: 'Internal Server Error' } as const;
