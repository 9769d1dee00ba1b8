/**
 * Answers the service worker gave from its cache because the network failed carry the time they were
 * first received (header `x-offline-at`). The API client notes it per URL, so a page can say that it
 * shows saved data, and since when.
 */
const OFFLINE_HEADER = 'x-offline-at';
const offlineAt = new Map<string, string>();

export function noteOffline(url: string, headers: Headers): void {
  const at = headers.get(OFFLINE_HEADER);
  if (at) offlineAt.set(url, at);
  else offlineAt.delete(url);
}

/** When the last answer for this URL came from the offline cache: the ISO time it was saved; else null. */
export function offlineAtOf(url: string): string | null {
  return offlineAt.get(url) ?? null;
}
