import { z } from 'zod';
import { endpoint } from '../endpoint';
import { STAFF } from '../roles';

/**
 * The dashboard's figures, in one answer. Each feature adds its own optional block here (e.g.
 * `students: { active }`, `invoices: { unpaid, unpaidAmount }`, `receipts: { pending }`) and fills
 * it in the API's dashboard service; the page shows the blocks that are present.
 */
export const dashboardSchema = z.object({
  news: z.object({ published: z.number().int(), scheduled: z.number().int(), draft: z.number().int() }),
  gallery: z.object({ photos: z.number().int(), albums: z.number().int() }).optional(),
  achievements: z.object({ total: z.number().int() }).optional(),
  messages: z.object({ unread: z.number().int(), total: z.number().int() }).optional(),
  /** Pre-registrations of the school's current academic year: by status, by grade, and in the last 7 days. */
  preRegistrations: z
    .object({
      academicYear: z.number().int(),
      total: z.number().int(),
      lastWeek: z.number().int(),
      byStatus: z.record(z.string(), z.number().int()),
      byGrade: z.record(z.string(), z.number().int()),
    })
    .optional(),
  students: z.object({ active: z.number().int() }).optional(),
  invoices: z.object({ unpaid: z.number().int() }).optional(),
  receipts: z.object({ pending: z.number().int() }).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const dashboardContract = {
  get: endpoint({
    method: 'GET',
    path: 'panel/dashboard',
    access: STAFF,
    summary: 'Counts for the dashboard cards, aggregated in SQL in one round trip',
    response: dashboardSchema,
    noStore: true,
  }),
} as const;
