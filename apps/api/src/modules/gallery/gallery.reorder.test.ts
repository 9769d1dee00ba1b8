import { contract } from '@madreseh/contract/endpoints';
import { beforeAll, describe, expect, it } from 'vitest';
import { galleryPhotos } from '../../db/schema/site';
import { answerOf, useTestApp } from '../../test/test-app';

const t = useTestApp();
let admin: Record<string, string>;
let ids: number[];

beforeAll(async () => {
  admin = t.as(await t.sessionFor('admin'));
  await t.db.delete(galleryPhotos);
  // Six photos; two pairs share a place (as two uploads at the same moment can).
  const rows = await t.db
    .insert(galleryPhotos)
    .values(
      [0, 0, 1, 2, 3, 3].map((position, i) => ({ imageKey: `gallery/2026/p${i}`, width: 10, height: 10, position })),
    )
    .returning({ id: galleryPhotos.id });
  ids = rows.map((r) => r.id).sort((a, b) => a - b);
});

async function order(): Promise<number[]> {
  const res = await t.call(contract.gallery.list, { query: { pageSize: 100 }, headers: admin });
  return answerOf(contract.gallery.list, res).items.map((i) => i.id);
}

async function reorder(payload: Record<string, unknown>) {
  return t.call(contract.gallery.reorder, { headers: admin, body: payload });
}

describe('reordering the gallery one page at a time', () => {
  it('moves photos within the places they hold (page 2 stays page 2), whatever ties there were', async () => {
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    expect(await order()).toEqual([a, b, c, d, e, f]);
    const page2 = await t.call(contract.gallery.list, { query: { page: 2, pageSize: 2 }, headers: admin });
    expect(page2.json().items.map((i: { id: number }) => i.id)).toEqual([c, d]);

    // The last page's two photos share a place: they still swap.
    expect((await reorder({ ids: [f, e], inPlace: true })).statusCode).toBe(200);
    expect(await order()).toEqual([a, b, c, d, f, e]);
    expect((await reorder({ ids: [d, c], inPlace: true })).statusCode).toBe(200);
    expect(await order()).toEqual([a, b, d, c, f, e]);
    expect((await reorder({ ids: [b, a, c, d], inPlace: true })).statusCode).toBe(200);
    expect(await order()).toEqual([b, a, c, d, f, e]);
  });

  it('still puts the given photos first without inPlace', async () => {
    const before = await order();
    const last = before[before.length - 1] as number;
    expect((await reorder({ ids: [last] })).statusCode).toBe(200);
    expect(await order()).toEqual([last, ...before.slice(0, -1)]);
  });

  it('refuses unknown and repeated ids with nothing changed', async () => {
    const before = await order();
    expect((await reorder({ ids: [ids[0], 999_999], inPlace: true })).statusCode).toBe(404);
    const dup = await reorder({ ids: [ids[0], ids[0]], inPlace: true });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().message).toBe('شناسهٔ تکراری در ترتیب عکس‌ها.');
    expect((await reorder({ ids: [ids[0]], inPlace: 'yes' })).statusCode).toBe(400);
    expect(await order()).toEqual(before);
  });
});
