import {
  type AdminNews,
  NEWS_AUDIENCE_LABELS,
  NEWS_STATE_LABELS,
  type NewsState,
} from '@madreseh/contract/news/news.contract';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical, IconEdit, IconPin, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatJalaliDateTime } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { useCardList } from '../../../ui/use-card-list';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { newsQueries, useDeleteNews } from '../api';
import { NewsForm } from '../components/news-form';
import { newsFa } from '../messages';

const STATE_COLORS: Record<NewsState, string> = { draft: 'gray', scheduled: 'orange', published: 'green' };

/** Who wrote an item; a teacher's item says so (she wrote it to her own classes). */
function Author({ n }: { n: AdminNews }) {
  if (!n.author) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="news-author">
      <Text fz="sm" c="dimmed">
        {n.author}
      </Text>
      {n.byTeacher && (
        <Badge size="sm" variant="light" color="grape">
          {newsFa.byTeacher}
        </Badge>
      )}
    </Group>
  );
}

/** One news item as a compact card, for phones: title, state, audience, publish time and a menu. */
function NewsCardRow({ n, onEdit, onDelete }: { n: AdminNews; onEdit: () => void; onDelete: () => void }) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="news-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" align="flex-start" miw={0}>
          {n.pinned && (
            <IconPin
              size={16}
              aria-label={newsFa.pinned}
              color="var(--mantine-color-brand-6)"
              style={{ flexShrink: 0, marginTop: 4 }}
            />
          )}
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {n.title}
          </Text>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`${newsFa.columns.actions}: ${n.title}`}>
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
      </Group>
      <Group gap="xs" mt={6} wrap="wrap">
        <Badge color={STATE_COLORS[n.state]} variant="light">
          {NEWS_STATE_LABELS[n.state]}
        </Badge>
        <Text fz="sm" c="dimmed">
          {NEWS_AUDIENCE_LABELS[n.audience]}
        </Text>
        <Author n={n} />
        <Text fz="sm" c="dimmed" className="tabular">
          {formatJalaliDateTime(n.publishAt)}
        </Text>
      </Group>
    </Paper>
  );
}

export function Component() {
  const mobile = useMediaQuery('(max-width: 48em)');
  const cards = useCardList();
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [state, setState] = useState<NewsState | ''>('');
  const [debounced] = useDebouncedValue(q, 300);
  const [editing, setEditing] = useState<AdminNews | null | 'new'>(null);
  const list = useQuery({
    ...newsQueries.admin({ page, pageSize: 20, q: debounced || undefined, state: state || undefined }),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteNews();
  const deleting = useConfirmDelete(remove, { variables: (n: AdminNews) => n.id, success: newsFa.deleted });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <>
      <PageHeader
        title={newsFa.title}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }, { label: fa.dashboard.news }]}
      />
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group wrap="wrap">
          <TextInput
            leftSection={<IconSearch size={16} />}
            placeholder={newsFa.search}
            aria-label={newsFa.search}
            value={q}
            onChange={(e) => {
              setQ(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            aria-label={newsFa.fieldStatus}
            value={state}
            onChange={(v) => {
              setState((v ?? '') as NewsState | '');
              setPage(1);
            }}
            data={[
              { value: '', label: newsFa.allStates },
              ...(['published', 'scheduled', 'draft'] as const).map((s) => ({ value: s, label: NEWS_STATE_LABELS[s] })),
            ]}
            w={160}
          />
        </Group>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          {newsFa.create}
        </Button>
      </Group>
      {cards ? (
        <Stack gap="xs">
          {data?.items.map((n) => (
            <NewsCardRow key={n.id} n={n} onEdit={() => setEditing(n)} onDelete={() => deleting.ask(n)} />
          ))}
          {data && data.items.length === 0 && (
            <Paper withBorder radius="md">
              <Text c="dimmed" ta="center" p="xl">
                {newsFa.empty}
              </Text>
            </Paper>
          )}
        </Stack>
      ) : (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={760}>
            <Table stickyHeader verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{newsFa.columns.title}</Table.Th>
                  <Table.Th>{newsFa.columns.audience}</Table.Th>
                  <Table.Th>{newsFa.columns.author}</Table.Th>
                  <Table.Th>{newsFa.columns.state}</Table.Th>
                  <Table.Th>{newsFa.columns.date}</Table.Th>
                  <Table.Th w={100}>{newsFa.columns.actions}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.items.map((n) => (
                  <Table.Tr key={n.id} data-testid="news-row">
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        {n.pinned && (
                          <IconPin size={16} aria-label={newsFa.pinned} color="var(--mantine-color-brand-6)" />
                        )}
                        <Text fw={500}>{n.title}</Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>{NEWS_AUDIENCE_LABELS[n.audience]}</Table.Td>
                    <Table.Td>
                      <Author n={n} />
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATE_COLORS[n.state]} variant="light">
                        {NEWS_STATE_LABELS[n.state]}
                      </Badge>
                    </Table.Td>
                    <Table.Td className="tabular">{formatJalaliDateTime(n.publishAt)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${newsFa.edit}: ${n.title}`}
                          onClick={() => setEditing(n)}
                        >
                          <IconEdit size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`${newsFa.delete}: ${n.title}`}
                          onClick={() => deleting.ask(n)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data && data.items.length === 0 && (
            <Text c="dimmed" ta="center" p="xl">
              {newsFa.empty}
            </Text>
          )}
        </Paper>
      )}
      <PersianPagination pages={pages} page={page} onChange={setPage} />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? newsFa.create : newsFa.edit}
        size="xl"
        fullScreen={mobile}
      >
        {editing !== null && <NewsForm editing={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmModal {...deleting.modalProps} title={newsFa.delete}>
        {deleting.item ? newsFa.confirmDelete(deleting.item.title) : ''}
      </ConfirmModal>
    </>
  );
}
