import { contract } from '@madreseh/contract/endpoints';
import { addressOf, type TestApp, type TestAppOptions, useTestApp } from '../../test/test-app';

/* The app the sign-in test files share the making of: one per file, set by `useAuthApp()`. */
export let t: TestApp;
let ipCounter = 0;
/** Each brute-force test gets its own client address so the per-address limit of one does not touch another. */
export const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Opens the app before the file's tests and closes it after. */
export function useAuthApp(options?: TestAppOptions): void {
  t = useTestApp(options);
}

export function login(body: unknown, remoteAddress?: string) {
  return t.inject({
    method: 'POST',
    url: addressOf(contract.auth.login),
    payload: body as object,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
