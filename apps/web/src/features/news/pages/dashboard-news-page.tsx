import {
  type AdminNews,
  NEWS_AUDIENCE_LABELS,
  NEWS_STATE_LABELS,
  type NewsInput,
  type NewsState,
} from '@madreseh/contract/news/news.contract';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  Menu,
  Modal,
  MultiSelect,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical, IconEdit, IconPin, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatJalaliDateTime } from '../../../lib/format';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { TimeInput24, timeOf } from '../../../ui/digits-input';
import { FormActions } from '../../../ui/form-actions';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useCardList } from '../../../ui/use-card-list';
import { newsQueries, useDeleteNews, useSaveNews } from '../api';
import { newsFa } from '../messages';

const STATE_COLORS: Record<NewsState, string> = { draft: 'gray', scheduled: 'orange', published: 'green' };
const TEHRAN_OFFSET = '+03:30';

/** The Tehran calendar day and clock time of an instant. */
function tehranParts(iso: string): { date: string; time: string } {
  const d = new Date(new Date(iso).getTime() + 3.5 * 3_600_000);
  return { date: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 16) };
}

interface FormState {
  title: string;
  summary: string;
  bodyHtml: string;
  audience: 'public' | 'students' | 'groups';
  pinned: boolean;
  status: 'draft' | 'published';
  date: string | null;
  time: string;
  groupIds: number[];
}

function emptyForm(): FormState {
  const now = tehranParts(new Date().toISOString());
  return {
    title: '',
    summary: '',
    bodyHtml: '',
    audience: 'public',
    pinned: false,
    status: 'published',
    groupIds: [],
    ...now,
  };
}

function formOf(n: AdminNews): FormState {
  return {
    title: n.title,
    summary: n.summary,
    bodyHtml: n.bodyHtml,
    audience: n.audience,
    pinned: n.pinned,
    status: n.status,
    groupIds: n.groupIds,
    ...tehranParts(n.publishAt),
  };
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
        <Text fz="sm" c="dimmed" className="tabular">
          {formatJalaliDateTime(n.publishAt)}
        </Text>
      </Group>
    </Paper>
  );
}

function NewsForm({ editing, onDone }: { editing: AdminNews | null; onDone: () => void }) {
  const state = useFormState<FormState>(() => (editing ? formOf(editing) : emptyForm()));
  const { values: form, set, errors } = state;
  const groups = useQuery(newsQueries.groups());
  const [cover, setCover] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const save = useSaveNews(editing?.id ?? null, setProgress);
  const submit = () => {
    const time = timeOf(form.time) ?? '00:00';
    const body: NewsInput = {
      title: form.title,
      summary: form.summary,
      bodyHtml: form.bodyHtml,
      audience: form.audience,
      groupIds: form.audience === 'groups' ? form.groupIds : [],
      pinned: form.pinned,
      status: form.status,
      publishAt: form.date ? new Date(`${form.date}T${time}:00${TEHRAN_OFFSET}`).toISOString() : null,
    };
    save.mutate(
      { body, cover },
      {
        onSuccess: () => {
          toastSuccess(newsFa.saved);
          onDone();
        },
        onError: (err) => {
          state.showServerErrors(err);
          toastError(err);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        state.setErrors({});
        submit();
      }}
    >
      <Stack>
        <TextInput
          label={newsFa.fieldTitle}
          required
          value={form.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
        />
        <Textarea
          label={newsFa.fieldSummary}
          autosize
          minRows={2}
          value={form.summary}
          onChange={(e) => set('summary', e.currentTarget.value)}
          error={errors.summary}
        />
        <RichTextEditor
          label={newsFa.fieldBody}
          value={form.bodyHtml}
          onChange={(v) => set('bodyHtml', v)}
          error={errors.bodyHtml}
        />
        <Stack gap={4}>
          <Text fw={500} fz="sm">
            {newsFa.fieldAudience}
          </Text>
          <SegmentedControl
            value={form.audience}
            onChange={(v) => set('audience', v as FormState['audience'])}
            data={[
              { value: 'public', label: NEWS_AUDIENCE_LABELS.public },
              { value: 'students', label: NEWS_AUDIENCE_LABELS.students },
              { value: 'groups', label: NEWS_AUDIENCE_LABELS.groups },
            ]}
          />
          {form.audience === 'groups' && (
            <MultiSelect
              label={newsFa.fieldGroups}
              placeholder={groups.isPending ? newsFa.groupsLoading : undefined}
              data={(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={form.groupIds.map(String)}
              onChange={(v) => set('groupIds', v.map(Number))}
              error={errors.groupIds}
              searchable
              nothingFoundMessage={newsFa.noGroups}
            />
          )}
        </Stack>
        <Group grow align="flex-start" wrap="wrap">
          <JalaliDateInput
            label={newsFa.fieldDate}
            value={form.date}
            onChange={(v) => set('date', v)}
            error={errors.publishAt}
            miw={180}
          />
          <TimeInput24
            label={newsFa.fieldTime}
            value={form.time}
            onChange={(v) => set('time', v)}
            error={form.time && !timeOf(form.time) ? newsFa.timeInvalid : undefined}
            miw={140}
          />
        </Group>
        <Text fz="xs" c="dimmed" mt={-8}>
          {newsFa.publishHint}
        </Text>
        <Group>
          <SegmentedControl
            value={form.status}
            onChange={(v) => set('status', v as FormState['status'])}
            data={[
              { value: 'published', label: newsFa.published },
              { value: 'draft', label: newsFa.draft },
            ]}
          />
          <Checkbox
            label={newsFa.fieldPinned}
            checked={form.pinned}
            onChange={(e) => set('pinned', e.currentTarget.checked)}
          />
        </Group>
        <FileInput
          label={newsFa.fieldCover}
          accept="image/jpeg,image/png,image/webp"
          value={cover}
          onChange={setCover}
          clearable
          placeholder="JPEG، PNG یا WebP"
        />
        {progress !== null && <Progress value={progress * 100} aria-label={newsFa.uploading} />}
        <FormActions submitLabel={newsFa.save} loading={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
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
  const [deleting, setDeleting] = useState<AdminNews | null>(null);
  const list = useQuery({
    ...newsQueries.admin({ page, pageSize: 20, q: debounced || undefined, state: state || undefined }),
    placeholderData: keepPreviousData,
  });
  const remove = useDeleteNews();
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
            <NewsCardRow key={n.id} n={n} onEdit={() => setEditing(n)} onDelete={() => setDeleting(n)} />
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
          <Table.ScrollContainer minWidth={640}>
            <Table stickyHeader verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{newsFa.columns.title}</Table.Th>
                  <Table.Th>{newsFa.columns.audience}</Table.Th>
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
                          onClick={() => setDeleting(n)}
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
      <ConfirmModal
        opened={deleting !== null}
        title={newsFa.delete}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toastSuccess(newsFa.deleted);
              setDeleting(null);
            },
            onError: (err) => toastError(err),
          })
        }
      >
        {deleting ? newsFa.confirmDelete(deleting.title) : ''}
      </ConfirmModal>
    </>
  );
}
