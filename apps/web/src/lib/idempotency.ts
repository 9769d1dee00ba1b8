/**
 * One `Idempotency-Key` per user action on money endpoints (the contract marks them `idempotent`).
 * The same request made again before an answer arrived — a double click, or a retry after the
 * network dropped — carries the same key, so the server does it once and answers both with the
 * first answer. Once any answer arrives the action is over: the next identical request is a new
 * action with a new key (a second payment of the same amount is allowed on purpose).
 */
const open = new Map<string, string>();

/** 32 random hex digits; `crypto.getRandomValues` works on plain http too (a school's LAN address). */
function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The key of an action, named by everything that makes the request what it is. */
export function actionKey(identity: string): string {
  let key = open.get(identity);
  if (!key) {
    key = newKey();
    open.set(identity, key);
  }
  return key;
}

/** The server answered the action (whatever it said): its key is not used again. */
export function actionAnswered(identity: string): void {
  open.delete(identity);
}
