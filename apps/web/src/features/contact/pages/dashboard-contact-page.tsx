import type { ContactMessage } from '@madreseh/contract/contact/contact.contract';
import { Button, Group, Switch } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { SearchInput } from '../../../ui/search-input';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useCardList } from '../../../ui/use-card-list';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { contactListQuery, useBulkMessages, useOpenMessage, useSetRead } from '../api';
import { MessageCards, MessageDrawer, type MessageListProps, MessageTable } from '../components/message-list';
import { contactFa } from '../messages';

export function Component() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [unread, setUnread] = useState(false);
  const [debounced] = useDebouncedValue(q, 300);
  const [selected, setSelected] = useState<number[]>([]);
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const list = useQuery(contactListQuery(page, debounced, unread));
  const cards = useCardList();
  const openMsg = useOpenMessage();
  const setRead = useSetRead();
  const bulk = useBulkMessages();
  const show = { onSuccess: (m: ContactMessage) => setOpen(m) };
  const afterBulk = () => {
    setSelected([]);
    setOpen(null);
  };
  const runBulk = (input: { ids: number[]; action: 'read' | 'unread' }) =>
    bulk.mutate(input, {
      onSuccess: () => {
        toastSuccess(contactFa.done);
        afterBulk();
      },
      onError: (e) => toastError(e),
    });
  const deleting = useConfirmDelete(bulk, {
    variables: (ids: number[]) => ({ ids, action: 'delete' as const }),
    success: contactFa.done,
    onDeleted: afterBulk,
  });

  const data = list.data;
  const ids = data?.items.map((m) => m.id) ?? [];
  const listProps: MessageListProps = {
    items: data?.items,
    ids,
    selected,
    allSelected: ids.length > 0 && ids.every((id) => selected.includes(id)),
    onSelect: setSelected,
    onToggle: (id) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id])),
    onOpen: (m) => openMsg.mutate(m.id, show),
  };

  return (
    <>
      <DashboardPageHeader
        title={contactFa.manageTitle}
        description={data ? contactFa.unreadCount(digitsToPersian(data.unread)) : undefined}
        crumbs={[{ label: fa.dashboard.messages }]}
      />
      <MessageToolbar
        q={q}
        unread={unread}
        selected={selected}
        onSearch={(v) => {
          setQ(v);
          setPage(1);
        }}
        onUnread={(v) => {
          setUnread(v);
          setPage(1);
        }}
        onReadSelected={() => runBulk({ ids: selected, action: 'read' })}
        onDeleteSelected={() => deleting.ask(selected)}
      />
      {cards ? <MessageCards {...listProps} /> : <MessageTable {...listProps} />}
      <PersianPagination of={data} page={page} onChange={setPage} />
      <MessageDrawer
        open={open}
        onClose={() => setOpen(null)}
        onToggleRead={(m) => setRead.mutate({ id: m.id, read: !m.read }, show)}
        onDelete={(m) => deleting.ask([m.id])}
      />
      <ConfirmModal {...deleting.modalProps} title={contactFa.delete}>
        {deleting.item ? contactFa.confirmDelete(digitsToPersian(deleting.item.length)) : ''}
      </ConfirmModal>
    </>
  );
}

/** Search, «unread only», and what to do with the checked messages. */
function MessageToolbar({
  q,
  unread,
  selected,
  onSearch,
  onUnread,
  onReadSelected,
  onDeleteSelected,
}: {
  q: string;
  unread: boolean;
  selected: number[];
  onSearch: (q: string) => void;
  onUnread: (unread: boolean) => void;
  onReadSelected: () => void;
  onDeleteSelected: () => void;
}) {
  return (
    <Group mb="md" wrap="wrap" justify="space-between">
      <Group wrap="wrap">
        <SearchInput label={contactFa.search} value={q} onChange={onSearch} />
        <Switch label={contactFa.unreadOnly} checked={unread} onChange={(e) => onUnread(e.currentTarget.checked)} />
      </Group>
      {selected.length > 0 && (
        <Group gap="xs">
          <Button variant="light" onClick={onReadSelected}>
            {contactFa.readSelected}
          </Button>
          <Button variant="light" color="red" onClick={onDeleteSelected}>
            {contactFa.deleteSelected}
          </Button>
        </Group>
      )}
    </Group>
  );
}
