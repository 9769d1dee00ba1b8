import {
  type AdminNews,
  NEWS_AUDIENCE_LABELS,
  NEWS_STATE_LABELS,
  NEWS_STATES,
  type NewsState,
} from '@madreseh/contract/news/news.contract';
import { ActionIcon, Badge, Button, Group, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPin, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatJalaliDateTime } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { EmptyNote } from '../../../ui/empty-note';
import { PersianPagination } from '../../../ui/persian-pagination';
import { SearchInput } from '../../../ui/search-input';
import { useCardList } from '../../../ui/use-card-list';
import { useRowMenuHold } from '../../../ui/use-held-while';
import { newsQueries, useDeleteNews } from '../api';
import { NewsForm } from '../components/news-form';
import { NewsFormModal, NewsRowMenu, type NewsRowProps, useDeleteNewsItem } from '../components/news-list-parts';
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

interface RowActions {
  onEdit: (n: AdminNews) => void;
  onDelete: (n: AdminNews) => void;
}

/** One news item as a compact card, for phones: title, state, audience, publish time and a menu. */
function NewsCardRow({ n, onEdit, onDelete, onMenuChange }: NewsRowProps<AdminNews>) {
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
        <NewsRowMenu
          label={`${newsFa.columns.actions}: ${n.title}`}
          onEdit={onEdit}
          onDelete={onDelete}
          onOpenChange={onMenuChange}
        />
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

/** The list on a phone: a card per item, held in place while one's menu is open. */
function NewsCards({ items: latest, onEdit, onDelete }: { items: AdminNews[] | undefined } & RowActions) {
  const { items, onMenuChange } = useRowMenuHold(latest);
  return (
    <Stack gap="xs">
      {items?.map((n) => (
        <NewsCardRow
          key={n.id}
          n={n}
          onEdit={() => onEdit(n)}
          onDelete={() => onDelete(n)}
          onMenuChange={onMenuChange}
        />
      ))}
      {items && items.length === 0 && <EmptyNote boxed>{newsFa.empty}</EmptyNote>}
    </Stack>
  );
}

function NewsTableRow({ n, onEdit, onDelete }: { n: AdminNews } & RowActions) {
  return (
    <Table.Tr data-testid="news-row">
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          {n.pinned && <IconPin size={16} aria-label={newsFa.pinned} color="var(--mantine-color-brand-6)" />}
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
          <ActionIcon variant="subtle" aria-label={`${newsFa.edit}: ${n.title}`} onClick={() => onEdit(n)}>
            <IconEdit size={18} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${newsFa.delete}: ${n.title}`}
            onClick={() => onDelete(n)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The list on a wide screen: a table. */
function NewsTable({ items, onEdit, onDelete }: { items: AdminNews[] | undefined } & RowActions) {
  return (
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
            {items?.map((n) => (
              <NewsTableRow key={n.id} n={n} onEdit={onEdit} onDelete={onDelete} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {items && items.length === 0 && <EmptyNote>{newsFa.empty}</EmptyNote>}
    </Paper>
  );
}

/** The search in titles and the state, each going back to page one. */
function useNewsFilter() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [state, setState] = useState<NewsState | ''>('');
  const [debounced] = useDebouncedValue(q, 300);
  const list = useQuery({
    ...newsQueries.admin({ page, pageSize: 20, q: debounced || undefined, state: state || undefined }),
    placeholderData: keepPreviousData,
  });
  const search = (v: string) => {
    setQ(v);
    setPage(1);
  };
  const filterState = (v: NewsState | '') => {
    setState(v);
    setPage(1);
  };
  return { page, setPage, q, search, state, filterState, list };
}

export function Component() {
  const cards = useCardList();
  const { page, setPage, q, search, state, filterState, list } = useNewsFilter();
  const [editing, setEditing] = useState<AdminNews | null | 'new'>(null);
  const remove = useDeleteNews();
  const deleting = useDeleteNewsItem<AdminNews>(remove);
  const data = list.data;

  return (
    <>
      <DashboardPageHeader title={newsFa.title} crumbs={[{ label: fa.dashboard.news }]} />
      <Group justify="space-between" mb="md" wrap="wrap">
        <Group wrap="wrap">
          <SearchInput label={newsFa.search} value={q} onChange={search} />
          <Select
            aria-label={newsFa.fieldStatus}
            value={state}
            onChange={(v) => filterState((v ?? '') as NewsState | '')}
            data={[{ value: '', label: newsFa.allStates }, ...optionsOf(NEWS_STATES, NEWS_STATE_LABELS)]}
            w={160}
          />
        </Group>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          {newsFa.create}
        </Button>
      </Group>
      {cards ? (
        <NewsCards items={data?.items} onEdit={setEditing} onDelete={deleting.ask} />
      ) : (
        <NewsTable items={data?.items} onEdit={setEditing} onDelete={deleting.ask} />
      )}
      <PersianPagination of={data} page={page} onChange={setPage} />
      <NewsFormModal editing={editing} onClose={() => setEditing(null)} titles={newsFa} size="xl">
        {(item) => <NewsForm editing={item} onDone={() => setEditing(null)} />}
      </NewsFormModal>
      {deleting.modal}
    </>
  );
}
