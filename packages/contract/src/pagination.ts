import { z } from 'zod';
import { digitsToLatin, text } from './text';

const intFromQuery = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(digitsToLatin(v)) : v),
    z.number().int().min(min).max(max).default(fallback),
  );

/** Query string every list endpoint accepts. */
export const listQuerySchema = z.object({
  page: intFromQuery(1, 100_000, 1),
  pageSize: intFromQuery(1, 100, 20),
  q: text().trim().max(100).optional(),
  sort: text().max(40).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    page: z.number().int().positive(),
    pageSize: z.number().int().positive(),
  });
}
