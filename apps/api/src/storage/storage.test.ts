import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { contract } from '@madreseh/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { invoices, payments } from '../db/schema/payments';
import { students } from '../db/schema/school';
import { smallPng } from '../test/images';
import { multipartBody } from '../test/multipart';
import { addressOf, useTestApp } from '../test/test-app';
import { localDiskStorage, removePartialUploads, type Storage } from './storage';

/** A full disk: nothing half-written is kept, users hear a Persian 507, and the log says it once. */

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'madreseh-storage-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
});

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(dir, f)).isFile());
}

function enospc(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
}

describe('local disk storage', () => {
  it('removes the half-written file when the disk fills up during a write', async () => {
    const dir = path.join(root, 'full');
    const storage = localDiskStorage(dir);
    const realWrite = fs.promises.writeFile;
    vi.spyOn(fs.promises, 'writeFile').mockImplementation(async (file, data) => {
      // Half of the bytes reach the disk, then it is full.
      await realWrite(file as string, (data as Buffer).subarray(0, 10));
      throw enospc();
    });
    await expect(storage.put('gallery/2026/abc-400.webp', Buffer.alloc(100, 1))).rejects.toMatchObject({
      code: 'ENOSPC',
    });
    expect(filesUnder(dir)).toEqual([]);
  });

  it('removes the written file when it cannot be moved into place', async () => {
    const dir = path.join(root, 'blocked');
    const storage = localDiskStorage(dir);
    fs.mkdirSync(path.join(dir, 'gallery', '2026', 'abc-400.webp'), { recursive: true });
    await expect(storage.put('gallery/2026/abc-400.webp', Buffer.alloc(100, 1))).rejects.toThrow();
    expect(filesUnder(dir)).toEqual([]);
  });

  it('sweeps half-written files older than the given age, and nothing else', async () => {
    const dir = path.join(root, 'sweep', 'receipts', '2026');
    fs.mkdirSync(dir, { recursive: true });
    const old = new Date(Date.now() - 2 * 3_600_000);
    for (const name of ['a-400.webp.0a1b2c.tmp', 'b-400.webp.3d4e5f.tmp', 'a-400.webp']) {
      fs.writeFileSync(path.join(dir, name), 'x');
    }
    fs.utimesSync(path.join(dir, 'a-400.webp.0a1b2c.tmp'), old, old);
    expect(await removePartialUploads(path.join(root, 'sweep'), 3_600_000)).toBe(1);
    expect(fs.readdirSync(dir).sort()).toEqual(['a-400.webp', 'b-400.webp.3d4e5f.tmp']);
    expect(await removePartialUploads(path.join(root, 'sweep'), 0)).toBe(1);
    expect(await removePartialUploads(path.join(root, 'missing'), 0)).toBe(0);
  });
});

describe('a full disk, as users and the log see it', () => {
  let full = true;
  const logLines: string[] = [];
  const dir = path.join(root, 'app');
  const disk = localDiskStorage(dir);
  const storage: Storage = {
    ...disk,
    put: async (name, data) => {
      if (full) throw enospc();
      return disk.put(name, data);
    },
  };
  const t = useTestApp({
    storage,
    logStream: { write: (line) => logLines.push(line) },
    configure: (app) => {
      // What PostgreSQL and the embedded engine say when they cannot extend a table file.
      app.get('/test/database-full', async () => {
        throw Object.assign(new Error('could not extend file "base/5/16384": No space left on device'), {
          code: '53100',
        });
      });
    },
  });

  it('answers 507 with a Persian message, saves nothing, and logs one clear line', async () => {
    const student = await t.sessionFor('student1');
    const [me] = await t.db
      .select({ id: students.id })
      .from(students)
      .where(eq(students.userId, await t.userId('student1')));
    const [inv] = await t.db
      .insert(invoices)
      .values({ studentId: me?.id ?? 0, title: 'دیسک پر', amount: 5_000_000, dueDate: '2027-01-01' })
      .returning({ id: invoices.id });
    const send = async () => {
      const body = multipartBody(
        {
          invoiceId: String(inv?.id),
          amount: '5000000',
          cardLast4: '1234',
          trackingNumber: `${Date.now()}`,
          transferredAt: new Date(Date.now() - 60_000).toISOString(),
        },
        [{ filename: 'r.png', contentType: 'image/png', data: await smallPng(300, 400) }],
      );
      return t.inject({
        method: 'POST',
        url: addressOf(contract.payments.cardToCard),
        payload: body.payload,
        headers: { ...body.headers, ...t.as(student) },
      });
    };
    const answers = [await send(), await send(), await t.inject({ method: 'GET', url: '/test/database-full' })];
    for (const res of answers) {
      expect(res.statusCode).toBe(507);
      expect(res.json()).toEqual({ code: 'storage_full', message: expect.stringMatching(/فضای ذخیره‌سازی سرور پر/) });
    }
    expect(
      await t.db
        .select()
        .from(payments)
        .where(eq(payments.invoiceId, inv?.id ?? 0)),
    ).toHaveLength(0);
    const said = logLines.filter((l) => l.includes('DISK FULL'));
    expect(said).toHaveLength(1);
    expect(JSON.parse(said[0] ?? '{}')).toMatchObject({ level: 50, code: 'ENOSPC' });
    expect(logLines.some((l) => l.includes('request failed'))).toBe(false);

    // Space again: the same upload goes through.
    full = false;
    expect((await send()).statusCode).toBe(201);
  });
});
