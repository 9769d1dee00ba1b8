import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParamSchema } from '../ids';
import { isoDateSchema } from '../jalali';
import { listQuerySchema, pageOf } from '../pagination';
import { STAFF } from '../roles';
import { text } from '../text';

/**
 * The audit log, readable: every change staff made (and the money the server itself settled), who,
 * what, which record, the fields recorded with it, from which address, when. A super-admin sees
 * everyone's rows; an admin only their own. Rows are never changed or deleted (the table refuses).
 */

/** Actions that move or decide money: they stand out in the list. */
export const MONEY_ACTIONS = [
  'approve_receipt',
  'reject_receipt',
  'cancel',
  'bulk_cancel',
  'manual_payment',
  'gateway_credit',
  'gateway_fail',
  'refund',
] as const;

export function isMoneyAction(action: string, entity: string): boolean {
  return (
    (MONEY_ACTIONS as readonly string[]).includes(action) &&
    (entity === 'invoice' || entity === 'payment' || action === 'refund')
  );
}

export const auditQuerySchema = listQuerySchema.pick({ page: true, pageSize: true }).extend({
  /** Whose actions (a super-admin's filter; an admin always sees their own). */
  userId: idParamSchema.optional(),
  entity: text().trim().max(80).optional(),
  /** Tehran calendar days, inclusive. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  money: z.enum(['1', '0']).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  user: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  /** The fields recorded with the change (a `from`/`to` pair is a before/after). */
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  money: z.boolean(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageOf(auditEntrySchema).extend({
  /** The people and kinds of record that appear in the rows this caller may see (for the filters). */
  people: z.array(z.object({ id: z.number().int(), fullName: z.string() })),
  entities: z.array(z.string()),
});

/** An export holds at most this many rows (the newest first); narrow the filter for more. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

export const auditContract = {
  list: endpoint({
    method: 'GET',
    path: 'panel/audit',
    access: STAFF,
    summary:
      'The audit log, newest first, filtered by person, kind of record, date range or money actions (admins: their own rows)',
    query: auditQuerySchema,
    response: auditPageSchema,
    noStore: true,
  }),
  export: endpoint({
    method: 'GET',
    path: 'panel/audit/export',
    access: STAFF,
    summary: 'The audit log rows of the same filter as an XLSX file (Jalali times)',
    query: auditQuerySchema.omit({ page: true, pageSize: true }),
    file: true,
    noStore: true,
  }),
} as const;
