import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditEntry,
  type auditQuerySchema,
  isMoneyAction,
  MONEY_ACTIONS,
} from '@madreseh/contract/audit/audit.contract';
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditDetailsLine } from '@madreseh/contract/audit/audit-labels';
import { tehranDayStart } from '@madreseh/contract/jalali';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema/system';
import { users } from '../../db/schema/users';
import { jalaliDateTimeCell, toXlsx } from '../../lib/spreadsheet';

type Filter = Omit<z.output<typeof auditQuerySchema>, 'page' | 'pageSize'>;
/** Who asks: an admin's rows are only their own, whatever the filter says. */
export interface AuditViewer {
  userId: number;
  role: string;
}

function conditions(viewer: AuditViewer, f: Filter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if (viewer.role !== 'super-admin') where.push(eq(auditLog.userId, viewer.userId));
  else if (f.userId) where.push(eq(auditLog.userId, f.userId));
  if (f.entity) where.push(eq(auditLog.entity, f.entity));
  if (f.from) where.push(gte(auditLog.createdAt, tehranDayStart(f.from)));
  if (f.to) where.push(lt(auditLog.createdAt, new Date(tehranDayStart(f.to).getTime() + 86_400_000)));
  if (f.money === '1') {
    where.push(and(inArray(auditLog.action, [...MONEY_ACTIONS]), inArray(auditLog.entity, ['invoice', 'payment'])));
  }
  return and(...where);
}

const columns = {
  id: auditLog.id,
  at: auditLog.createdAt,
  userId: auditLog.userId,
  username: users.username,
  fullName: users.fullName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  details: auditLog.details,
  ip: auditLog.ip,
};

type Row = {
  id: number;
  at: Date;
  userId: number | null;
  username: string | null;
  fullName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  details: unknown;
  ip: string | null;
};

function entryOf(r: Row): AuditEntry {
  return {
    id: r.id,
    at: r.at.toISOString(),
    user: r.userId !== null ? { id: r.userId, username: r.username ?? '', fullName: r.fullName ?? '' } : null,
    action: r.action,
    entity: r.entity,
    entityId: r.entityId,
    details: r.details && typeof r.details === 'object' ? (r.details as Record<string, unknown>) : null,
    ip: r.ip,
    money: isMoneyAction(r.action, r.entity),
  };
}

export async function listAudit(db: Db, viewer: AuditViewer, q: Filter & { page: number; pageSize: number }) {
  const where = conditions(viewer, q);
  const mine = viewer.role === 'super-admin' ? undefined : eq(auditLog.userId, viewer.userId);
  const [rows, [count], people, entities] = await Promise.all([
    db
      .select(columns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
    db
      .selectDistinct({ id: users.id, fullName: users.fullName })
      .from(auditLog)
      .innerJoin(users, eq(users.id, auditLog.userId))
      .where(mine)
      .orderBy(users.fullName),
    db.selectDistinct({ entity: auditLog.entity }).from(auditLog).where(mine).orderBy(auditLog.entity),
  ]);
  return {
    items: (rows as Row[]).map(entryOf),
    total: count?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
    people,
    entities: entities.map((e) => e.entity),
  };
}

export async function exportAudit(db: Db, viewer: AuditViewer, f: Filter): Promise<Buffer> {
  const rows = (await db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(conditions(viewer, f))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX_ROWS)) as Row[];
  return toXlsx({
    name: 'گزارش تغییرات',
    rows: rows.map(entryOf),
    columns: [
      { header: 'زمان', width: 18, value: (e) => jalaliDateTimeCell(e.at) },
      { header: 'کاربر', width: 22, value: (e) => (e.user ? `${e.user.fullName} (${e.user.username})` : 'سامانه') },
      { header: 'کار', width: 20, value: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action },
      { header: 'نوع رکورد', width: 16, value: (e) => AUDIT_ENTITY_LABELS[e.entity] ?? e.entity },
      { header: 'شناسهٔ رکورد', width: 12, numFmt: '@', value: (e) => e.entityId },
      { header: 'جزئیات', width: 60, value: (e) => auditDetailsLine(e.details) },
      { header: 'نشانی IP', width: 16, value: (e) => e.ip },
      { header: 'مالی', width: 8, value: (e) => (e.money ? 'بله' : '') },
    ],
  });
}
