import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { eq, like, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import * as tar from 'tar';
import { describe, expect, it } from 'vitest';
import { type Db, MIGRATIONS_DIR, openDatabase } from '../../db/client';
import { migrationStatus, readJournal } from '../../db/migration-status';
import { rowsOf } from '../../db/rows';
import { students } from '../../db/schema/school';
import { rateLimits } from '../../db/schema/system';
import { imageFileNames } from '../../storage/images';
import { smallPng } from '../../test/images';
import { createScratchDatabase } from '../../test/scratch-database';
import { createBackup } from './backup';
import {
  admin,
  cleanups,
  contents,
  filesOf,
  fillEveryTable,
  freshTarget,
  source,
  t,
  temp,
  upload,
  uploadsDir,
  useBackupApp,
} from './backup.fixtures';
import { restoreBackup } from './restore';

/**
 * A backup holds the whole school: restored into a fresh place, every table has the same rows and
 * every upload the same bytes; a damaged or foreign archive is refused, as is a place that is not
 * empty. On PGlite (its own dump) and on PostgreSQL (pg_dump) alike.
 */

useBackupApp();

describe('backup and restore', { timeout: 120_000 }, () => {
  it('restores every table row for row and every upload byte for byte', async () => {
    await fillEveryTable();
    const before = await contents(t.db);
    const empty = Object.entries(before)
      .filter(([, rows]) => rows.length === 0)
      .map(([table]) => table);
    expect(empty).toEqual([]);
    const file = path.join(temp, 'full.tar');
    const result = await createBackup(source(), file);
    expect(result.uploads).toBeGreaterThanOrEqual(4);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const place = await freshTarget();
    const report = await restoreBackup({ file, target: place.target, uploadsDir: place.uploadsDir });
    expect(report.manifest.uploads.length).toBe(result.uploads);
    const restored = await place.open();
    try {
      const after = await contents(restored.db);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
    } finally {
      await restored.close();
    }
    const files = filesOf(uploadsDir);
    expect(Object.keys(files).length).toBe(result.uploads);
    expect(filesOf(place.uploadsDir)).toEqual(files);

    // Not into a place that holds data, unless forced.
    await expect(restoreBackup({ file, target: place.target, uploadsDir: place.uploadsDir })).rejects.toThrow(
      /not empty/,
    );
    // Forced: what was there is replaced (an embedded database and the uploads are kept aside, not deleted).
    const forced = await restoreBackup({ file, target: place.target, uploadsDir: place.uploadsDir, force: true });
    expect(forced.movedAside.length).toBe(place.target.kind === 'pglite' ? 2 : 1);
    for (const aside of forced.movedAside) expect(fs.existsSync(aside)).toBe(true);
    const again = await place.open();
    try {
      expect((await contents(again.db))['public.users']).toEqual(before['public.users']);
    } finally {
      await again.close();
    }
    expect(filesOf(place.uploadsDir)).toEqual(files);
  });

  it('is consistent while writes run: no invoice without student, no payment without invoice, no missing file', async () => {
    const [s2] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.userId, await t.userId('student2')));
    const student2 = t.as(await t.sessionFor('student2'));
    const png = await smallPng(300, 200);
    let writing = true;
    let done = 0;
    const writer = async (n: number) => {
      for (let i = 0; writing; i++) {
        const inv = await t.call(contract.payments.createInvoice, {
          params: { id: s2?.id },
          headers: admin,
          body: { title: `شهریهٔ ${n}-${i}`, amount: 1_000_000 + i, dueDate: '2027-06-01' },
        });
        expect(inv.statusCode, inv.body).toBe(201);
        // One student sends many receipts here; the hourly limit on receipts is not what is tested.
        await t.db.delete(rateLimits).where(like(rateLimits.key, 'receipt-upload:%'));
        await upload(
          contract.payments.cardToCard,
          {
            invoiceId: String(inv.json().id),
            amount: String(1_000_000 + i),
            cardLast4: '1234',
            trackingNumber: `${n}${i}${randomBytes(3).toString('hex')}`.replace(/[a-f]/g, '7').slice(0, 12),
            transferredAt: new Date(Date.now() - 60_000).toISOString(),
          },
          png,
          student2,
        );
        const photo = await upload(contract.gallery.create, { caption: `عکس ${n}-${i}`, album: 'همزمان' }, png, admin);
        if (i % 2 === 1) {
          const del = await t.call(contract.gallery.remove, { params: { id: photo.id }, headers: admin });
          expect(del.statusCode, del.body).toBeLessThan(300);
        }
        done += 1;
      }
    };
    const writers = [writer(1), writer(2)];
    while (done < 3) await new Promise((r) => setTimeout(r, 20));
    const file = path.join(temp, 'busy.tar');
    await createBackup(source(), file);
    const doneAtBackup = done;
    while (done < doneAtBackup + 2) await new Promise((r) => setTimeout(r, 20));
    writing = false;
    await Promise.all(writers);

    const place = await freshTarget();
    // Restore compares every table's rows with the manifest (counted in the dump's own snapshot).
    await restoreBackup({ file, target: place.target, uploadsDir: place.uploadsDir });
    const restored = await place.open();
    try {
      const q = (text: string) => rowsOf(restored.db, sql.raw(text));
      expect(
        await q('select i.id from invoices i left join students s on s.id = i.student_id where s.id is null'),
      ).toEqual([]);
      expect(
        await q('select p.id from payments p left join invoices i on i.id = p.invoice_id where i.id is null'),
      ).toEqual([]);
      const invoices = await q(`select count(*)::int as n from invoices where title like 'شهریهٔ %'`);
      expect(Number(invoices[0]?.n)).toBeGreaterThan(0);
      // Every image the restored database names has all its files in the restored uploads.
      const keys = await q(
        `select image_key as k from gallery_photos union all select receipt_key from payments where receipt_key is not null`,
      );
      expect(keys.length).toBeGreaterThan(0);
      const files = new Set(Object.keys(filesOf(place.uploadsDir)));
      const missing = keys.flatMap((r) => imageFileNames(String(r.k)).filter((f) => !files.has(f)));
      expect(missing).toEqual([]);
    } finally {
      await restored.close();
    }
  });

  it('refuses a damaged archive, and one that is not a backup, writing nothing', async () => {
    const file = path.join(temp, 'full.tar');
    const unpacked = fs.mkdtempSync(path.join(temp, 'unpacked-'));
    await tar.extract({ file, cwd: unpacked });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    const victim = path.join(unpacked, 'uploads', ...String(manifest.uploads[0].name).split('/'));
    const bytes = fs.readFileSync(victim);
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    fs.writeFileSync(victim, bytes);
    const damaged = path.join(temp, 'damaged.tar');
    await tar.create({ file: damaged, cwd: unpacked }, fs.readdirSync(unpacked));
    const place = await freshTarget();
    await expect(restoreBackup({ file: damaged, target: place.target, uploadsDir: place.uploadsDir })).rejects.toThrow(
      /does not match its checksum/,
    );
    const notBackup = path.join(temp, 'other.tar');
    fs.writeFileSync(path.join(unpacked, 'manifest.json'), '{"format":"something-else"}');
    await tar.create({ file: notBackup, cwd: unpacked }, ['manifest.json']);
    await expect(
      restoreBackup({ file: notBackup, target: place.target, uploadsDir: place.uploadsDir }),
    ).rejects.toThrow(/no valid manifest/);
    expect(fs.existsSync(place.uploadsDir)).toBe(false);
    if (place.target.kind === 'pglite') expect(fs.existsSync(path.join(place.target.dataDir, 'db'))).toBe(false);
  });

  it('migrates an archive of an older version forward after restoring it', async () => {
    const older = await olderDatabase('0010_figures-and-student-order');
    const file = path.join(temp, 'older.tar');
    await createBackup(
      { db: older.db, databaseUrl: older.url, uploadsDir: fs.mkdtempSync(path.join(temp, 'u-')) },
      file,
    );
    const place = await freshTarget();
    const report = await restoreBackup({ file, target: place.target, uploadsDir: place.uploadsDir });
    expect(report.manifest.migrations.last).toBe('0010_figures-and-student-order');
    expect(report.migratedFrom).toBe('0010_figures-and-student-order');
    const latest = readJournal(MIGRATIONS_DIR).at(-1)?.tag;
    expect(report.migratedTo).toBe(latest);
    const restored = await place.open();
    try {
      const status = await migrationStatus(restored.db, MIGRATIONS_DIR);
      expect(status.pending).toEqual([]);
      expect(status.last).toBe(latest);
    } finally {
      await restored.close();
    }
  });

  it('writes a portable dump that restores row for row, into the embedded database too', async () => {
    const before = await contents(t.db);
    const file = path.join(temp, 'portable.tar');
    const result = await createBackup({ ...source(), format: 'logical' }, file);
    const entries: string[] = [];
    await tar.list({ file, onReadEntry: (e) => entries.push(e.path) });
    expect(entries.slice(0, 2)).toEqual(['manifest.json', 'database.jsonl.gz']);
    // Same engine, and (on a PostgreSQL run) from PostgreSQL into an embedded database.
    const places = [await freshTarget()];
    if (t.driver === 'postgres') {
      const dir = fs.mkdtempSync(path.join(temp, 'to-embedded-'));
      places.push({
        target: { kind: 'pglite', dataDir: dir },
        uploadsDir: path.join(dir, 'uploads'),
        open: () => openDatabase({ kind: 'pglite', dir: path.join(dir, 'db') }, { inProcess: true }),
      });
    }
    for (const place of places) {
      const report = await restoreBackup({ file, target: place.target, uploadsDir: place.uploadsDir });
      expect(report.manifest.uploads.length).toBe(result.uploads);
      const restored = await place.open();
      try {
        const after = await contents(restored.db);
        for (const table of Object.keys(before))
          expect(after[table], `${place.target.kind} ${table}`).toEqual(before[table]);
        // Ids go on after the largest restored one, and the append-only guard is back.
        const created = await rowsOf(
          restored.db,
          sql`insert into users (username, password_hash, role, full_name) values ('after-restore', 'x', 'admin', 'پس از بازیابی') returning id`,
        );
        const maxBefore = Math.max(...(before['public.users'] ?? []).map((j) => Number(JSON.parse(j).id)));
        expect(Number(created[0]?.id)).toBeGreaterThan(maxBefore);
        await restored.db.execute(sql`insert into audit_log (action, entity) values ('restore', 'test')`);
        await expect(restored.db.execute(sql`delete from audit_log`)).rejects.toThrow();
      } finally {
        await restored.close();
      }
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'writes the portable dump when pg_dump cannot be run, and says so',
    async () => {
      const path0 = process.env.PATH;
      process.env.PATH = fs.mkdtempSync(path.join(temp, 'no-tools-'));
      let result: Awaited<ReturnType<typeof createBackup>>;
      try {
        result = await createBackup(source(), path.join(temp, 'no-pg-dump.tar'));
      } finally {
        process.env.PATH = path0;
      }
      expect(result.note).toMatch(/^pg_dump was not found\. .*The portable dump was written instead\.$/);
      const entries: string[] = [];
      await tar.list({ file: result.file, onReadEntry: (e) => entries.push(e.path) });
      expect(entries[1]).toBe('database.jsonl.gz');
    },
  );
});

/** A database migrated only up to `last`, as an older version left it. */
async function olderDatabase(last: string): Promise<{ db: Db; url: string | null }> {
  const folder = path.join(temp, `migrations-${last}`);
  fs.cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === last) + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({ kind: 'pglite', dir: null }, { inProcess: true });
    cleanups.push(() => database.close());
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return { db: database.db, url: null };
  }
  const { url, drop } = await createScratchDatabase(serverUrl, 'o');
  const database = await openDatabase({ kind: 'postgres', url });
  cleanups.push(async () => {
    await database.close();
    await drop();
  });
  await migrateNodePg(database.db as never, { migrationsFolder: folder });
  return { db: database.db, url };
}
