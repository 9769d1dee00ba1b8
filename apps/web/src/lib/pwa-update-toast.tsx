import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Workbox } from 'workbox-window';
import { fa } from '../messages/fa';

/**
 * The "update available" toast, in its own chunk with the Mantine parts it shows: loaded only when a
 * new version is waiting, so the public pages' first load carries no Mantine (docs/decisions/0014).
 * It stays until the visitor acts on it.
 */
export function showUpdateToast(wb: Workbox): void {
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
}
