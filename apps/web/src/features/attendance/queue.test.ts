import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';

const call = vi.fn();
vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof import('../../lib/api-client')>()),
  call: (...args: unknown[]) => call(...args),
}));

const { enqueue, flushQueue, queuedSaves } = await import('./queue');

const body = (date: string) => ({ clientKey: `key-${date}`, groupId: 1, date, period: null, entries: [] });

describe('the offline attendance queue', () => {
  beforeEach(() => {
    localStorage.clear();
    call.mockReset();
  });

  it('drops a save the server refuses (a day outside the class’s year) with its Persian message, once', async () => {
    const refusal = 'این روز در سال تحصیلی این کلاس (۱۴۰۵–۱۴۰۶) نیست؛ تاریخ را بررسی کنید.';
    call.mockRejectedValueOnce(new ApiError(400, 'validation_error', refusal));
    call.mockResolvedValueOnce({});
    enqueue(body('2000-01-02'));
    enqueue(body('2026-11-24'));
    expect(await flushQueue()).toEqual({ sent: 1, failed: [refusal] });
    expect(queuedSaves()).toEqual([]);
    // Nothing is left to send again.
    expect(await flushQueue()).toEqual({ sent: 0, failed: [] });
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('keeps a save the server could not take (a network failure or 503) for the next try', async () => {
    call.mockRejectedValueOnce(new ApiError(503, 'unavailable', 'سرور در دسترس نیست.'));
    enqueue(body('2026-11-24'));
    expect(await flushQueue()).toEqual({ sent: 0, failed: [] });
    expect(queuedSaves()).toHaveLength(1);
  });
});
