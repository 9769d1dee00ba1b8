import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * Answers the service worker gave from its cache because the network failed carry the time they were
 * first received (header `x-offline-at`). The API client notes it per URL, so a page can say that it
 * shows saved data, and since when; and overall, so a layout can say it once for every page.
 */
const OFFLINE_HEADER = 'x-offline-at';
const offlineAt = new Map<string, string>();

/** The oldest save time among the answers given from the cache since the network last answered. */
let savedSince: string | null = null;
const listeners = new Set<() => void>();

function setSavedSince(next: string | null) {
  if (next === savedSince) return;
  savedSince = next;
  for (const listener of listeners) listener();
}

export function noteOffline(url: string, headers: Headers): void {
  const at = headers.get(OFFLINE_HEADER);
  if (at) {
    offlineAt.set(url, at);
    setSavedSince(savedSince && savedSince < at ? savedSince : at);
  } else {
    // A fresh answer from the server: the network is back.
    offlineAt.delete(url);
    setSavedSince(null);
  }
}

/** When the last answer for this URL came from the offline cache: the ISO time it was saved; else null. */
export function offlineAtOf(url: string): string | null {
  return offlineAt.get(url) ?? null;
}

/**
 * While the API's answers come from the service worker's saved copies (the network fails, even if the
 * browser believes it is connected): the ISO time of the oldest of them; null once the server answers.
 */
export function useSavedCopySince(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => savedSince,
    () => null,
  );
}

/** Whether the browser says it is online, updated as it changes. */
export function useOnline(): boolean {
  const [online, setOnline] = useState(typeof navigator === 'undefined' ? true : navigator.onLine);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    setOnline(navigator.onLine);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  return online;
}
