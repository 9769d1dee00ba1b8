import { z } from 'zod';

/** The largest id a row can have: ids are PostgreSQL `integer` (serial) columns. */
export const MAX_ID = 2_147_483_647;

const ID_MESSAGE = 'شناسه معتبر نیست.';

/** An id in a JSON body: a whole number from 1 to 2³¹−1, the range of the column it names. */
export const idSchema = z
  .number({ error: ID_MESSAGE })
  .int({ error: ID_MESSAGE })
  .min(1, { error: ID_MESSAGE })
  .max(MAX_ID, { error: ID_MESSAGE });

/** An id in a path or query string: digits, then the same range as idSchema. */
export const idParamSchema = z.coerce
  .number({ error: ID_MESSAGE })
  .int({ error: ID_MESSAGE })
  .min(1, { error: ID_MESSAGE })
  .max(MAX_ID, { error: ID_MESSAGE });

/** Path parameters of an endpoint that acts on one row: `:id`. */
export const idParams = z.object({ id: idParamSchema });
