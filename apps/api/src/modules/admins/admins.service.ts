import {
  STAFF_ROLES,
  type StaffAccount,
  type staffCreateSchema,
  type staffUpdateSchema,
} from '@madreseh/contract/admins/admins.contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashPassword } from '../../auth/passwords';
import { endUserSessions } from '../../auth/sessions';
import type { Db, Tx } from '../../db/client';
import { sessions, users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';

type CreateBody = z.output<typeof staffCreateSchema>;
type UpdateBody = z.output<typeof staffUpdateSchema>;

export const ADMINS_MESSAGES = {
  duplicate: 'این نام کاربری پیش‌تر گرفته شده است؛ نام دیگری برگزینید.',
  notFound: 'حساب مدیر پیدا نشد.',
  selfDeactivate: 'نمی‌توانید حساب خودتان را غیرفعال کنید.',
  selfDemote: 'نمی‌توانید نقش مدیر ارشد را از خودتان بگیرید.',
  lastSuperAdmin: 'دست‌کم یک مدیر ارشد فعال باید بماند؛ نخست مدیر ارشد دیگری را فعال کنید یا بسازید.',
} as const;

const isStaff = inArray(users.role, [...STAFF_ROLES]);

const columns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  role: users.role,
  active: users.active,
  createdAt: users.createdAt,
  // One correlated aggregate over the sessions index, not one query per account.
  lastSeenAt: sql<Date | string | null>`(select max(s.last_seen_at) from ${sessions} s where s.user_id = ${users}.id)`,
};

type Row = {
  id: number;
  username: string;
  fullName: string;
  role: string;
  active: boolean;
  createdAt: Date;
  lastSeenAt: Date | string | null;
};

function toAccount(r: Row): StaffAccount {
  return {
    id: r.id,
    username: r.username,
    fullName: r.fullName,
    role: r.role as StaffAccount['role'],
    active: r.active,
    createdAt: r.createdAt.toISOString(),
    // A raw aggregate comes back as text on node-postgres and as a Date on PGlite.
    lastSeenAt: r.lastSeenAt === null ? null : new Date(r.lastSeenAt).toISOString(),
  };
}

/** Every admin and super-admin: super-admins first, then active ones, then by name. One statement. */
export async function listStaff(db: Tx): Promise<StaffAccount[]> {
  const rows = await db
    .select(columns)
    .from(users)
    .where(isStaff)
    .orderBy(desc(sql`${users.role} = 'super-admin'`), desc(users.active), asc(users.sortName), asc(users.id));
  return rows.map(toAccount);
}

async function getStaff(tx: Tx, id: number): Promise<StaffAccount> {
  const [row] = await tx
    .select(columns)
    .from(users)
    .where(and(eq(users.id, id), isStaff));
  if (!row) throw AppError.notFound(ADMINS_MESSAGES.notFound);
  return toAccount(row);
}

export async function createStaff(db: Db, actor: Actor, body: CreateBody): Promise<StaffAccount> {
  // Hashing is slow on purpose: do it before the transaction holds anything.
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.username, body.username));
      if (taken) throw duplicate();
      const [row] = await tx
        .insert(users)
        .values({ username: body.username, fullName: body.fullName, role: body.role, passwordHash })
        .returning({ id: users.id });
      if (!row) throw new Error('insert answered no row');
      await audit(tx, actor, 'create', 'staff_account', row.id, { username: body.username, role: body.role });
      return getStaff(tx, row.id);
    });
  } catch (err) {
    // Two requests for the same new name at once: the unique index decides, the loser hears 409.
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

function duplicate() {
  return AppError.conflict(ADMINS_MESSAGES.duplicate, { username: ADMINS_MESSAGES.duplicate });
}

/**
 * Changes name, role or active state. Taking an account out of the active super-admins (deactivating
 * or demoting one) first locks every active super-admin row, so two such requests run one after the
 * other and the second sees what the first left: there is always one active super-admin.
 */
export async function updateStaff(db: Db, actor: Actor, id: number, body: UpdateBody): Promise<StaffAccount> {
  return db.transaction(async (tx) => {
    // Lock order is the same for every request (active super-admins by id, then the account).
    const activeSupers = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'super-admin'), eq(users.active, true)))
      .orderBy(asc(users.id))
      .for('update');
    const [current] = await tx
      .select({ id: users.id, role: users.role, active: users.active, fullName: users.fullName })
      .from(users)
      .where(and(eq(users.id, id), isStaff))
      .for('update');
    if (!current) throw AppError.notFound(ADMINS_MESSAGES.notFound);

    const role = body.role ?? current.role;
    const active = body.active ?? current.active;
    const deactivating = current.active && !active;
    const demoting = current.role === 'super-admin' && role !== 'super-admin';

    if (id === actor.userId && deactivating) throw AppError.conflict(ADMINS_MESSAGES.selfDeactivate);
    if (id === actor.userId && demoting) throw AppError.conflict(ADMINS_MESSAGES.selfDemote);
    const wasActiveSuper = activeSupers.some((s) => s.id === id);
    if (wasActiveSuper && (deactivating || demoting) && activeSupers.length <= 1) {
      throw AppError.conflict(ADMINS_MESSAGES.lastSuperAdmin);
    }

    await tx
      .update(users)
      .set({
        ...(body.fullName !== undefined ? { fullName: body.fullName } : {}),
        role,
        active,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id));
    // A deactivated or demoted account signs in again, with what it now is.
    if (deactivating || demoting) await endUserSessions(tx, id);
    await audit(
      tx,
      actor,
      'update',
      'staff_account',
      id,
      changedFields(current, { fullName: body.fullName ?? current.fullName, role, active }),
    );
    return getStaff(tx, id);
  });
}

/**
 * Sets a new password and ends the account's sessions; when the account is the actor's own, the
 * session `keepSessionId` (the one the actor is using) stays.
 */
export async function setStaffPassword(
  db: Db,
  actor: Actor,
  id: number,
  password: string,
  keepSessionId?: number,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, id), isStaff))
      .returning({ id: users.id });
    if (!row) throw AppError.notFound(ADMINS_MESSAGES.notFound);
    await endUserSessions(tx, id, id === actor.userId ? keepSessionId : undefined);
    await audit(tx, actor, 'set_password', 'staff_account', id);
  });
}
