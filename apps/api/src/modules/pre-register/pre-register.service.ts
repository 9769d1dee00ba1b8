import { randomInt } from 'node:crypto';
import { tehranDayStart } from '@madreseh/contract/jalali';
import {
  PRE_REGISTER_NEXT,
  PRE_REGISTER_STATUS_LABELS,
  type PreRegisterFilter,
  type PreRegisterPublicStatus,
  type PreRegisterStatus,
  type PreRegistration,
  type preRegisterBodySchema,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { fullNameOf, normalizePersian } from '@madreseh/contract/text';
import { and, asc, desc, eq, gte, ilike, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { preRegistrations } from '../../db/schema/pre-register';
import { users } from '../../db/schema/users';
import type { Actor } from '../../lib/actor';
import { audit, changedFields } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { hit } from '../../lib/rate-limit';
import { enqueue } from '../notifications/outbox';
import { getSchoolProfile } from '../settings/settings.service';

export const PRE_REGISTER_LIMITS = { submitPerIp: 20, lookupPerIp: 30, windowMs: 10 * 60_000 } as const;
export const MESSAGES = {
  closed: 'پیش‌ثبت‌نام در حال حاضر بسته است.',
  gradeNotOffered: 'این پایه در مدرسه ارائه نمی‌شود.',
  notFound: 'پیش‌ثبت‌نامی با این کد پیگیری و کد ملی پیدا نشد.',
  tooMany: 'درخواست‌های زیادی از این نشانی رسیده است. چند دقیقهٔ دیگر دوباره تلاش کنید.',
  badTransition: 'این تغییر وضعیت مجاز نیست.',
} as const;

type Row = typeof preRegistrations.$inferSelect;

function toRecord(row: Row, changedBy: string | null): PreRegistration {
  return {
    id: row.id,
    trackingCode: row.trackingCode,
    academicYear: row.academicYear,
    firstName: row.firstName,
    lastName: row.lastName,
    nationalCode: row.nationalCode,
    birthDate: row.birthDate,
    gender: row.gender,
    grade: row.grade,
    previousSchool: row.previousSchool,
    lastAverage: row.lastAverage === null ? null : Number(row.lastAverage),
    fatherName: row.fatherName,
    fatherMobile: row.fatherMobile,
    fatherJob: row.fatherJob,
    motherName: row.motherName,
    motherMobile: row.motherMobile,
    motherJob: row.motherJob,
    phone: row.phone,
    address: row.address,
    notes: row.notes,
    status: row.status,
    adminNote: row.adminNote,
    statusChangedAt: row.statusChangedAt ? row.statusChangedAt.toISOString() : null,
    statusChangedBy: changedBy,
    createdAt: row.createdAt.toISOString(),
  };
}

function isUniqueViolation(err: unknown, constraint: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: c, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' && (c === constraint || message?.includes(constraint))) return true;
  }
  return false;
}

/**
 * Eight random digits: short enough to read out on the phone, 90 million of them (a clash is retried
 * below). Requests made before were given ten digits; those are still looked up.
 */
const newTrackingCode = () => String(randomInt(10_000_000, 100_000_000));

/**
 * Stores a pre-registration and answers its tracking code. The answer is the same whether or not the
 * national code has registered this year: a second form is kept as a record of its own (staff see both
 * when they search the national code), so nobody learns from the answer, or from a lookup with the
 * tracking code they were given, that somebody else registered that national code.
 */
export async function submit(db: Db, body: z.output<typeof preRegisterBodySchema>, ip: string) {
  if ((await hit(db, `prereg:submit:${ip}`, PRE_REGISTER_LIMITS.windowMs)) > PRE_REGISTER_LIMITS.submitPerIp) {
    throw AppError.tooMany(MESSAGES.tooMany);
  }
  const school = await getSchoolProfile(db);
  if (!school.preRegistrationOpen) throw AppError.conflict(MESSAGES.closed);
  if (!school.gradesOffered.includes(body.grade)) {
    throw AppError.badRequest(MESSAGES.gradeNotOffered, { grade: MESSAGES.gradeNotOffered });
  }
  const academicYear = school.academicYear;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const [row] = await db
        .insert(preRegistrations)
        .values({
          ...body,
          lastAverage: body.lastAverage === null ? null : body.lastAverage.toFixed(2),
          trackingCode: newTrackingCode(),
          academicYear,
          searchText: searchTextOf(body.firstName, body.lastName, body.nationalCode),
        })
        .returning({ trackingCode: preRegistrations.trackingCode, createdAt: preRegistrations.createdAt });
      if (!row) throw new Error('insert returned nothing');
      return { trackingCode: row.trackingCode, createdAt: row.createdAt.toISOString(), academicYear };
    } catch (err) {
      if (!isUniqueViolation(err, 'pre_registrations_tracking_key')) throw err;
    }
  }
  throw new Error('could not find a free tracking code');
}

function searchTextOf(firstName: string, lastName: string, nationalCode: string) {
  return normalizePersian(`${firstName} ${lastName} ${nationalCode}`).toLowerCase();
}

