import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Endpoint } from '@madreseh/contract/endpoint';
import { contract } from '@madreseh/contract/endpoints';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Database, type Db, openDatabase } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { students } from '../../db/schema/school';
import { databaseStorage } from '../../storage/database-storage';
import { holdingRemovals } from '../../storage/removal-hold';
import { localDiskStorage } from '../../storage/storage';
import { jpegWithGps, smallPng } from '../../test/images';
import { multipartBody } from '../../test/multipart';
import { createScratchDatabase } from '../../test/scratch-database';
import { addressOf, type TestApp, useTestApp } from '../../test/test-app';
import { countRows } from './database-dump';
import type { RestoreTarget } from './restore';

/* What the backup test shares: the app with its uploads, and how to fill and compare a school. */

export const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-backup-'));
export const cleanups: (() => Promise<void>)[] = [];
export let t: TestApp;
export let admin: Record<string, string>;
/** The app's uploads, through a storage whose deletions a backup can hold (as the server's is). */
export const uploadsDir = fs.mkdtempSync(path.join(temp, 'uploads-'));
const storage = holdingRemovals(localDiskStorage(uploadsDir));
export const source = () => ({ db: t.db, databaseUrl: t.databaseUrl, uploadsDir, holdRemovals: storage.holdRemovals });

/** Opens the app before the file's tests; afterwards closes it and removes what the tests made. */
export function useBackupApp(): void {
  // After hooks run in reverse order: the tests' cleanups, then the app's close, then this removal.
  afterAll(() => fs.rmSync(temp, { recursive: true, force: true }));
  t = useTestApp({ storage, config: { uploadsDir } });
  beforeAll(async () => {
    admin = t.as(await t.sessionFor('admin'));
  });
  afterAll(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
}

/** Every row of every table, as sorted JSON text per table. */
export async function contents(db: Db): Promise<Record<string, string[]>> {
  const counts = await countRows(async (q) => rowsOf(db, sql.raw(q)));
  const out: Record<string, string[]> = {};
  for (const table of Object.keys(counts)) {
    const [schema, name] = table.split('.') as [string, string];
    const rows = await rowsOf(db, sql.raw(`select to_jsonb(t)::text as j from "${schema}"."${name}" t`));
    out[table] = rows.map((r) => String(r.j)).sort();
  }
  return out;
}

export function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath, e.name);
    out[path.relative(dir, full)] = createHash('sha256').update(fs.readFileSync(full)).digest('hex');
  }
  return out;
}

/** A fresh, empty place to restore into: a new DATA_DIR, or a new database on the test server. */
export async function freshTarget(): Promise<{ target: RestoreTarget; uploadsDir: string; open(): Promise<Database> }> {
  const dir = fs.mkdtempSync(path.join(temp, 'restore-'));
  const uploadsDir = path.join(dir, 'uploads');
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      target: { kind: 'pglite', dataDir: dir },
      uploadsDir,
      open: () => openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') }, { inProcess: true }),
    };
  }
  const { url, drop } = await createScratchDatabase(serverUrl, 'r');
  cleanups.push(drop);
  return {
    target: { kind: 'postgres', url },
    uploadsDir,
    open: () => openDatabase({ kind: 'postgres', url }),
  };
}

export async function upload(
  endpoint: Endpoint,
  fields: Record<string, string>,
  data: Buffer,
  headers: Record<string, string>,
) {
  const body = multipartBody(fields, [{ filename: 'p.png', contentType: 'image/png', data }]);
  const res = await t.inject({
    method: 'POST',
    url: addressOf(endpoint),
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Rows in every table the school uses, and uploads of each kind (public images, private receipts). */
export async function fillEveryTable() {
  const student2 = t.as(await t.login('student2'));
  await t.call(contract.auth.login, { body: { username: 'admin', password: 'wrong-one' } });
  await upload(contract.gallery.create, { caption: 'جشن', album: 'جشن‌ها' }, await jpegWithGps(800, 600), admin);
  const [s2] = await t.db
    .select({ id: students.id })
    .from(students)
    .where(eq(students.userId, await t.userId('student2')));
  const inv = await t.call(contract.payments.createInvoice, {
    params: { id: s2?.id },
    headers: { ...admin, 'idempotency-key': 'backup-test-invoice-1' },
    body: { title: 'هزینهٔ اردو', amount: 5_000_000, dueDate: '2027-03-01' },
  });
  expect(inv.statusCode, inv.body).toBe(201);
  await upload(
    contract.payments.cardToCard,
    {
      invoiceId: String(inv.json().id),
      amount: '5000000',
      cardLast4: '4321',
      trackingNumber: '889900',
      transferredAt: new Date(Date.now() - 3_600_000).toISOString(),
    },
    await smallPng(600, 900),
    student2,
  );
  const contact = await t.call(contract.contact.send, {
    body: {
      name: 'ولی دانش‌آموز',
      replyTo: '09121234567',
      subject: 'جلسهٔ اولیا',
      message: 'سلام، زمان جلسهٔ اولیا کی است؟',
    },
  });
  expect(contact.statusCode, contact.body).toBeLessThan(300);
  const [group] = await rowsOf(t.db, sql`select id from groups order by id limit 1`);
  const notice = await t.call(contract.news.create, {
    headers: admin,
    body: {
      title: 'برای یک کلاس',
      summary: 'خلاصه',
      bodyHtml: '<p>متن</p>',
      pinned: false,
      status: 'published',
      audience: 'groups',
      groupIds: [Number(group?.id)],
    },
  });
  expect(notice.statusCode, notice.body).toBe(201);
  // A parent's one-time sign-in code waiting.
  const otp = await t.call(contract.auth.otpRequest, { body: { mobile: '09121234567' } });
  expect(otp.statusCode, otp.body).toBe(200);
  await t.app.background.settled();
  // A parent's payment of several invoices, started (a batch and its shares), and non-essential SMS off.
  const parent = t.as(await t.sessionFor('parent1'));
  const children = (
    (await t.call(contract.parent.children, { headers: parent })).json() as {
      items: { id: number }[];
    }
  ).items;
  const open: number[] = [];
  for (const child of children) {
    const list = await t.call(contract.parent.invoices, { params: { childId: child.id }, headers: parent });
    const first = (list.json() as { invoices: { id: number; payable: number }[] }).invoices.find((i) => i.payable > 0);
    if (first) open.push(first.id);
  }
  const batch = await t.call(contract.parent.batchPay, { headers: parent, body: { invoiceIds: open } });
  expect(batch.statusCode, batch.body).toBe(200);
  const optOut = await t.call(contract.notifications.putSmsPreferences, { headers: parent, body: { optional: false } });
  expect(optOut.statusCode, optOut.body).toBe(200);
  // An upload kept in the database (as several instances on PostgreSQL keep them).
  await databaseStorage(t.db).put('news/2026/cccccccccccccccccccccccc-400.webp', await smallPng(40, 40));
}
