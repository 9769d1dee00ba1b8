import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { fa } from '../messages/fa';

/**
 * Asks before something that cannot be undone (deleting, mostly): the question, «انصراف» and a red
 * button that shows it is working while `loading`.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel = fa.confirm.delete,
  loading,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  loading?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Text>{children}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {fa.confirm.cancel}
        </Button>
        <Button color="red" loading={loading} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
