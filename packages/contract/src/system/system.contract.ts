import { z } from 'zod';
import { endpoint } from '../endpoint';

export const systemContract = {
  health: endpoint({
    method: 'GET',
    path: 'health',
    access: 'public',
    summary: 'Liveness and database check',
    response: z.object({ status: z.literal('ok'), database: z.literal('ok'), time: z.string() }),
    noStore: true,
  }),
} as const;
