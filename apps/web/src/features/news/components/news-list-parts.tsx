import { ActionIcon, Menu, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical, IconEdit, IconTrash } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { newsFa } from '../messages';

/**
 * The «⋮» menu of an item's card: edit and delete. `onOpenChange` tells the list, which holds its rows
 * in place while a menu is open (useRowMenuHold).
 */
export function NewsRowMenu({
  label,
  onEdit,
  onDelete,
  onOpenChange,
}: {
  label: string;
  onEdit: () => void;
  onDelete: () => void;
  onOpenChange: (opened: boolean) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal onChange={onOpenChange}>
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

/** What a phone's row of a news list is given: the item, its two actions, and whether its menu is open. */
export interface NewsRowProps<T> {
  n: T;
  onEdit: () => void;
  onDelete: () => void;
  onMenuChange: (opened: boolean) => void;
}

/**
 * The modal a news form opens in, for a new item (`editing` is 'new') or an item being edited, closed
 * when `editing` is null: the whole screen on a phone. `children` draws the form for the item (null
 * for a new one).
 */
export function NewsFormModal<T>({
  editing,
  onClose,
  titles,
  size,
  children,
}: {
  editing: T | 'new' | null;
  onClose: () => void;
  titles: { create: string; edit: string };
  size: 'lg' | 'xl';
  children: (item: T | null) => ReactNode;
}) {
  const mobile = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={editing === 'new' ? titles.create : titles.edit}
      size={size}
      fullScreen={mobile}
    >
      {editing !== null && children(editing === 'new' ? null : editing)}
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
