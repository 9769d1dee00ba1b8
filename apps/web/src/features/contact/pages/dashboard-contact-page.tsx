import type { ContactMessage } from '@madreseh/contract/contact/contact.contract';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { digitsToPersian, formatJalaliDateTime } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useCardList } from '../../../ui/use-card-list';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { contactListQuery, useBulkMessages, useOpenMessage, useSetRead } from '../api';
import { contactFa } from '../messages';

export function Component() {
  const _qc = useQueryClient();
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
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const ids = data?.items.map((m) => m.id) ?? [];
  const allSelected = ids.length > 0 && ids.every((id) => selected.includes(id));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const subjectOf = (m: ContactMessage) => (
    <>
      <Anchor
        component="button"
        type="button"
        onClick={() => openMsg.mutate(m.id, show)}
        fw="inherit"
        ta="start"
        style={{ overflowWrap: 'anywhere' }}
      >
        {m.subject}
      </Anchor>
      {!m.read && (
        <Badge size="xs" ms={6} variant="filled">
          {contactFa.new}
        </Badge>
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title={contactFa.manageTitle}
        description={data ? contactFa.unreadCount(digitsToPersian(data.unread)) : undefined}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }, { label: fa.dashboard.messages }]}
      />
      <Group mb="md" wrap="wrap" justify="space-between">
        <Group wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={contactFa.search}
            aria-label={contactFa.search}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Switch
            label={contactFa.unreadOnly}
            checked={unread}
            onChange={(e) => {
              setUnread(e.currentTarget.checked);
              setPage(1);
            }}
          />
        </Group>
        {selected.length > 0 && (
          <Group gap="xs">
            <Button variant="light" onClick={() => runBulk({ ids: selected, action: 'read' })}>
              {contactFa.readSelected}
            </Button>
            <Button variant="light" color="red" onClick={() => deleting.ask(selected)}>
              {contactFa.deleteSelected}
            </Button>
          </Group>
        )}
      </Group>
      {cards ? (
        <Stack gap="xs">
          {ids.length > 0 && (
            <Checkbox
              label={contactFa.selectAll}
              checked={allSelected}
              onChange={() => setSelected(allSelected ? [] : ids)}
              px="sm"
            />
          )}
          {data?.items.map((m) => (
            <Paper
              key={m.id}
              withBorder
              radius="md"
              p="sm"
              data-testid="message-row"
              data-read={m.read}
              fw={m.read ? undefined : 700}
            >
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <Checkbox
                  aria-label={`${contactFa.select}: ${m.subject}`}
                  checked={selected.includes(m.id)}
                  onChange={() => toggle(m.id)}
                  mt={2}
                />
                <Stack gap={2} miw={0} flex={1}>
                  <div>{subjectOf(m)}</div>
                  <Group justify="space-between" gap="xs" wrap="wrap">
                    <Text fz="sm" fw="inherit">
                      {m.name}
                    </Text>
                    <Text fz="xs" c="dimmed" className="tabular">
                      {formatJalaliDateTime(m.createdAt)}
                    </Text>
                  </Group>
                </Stack>
              </Group>
            </Paper>
          ))}
          {data?.items.length === 0 && (
            <Paper withBorder radius="md">
              <Text c="dimmed" ta="center" p="xl">
                {contactFa.empty}
              </Text>
            </Paper>
          )}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={560}>
            <Table stickyHeader highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label={contactFa.selectAll}
                      checked={allSelected}
                      onChange={() => setSelected(allSelected ? [] : ids)}
                    />
                  </Table.Th>
                  <Table.Th>{contactFa.from}</Table.Th>
                  <Table.Th>{contactFa.subject}</Table.Th>
                  <Table.Th>{contactFa.date}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((m) => (
                  <Table.Tr key={m.id} data-testid="message-row" data-read={m.read} fw={m.read ? undefined : 700}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`${contactFa.select}: ${m.subject}`}
                        checked={selected.includes(m.id)}
                        onChange={() => toggle(m.id)}
                      />
                    </Table.Td>
                    <Table.Td>{m.name}</Table.Td>
                    <Table.Td>{subjectOf(m)}</Table.Td>
                    <Table.Td className="tabular">{formatJalaliDateTime(m.createdAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data?.items.length === 0 && (
            <Text c="dimmed" ta="center" p="xl">
              {contactFa.empty}
            </Text>
          )}
        </Paper>
      )}
      <PersianPagination pages={pages} page={page} onChange={setPage} />
      <Drawer opened={open !== null} onClose={() => setOpen(null)} position="left" title={open?.subject} size="md">
        {open && (
          <Stack>
            <Text fw={500}>{open.name}</Text>
            <Text dir="ltr" ta="right" className="tabular">
              {digitsToPersian(open.replyTo)}
            </Text>
            <Text c="dimmed" fz="sm">
              {formatJalaliDateTime(open.createdAt)}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="message-body">
              {open.message}
            </Text>
            <Group>
              <Button variant="light" onClick={() => setRead.mutate({ id: open.id, read: !open.read }, show)}>
                {open.read ? contactFa.markUnread : contactFa.markRead}
              </Button>
              <Button variant="light" color="red" onClick={() => deleting.ask([open.id])}>
                {contactFa.delete}
              </Button>
            </Group>
          </Stack>
        )}
      </Drawer>
      <ConfirmModal {...deleting.modalProps} title={contactFa.delete}>
        {deleting.item ? contactFa.confirmDelete(digitsToPersian(deleting.item.length)) : ''}
      </ConfirmModal>
    </>
  );
}
