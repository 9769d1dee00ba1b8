import { z } from 'zod';
import { DATE_RANGE, isSaneIsoDate } from './jalali-calendar';
import { text } from './text';

/** The Jalali calendar's arithmetic (zod-free, jalali-calendar.ts) and the API's date schemas. */
export * from './jalali-calendar';

const DATE_MESSAGE = 'تاریخ نامعتبر است';

/** A calendar date in the API: ISO `YYYY-MM-DD` that exists, from 1900 to 2100. */
export const isoDateSchema = text()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: DATE_MESSAGE })
  .refine(isSaneIsoDate, { message: DATE_MESSAGE });

/**
 * An instant in the API: ISO 8601 with an offset (`2026-09-24T08:30:00Z`, `…+03:30`), from 1900 to 2100
 * (year 0000 and the like would reach PostgreSQL and fail there).
 */
export function isoDateTimeSchema(message = 'زمان نامعتبر است.') {
  return z.iso.datetime({ offset: true, error: message }).refine(
    (v) => {
      const t = Date.parse(v);
      return (
        !Number.isNaN(t) &&
        t >= Date.parse(`${DATE_RANGE.from}T00:00:00Z`) &&
        t <= Date.parse(`${DATE_RANGE.to}T23:59:59Z`)
      );
    },
    { error: message },
  );
}
