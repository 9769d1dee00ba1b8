import { ActionIcon, Menu, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical, IconEdit, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { newsFa } from '../messages';

/** How many pages a list of `total` items has (at least one). */
export function pageCount(data: { total: number; pageSize: number } | undefined): number {
  return data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
}

/** The «⋮» menu of an item's card: edit and delete. */
export function NewsRowMenu({ label, onEdit, onDelete }: { label: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDotsVertical size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
          {newsFa.edit}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {newsFa.delete}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The modal a news form opens in: the whole screen on a phone. */
export function NewsFormModal({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: 'lg' | 'xl';
  children: ReactNode;
}) {
  const mobile = useMediaQuery('(max-width: 48em)');
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} fullScreen={mobile}>
      {children}
    </Modal>
  );
}

/** Deleting an item after asking: `ask(item)` opens the question, `modal` is the question itself. */
export function useDeleteNewsItem<T extends { id: number; title: string }>(
  remove: Pick<UseMutationResult<unknown, Error, number>, 'mutate' | 'isPending'>,
) {
  const deleting = useConfirmDelete(remove, { variables: (n: T) => n.id, success: newsFa.deleted });
  const modal = (
    <ConfirmModal {...deleting.modalProps} title={newsFa.delete}>
      {deleting.item ? newsFa.confirmDelete(deleting.item.title) : ''}
    </ConfirmModal>
  );
  return { ask: deleting.ask, modal };
}
