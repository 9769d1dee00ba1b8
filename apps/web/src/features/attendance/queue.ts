import { attendanceContract, type SheetSave } from '@madreseh/contract/attendance/attendance.contract';
import { useSyncExternalStore } from 'react';
import { ApiError, call } from '../../lib/api-client';
import { readUser } from '../../lib/cookies';

/**
 * Attendance saved without a network waits on the phone (localStorage, per account) and is sent when
 * the network returns: on the browser's `online` event, when the page opens, and by hand. Each queued
 * save keeps the key it was made with, so a save the server did receive but whose answer was lost is
 * answered again, never applied twice (docs/decisions/0024).
 */
export interface QueuedSave {
  body: SheetSave & { clientKey: string };
  queuedAt: string;
  /** The server's refusal, kept for the teacher to see (the save is dropped from the queue). */
  error?: string;
}

const keyOf = () => `attendance-queue:${readUser()?.id ?? 'none'}`;
const listeners = new Set<() => void>();
let snapshot: { key: string; raw: string | null; list: QueuedSave[] } | null = null;

function read(): QueuedSave[] {
  const key = keyOf();
  const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(key);
  if (snapshot && snapshot.key === key && snapshot.raw === raw) return snapshot.list;
  let list: QueuedSave[] = [];
  try {
    list = raw ? (JSON.parse(raw) as QueuedSave[]) : [];
  } catch {
    list = [];
  }
  snapshot = { key, raw, list };
  return list;
}

function write(list: QueuedSave[]) {
  if (list.length) localStorage.setItem(keyOf(), JSON.stringify(list));
  else localStorage.removeItem(keyOf());
  for (const l of listeners) l();
}

export function queuedSaves(): QueuedSave[] {
  return read();
}

export function enqueue(body: QueuedSave['body']): void {
  // A newer save of the same sheet replaces the one still waiting.
  const same = (q: QueuedSave) =>
    q.body.groupId === body.groupId && q.body.date === body.date && (q.body.period ?? null) === (body.period ?? null);
  write([...read().filter((q) => !same(q)), { body, queuedAt: new Date().toISOString() }]);
}

let flushing: Promise<{ sent: number; failed: string[] }> | null = null;

/** Sends what waits, oldest first; stops at the first network failure (the rest waits for the next try). */
export function flushQueue(): Promise<{ sent: number; failed: string[] }> {
  flushing ??= (async () => {
    let sent = 0;
    const failed: string[] = [];
    try {
      for (const q of read()) {
        try {
          await call(attendanceContract.save, { body: q.body });
          sent++;
        } catch (err) {
          if (
            err instanceof ApiError &&
            (err.isNetwork || err.status === 401 || err.status >= 500 || err.status === 429)
          )
            break;
          failed.push(err instanceof Error ? err.message : String(err));
        }
        write(read().filter((x) => x.body.clientKey !== q.body.clientKey));
      }
    } finally {
      flushing = null;
    }
    return { sent, failed };
  })();
  return flushing;
}

export function useQueuedSaves(): QueuedSave[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      const storage = (e: StorageEvent) => e.key === keyOf() && listener();
      window.addEventListener('storage', storage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', storage);
      };
    },
    read,
    () => [],
  );
}

/** A key for one save, made once by the browser. */
export function newClientKey(): string {
  return crypto.randomUUID();
}
