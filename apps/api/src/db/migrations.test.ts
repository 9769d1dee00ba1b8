import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, MIGRATIONS_DIR, openDatabase } from './client';
import { rowsOf } from './rows';

/**
 * Upgrading a database that earlier versions let take an invoice or a bank transfer twice: the
 * data migration settles the duplicates (with audit rows) before the unique indexes, or stops
 * with a clear sentence when money was already credited twice. On PGlite and on PostgreSQL.
 */

const BEFORE = '0006_pre_register';
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-migrations-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.splice(0)) await c();
  fs.rmSync(temp, { recursive: true, force: true });
});

/** The migrations folder as it was up to and including `last`. */
function migrationsUpTo(last: string): string {
  const dir = path.join(temp, last);
  fs.cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

async function freshDatabase(): Promise<{ database: Database; migrateTo(folder: string): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dir: null });
    cleanups.push(() => database.close());
    return { database, migrateTo: (folder) => migratePglite(database.db as never, { migrationsFolder: folder }) };
  }
  const name = `madreseh_m_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  cleanups.push(async () => {
    await database.close();
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.end();
  });
  return { database, migrateTo: (folder) => migrateNodePg(database.db as never, { migrationsFolder: folder }) };
}

type Row = Record<string, unknown>;

async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  return rowsOf(database.db, query);
}

/** A student with invoices and receipts as an earlier version could leave them. */
async function oldData(database: Database, receipts: { status: string; tracking: string }[]) {
  const db = database.db;
  const [user] = await rows(
    database,
    sql`insert into users (username, password_hash, role, full_name) values ('s1', 'x', 'student', 'الف') returning id`,
  );
  const [student] = await rows(
    database,
    sql`insert into students (user_id, first_name, last_name, national_code) values (${user?.id}, 'علی', 'رضایی', '0012345678') returning id`,
  );
  const invoice = async (title: string) =>
    (
      await rows(
        database,
        sql`insert into invoices (student_id, title, amount, due_date) values (${student?.id}, ${title}, 3000000, '2027-01-01') returning id`,
      )
    )[0]?.id as number;
  const ids = { first: await invoice('اردو'), second: await invoice('اردو'), other: await invoice('کتاب') };
  for (const r of receipts) {
    await db.execute(sql`insert into payments (invoice_id, method, amount, status, card_masked, tracking_number, transferred_at)
      values (${ids.first}, 'card_to_card', 1000000, ${r.status}, '************1234', ${r.tracking}, '2026-11-20T08:30:00Z')`);
  }
  return ids;
}

describe('upgrading a database with duplicates', () => {
  it('renames a repeated invoice and turns down repeated waiting receipts, with audit rows', async () => {
    const { database, migrateTo } = await freshDatabase();
    await migrateTo(migrationsUpTo(BEFORE));
    const ids = await oldData(database, [
      { status: 'pending', tracking: '556677' },
      { status: 'succeeded', tracking: '556677' },
      { status: 'pending', tracking: '556677' },
      { status: 'pending', tracking: '889900' },
    ]);
    await migrateTo(MIGRATIONS_DIR);

    const invoices = await rows(database, sql`select id, title from invoices order by id`);
    expect(invoices.map((i) => i.title)).toEqual(['اردو', `اردو (#${ids.second})`, 'کتاب']);
    const receipts = await rows(database, sql`select tracking_number, status, reject_reason from payments order by id`);
    expect(receipts.map((r) => [r.tracking_number, r.status])).toEqual([
      ['556677', 'rejected'],
      ['556677', 'succeeded'],
      ['556677', 'rejected'],
      ['889900', 'pending'],
    ]);
    expect(receipts[0]?.reject_reason).toMatch(/رسید تکراری/);
    const audits = await rows(database, sql`select action, entity from audit_log order by id`);
    expect(audits.map((a) => `${a.action} ${a.entity}`)).toEqual([
      'rename_duplicate invoice',
      'reject_receipt payment',
      'reject_receipt payment',
    ]);
  });

  it('stops with a clear sentence when one transfer was approved twice', async () => {
    const { database, migrateTo } = await freshDatabase();
    await migrateTo(migrationsUpTo(BEFORE));
    await oldData(database, [
      { status: 'succeeded', tracking: '556677' },
      { status: 'succeeded', tracking: '556677' },
    ]);
    await expect(migrateTo(MIGRATIONS_DIR)).rejects.toThrow();
    const error = await migrateTo(MIGRATIONS_DIR).catch((e: { cause?: { message?: string }; message: string }) =>
      String(e.cause?.message ?? e.message),
    );
    expect(error).toMatch(/record the same bank transfer/);
    // Nothing of the upgrade was applied.
    const [column] = await rows(
      database,
      sql`select count(*)::int as n from information_schema.columns where table_name = 'payments' and column_name = 'verifying_until'`,
    );
    expect(Number(column?.n)).toBe(0);
  });
});

describe('upgrading a database with Arabic-typed text', () => {
  it('stores ي/ى/ك as ی/ک and Arabic-Indic digits as Persian,', async () => {
    const { database, migrateTo } = await freshDatabase();
    await migrateTo(migrationsUpTo('0012_unpaid-invoices-counter'));
    await database.db.execute(sql`insert into pre_registrations
      (tracking_code, academic_year, first_name, last_name, national_code, birth_date, gender, grade,
       father_name, father_mobile, mother_name, address, notes)
      values ('1234567890', 1405, 'علي', 'كاظمي', '0012345678', '2014-01-01', 'male', 7,
       'مصطفى', '09121234567', 'زهرا', 'تهران، كوچهٔ ياس، پلاک ١٢', 'سلام
دنيا')`);
    await database.db.execute(sql`insert into contact_messages (name, reply_to, subject, message)
      values ('كيان', '09121234567', 'ثبت‌نام ٧', 'كلاس هفتم كي شروع مي‌شود؟')`);
    await migrateTo(MIGRATIONS_DIR);

    const [p] = await rows(
      database,
      sql`select first_name, last_name, father_name, address, notes from pre_registrations`,
    );
    expect(p).toEqual({
      first_name: 'علی',
      last_name: 'کاظمی',
      father_name: 'مصطفی',
      address: 'تهران، کوچهٔ یاس، پلاک ۱۲',
      notes: 'سلام\nدنیا',
    });
    const [c] = await rows(database, sql`select name, subject, message from contact_messages`);
    expect(c).toEqual({ name: 'کیان', subject: 'ثبت‌نام ۷', message: 'کلاس هفتم کی شروع می‌شود؟' });
  });
});
