/** How long after a reload caused by a failed chunk another one is refused. */
export const RELOAD_GUARD_TTL_MS = 10_000;
const KEY = 'madreseh:chunk-reload-at';

/**
 * Runs a lazy import; when it fails (a deploy replaced the chunk files) the page reloads once.
 * A second failure within 10 s is thrown to the error page instead, so it can never loop.
 */
export async function importWithReload<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (err) {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last > RELOAD_GUARD_TTL_MS) {
      sessionStorage.setItem(KEY, String(Date.now()));
      window.location.reload();
      // Keep the router waiting while the page reloads.
      return new Promise<T>(() => {});
    }
    throw err;
  }
}
