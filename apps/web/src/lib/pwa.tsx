import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { fa } from '../messages/fa';

/**
 * Registers /sw.js and shows an "update available" toast when a new version is waiting; the
 * toast stays until the visitor acts on it.
 */
export function PwaUpdates() {
  useEffect(() => {
    if (!navigator.serviceWorker || import.meta.env.DEV) return;
    let cancelled = false;
    void import('workbox-window').then(({ Workbox }) => {
      if (cancelled) return;
      const wb = new Workbox('/sw.js', { scope: '/' });
      wb.addEventListener('waiting', () => {
        notifications.show({
          id: 'pwa-update',
          autoClose: false,
          color: 'brand',
          title: fa.pwa.updateAvailable,
          message: (
            <Group justify="space-between" mt={4}>
              <Text size="sm">{fa.app.name}</Text>
              <Button
                size="xs"
                onClick={() => {
                  wb.addEventListener('controlling', () => window.location.reload());
                  wb.messageSkipWaiting();
                }}
              >
                {fa.pwa.update}
              </Button>
            </Group>
          ),
        });
      });
      wb.register().catch((err: unknown) => console.warn('Service worker registration failed', err));
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return null;
}
