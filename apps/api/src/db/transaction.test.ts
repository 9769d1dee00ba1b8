import { describe, expect, it } from 'vitest';
import type { Db } from './client';
import { inTransaction } from './transaction';

/** The loser of a race (serialisation failure, deadlock) is run once more; anything else is not. */

function fakeDb(failures: unknown[]) {
  let calls = 0;
  const db = {
    async transaction(fn: (tx: unknown) => Promise<unknown>) {
      calls += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return fn({});
    },
  } as unknown as Db;
  return { db, calls: () => calls };
}

// Drizzle wraps the driver's error; the code is on its cause.
const pgError = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });

describe('inTransaction', () => {
  it('runs a transaction that lost a deadlock or a serialisation race once more', async () => {
    for (const code of ['40P01', '40001']) {
      const { db, calls } = fakeDb([pgError(code)]);
      expect(await inTransaction(db, async () => 'done')).toBe('done');
      expect(calls()).toBe(2);
    }
  });

  it('gives up after one retry, and never retries other errors', async () => {
    const twice = fakeDb([pgError('40P01'), pgError('40P01')]);
    await expect(inTransaction(twice.db, async () => 'done')).rejects.toThrow('Failed query');
    expect(twice.calls()).toBe(2);
    const unique = fakeDb([pgError('23505')]);
    await expect(inTransaction(unique.db, async () => 'done')).rejects.toThrow('Failed query');
    expect(unique.calls()).toBe(1);
  });
});
