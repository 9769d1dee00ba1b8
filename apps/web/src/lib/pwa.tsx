import { useEffect } from 'react';

/**
 * Registers /sw.js and shows an "update available" toast when a new version is waiting
 * (pwa-update-toast.tsx); the toast stays until the visitor acts on it.
 */
export function PwaUpdates() {
  useEffect(() => {
    if (!navigator.serviceWorker || import.meta.env.DEV) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => {
        void import('./pwa-update-toast').then(({ showUpdateToast }) => showUpdateToast(wb));
      });
      wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
