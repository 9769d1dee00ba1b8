import { auditContract as c } from '@madreseh/contract/audit/audit.contract';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../../auth/guard';
import type { Db } from '../../db/client';
import { implement } from '../../http/implement';
import { asAttachment, XLSX_TYPE } from '../../lib/spreadsheet';
import { exportAudit, listAudit } from './audit.service';

export function registerAuditRoutes(app: FastifyInstance, db: Db): void {
  implement(app, c.list, async ({ query, request }) => listAudit(db, requireAuth(request), query));
  implement(app, c.export, async ({ query, request, reply }) =>
    asAttachment(reply, await exportAudit(db, requireAuth(request), query), {
      type: XLSX_TYPE,
      name: 'audit-log.xlsx',
      persianName: 'گزارش-تغییرات.xlsx',
    }),
  );
}
