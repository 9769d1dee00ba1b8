import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { clearSession } from '../../lib/cookies';
import { fa } from '../../messages/fa';

/** The service worker's cache of the signed-in student's own answers (docs/decisions/0004). */
const STUDENT_OFFLINE_CACHE = 'student-offline';
/** The service worker's cache of uploaded images; students' photos must not stay in it. */
const UPLOADS_CACHE = 'uploads';

/**
 * Drops the account's own copies from the device: the student's offline answers, and any student
 * photo an older service worker kept among the uploaded images.
 */
export async function dropPrivateCaches(): Promise<void> {
  if (!('caches' in window)) return;
  await caches.delete(STUDENT_OFFLINE_CACHE).catch(() => false);
  const uploads = await caches.open(UPLOADS_CACHE).catch(() => null);
  if (!uploads) return;
  for (const request of await uploads.keys()) {
    if (new URL(request.url).pathname.startsWith('/uploads/students/')) await uploads.delete(request);
  }
}

/**
 * Ends the session on the server, clears both cookies and the offline copies of the account's own data
 * and photos (a family phone is often shared), and goes to /auth.
 */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      // The contract's client comes with the tap: the area's first screen is drawn without zod
      // (docs/decisions/0032). Offline, the chunk fails like the call would, and the session ends here.
      const [{ call }, { authContract }] = await Promise.all([
        import('../../lib/api-client'),
        import('@madreseh/contract/auth/auth.contract'),
      ]);
      await call(authContract.logout);
    } catch (err) {
      // The cookies go either way; an expired session is already over on the server.
      console.warn('Logout call failed', err);
    }
    clearSession();
    queryClient.clear();
    await dropPrivateCaches().catch(() => undefined);
    notifications.show({ message: fa.auth.loggedOut });
    navigate('/auth', { replace: true });
  }, [navigate, queryClient]);
}