export async function lookup(
  db: Db,
  query: { trackingCode: string; nationalCode: string },
  ip: string,
): Promise<PreRegisterPublicStatus> {
  if ((await hit(db, `prereg:lookup:${ip}`, PRE_REGISTER_LIMITS.windowMs)) > PRE_REGISTER_LIMITS.lookupPerIp) {
    throw AppError.tooMany(MESSAGES.tooMany);
  }
  const [row] = await db
    .select()
    .from(preRegistrations)
    .where(
      and(eq(preRegistrations.trackingCode, query.trackingCode), eq(preRegistrations.nationalCode, query.nationalCode)),
    );
  if (!row) throw AppError.notFound(MESSAGES.notFound);
  return {
    trackingCode: row.trackingCode,
    firstName: row.firstName,
    lastName: row.lastName,
    grade: row.grade,
    academicYear: row.academicYear,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    statusChangedAt: row.statusChangedAt ? row.statusChangedAt.toISOString() : null,
  };
}

function filterWhere(f: PreRegisterFilter): SQL | undefined {
  const c: SQL[] = [];
  if (f.status) c.push(eq(preRegistrations.status, f.status));
  if (f.grade) c.push(eq(preRegistrations.grade, f.grade));
  if (f.from) c.push(gte(preRegistrations.createdAt, tehranDayStart(f.from)));
  if (f.to) c.push(lt(preRegistrations.createdAt, new Date(tehranDayStart(f.to).getTime() + 86_400_000)));
  if (f.q) {
    const q = normalizePersian(f.q).toLowerCase();
    if (/^\d{8}$/.test(q)) {
      c.push(eq(preRegistrations.trackingCode, q));
    } else if (/^\d{10}$/.test(q)) {
      // A national code, or a tracking code of the older, ten-digit kind.
      c.push(sql`(${preRegistrations.trackingCode} = ${q} or ${preRegistrations.nationalCode} = ${q})`);
    } else {
      c.push(ilike(preRegistrations.searchText, containsPattern(q)));
    }
  }
  return c.length ? and(...c) : undefined;
}

const changedBy = users.fullName;

const orderOf = (f: PreRegisterFilter) =>
  f.sort === 'name'
    ? [asc(preRegistrations.sortName), asc(preRegistrations.id)]
    : [desc(preRegistrations.createdAt), desc(preRegistrations.id)];

export async function list(db: Db, query: PreRegisterFilter & { page: number; pageSize: number }) {
  const where = filterWhere(query);
  const rows = await db
    .select({ row: preRegistrations, by: changedBy, total: sql<number>`count(*) over ()::int` })
    .from(preRegistrations)
    .leftJoin(users, eq(users.id, preRegistrations.statusChangedBy))
    .where(where)
    .orderBy(...orderOf(query))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.page > 1) {
    const [c] = await db.select({ n: sql<number>`count(*)::int` }).from(preRegistrations).where(where);
    total = c?.n ?? 0;
  }
  return { items: rows.map((r) => toRecord(r.row, r.by)), total, page: query.page, pageSize: query.pageSize };
}

/** Export rows are capped so one request cannot build an unbounded file. */
export const EXPORT_MAX_ROWS = 10_000;

export async function listForExport(db: Db, filter: PreRegisterFilter): Promise<PreRegistration[]> {
  const rows = await db
    .select({ row: preRegistrations, by: changedBy })
    .from(preRegistrations)
    .leftJoin(users, eq(users.id, preRegistrations.statusChangedBy))
    .where(filterWhere(filter))
    .orderBy(...orderOf(filter))
    .limit(EXPORT_MAX_ROWS);
  return rows.map((r) => toRecord(r.row, r.by));
}

export async function getOne(db: Db, id: number): Promise<PreRegistration> {
  const [r] = await db
    .select({ row: preRegistrations, by: changedBy })
    .from(preRegistrations)
    .leftJoin(users, eq(users.id, preRegistrations.statusChangedBy))
    .where(eq(preRegistrations.id, id));
  if (!r) throw AppError.notFound('پیش‌ثبت‌نام پیدا نشد.');
  return toRecord(r.row, r.by);
}

export async function setStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: PreRegisterStatus,
  adminNote: string,
  userId: number,
): Promise<PreRegistration> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({
        status: preRegistrations.status,
        adminNote: preRegistrations.adminNote,
        firstName: preRegistrations.firstName,
        lastName: preRegistrations.lastName,
        fatherMobile: preRegistrations.fatherMobile,
      })
      .from(preRegistrations)
      .where(eq(preRegistrations.id, id))
      .for('update');
    if (!current) throw AppError.notFound('پیش‌ثبت‌نام پیدا نشد.');
    if (status !== current.status && !PRE_REGISTER_NEXT[current.status].includes(status)) {
      throw AppError.conflict(
        `${MESSAGES.badTransition} (${PRE_REGISTER_STATUS_LABELS[current.status]} ← ${PRE_REGISTER_STATUS_LABELS[status]})`,
      );
    }
    await tx
      .update(preRegistrations)
      .set({ status, adminNote, statusChangedAt: new Date(), statusChangedBy: userId })
      .where(eq(preRegistrations.id, id));
    await audit(
      tx,
      actor,
      'pre_register.status',
      'pre_registration',
      id,
      changedFields({ status: current.status, adminNote: current.adminNote }, { status, adminNote }),
    );
    if (status !== current.status) {
      await enqueue(tx, {
        kind: 'pre_register_status',
        preRegistrationId: id,
        mobile: current.fatherMobile,
        name: fullNameOf(current),
        status: PRE_REGISTER_STATUS_LABELS[status],
      });
    }
  });
  return getOne(db, id);
}
