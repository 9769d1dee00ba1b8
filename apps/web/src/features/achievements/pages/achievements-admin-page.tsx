import { type Achievement, achievementBodySchema } from '@madreseh/contract/achievements/achievements.contract';
import { todayIso } from '@madreseh/contract/jalali';
import { IMAGE_LIMITS } from '@madreseh/contract/uploads';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  FileButton,
  Group,
  Modal,
  Progress,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconArrowDown,
  IconArrowUp,
  IconEdit,
  IconPhoto,
  IconPlus,
  IconSearch,
  IconTrash,
  IconTrophy,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatJalaliDate, formatNumber } from '../../../lib/format';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import {
  ADMIN_PAGE_SIZE,
  adminAchievementsQuery,
  createAchievement,
  deleteAchievement,
  invalidateAchievements,
  removeAchievementImage,
  reorderAchievements,
  setAchievementImage,
  updateAchievement,
} from '../api';
import { achievementsFa } from '../messages';

const m = achievementsFa.admin;

interface Submit {
  title: string;
  description: string;
  date: string;
  image: File | null | 'remove';
}

/** `/dashboard/achievement`: list in display order, move up/down, create and edit in a dialog, delete. */
export function Component() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<Achievement | 'new' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const qc = useQueryClient();
  const list = useQuery(adminAchievementsQuery(page, q));
  const items = list.data?.items ?? [];
  const pages = Math.ceil((list.data?.total ?? 0) / ADMIN_PAGE_SIZE);
  const invalidate = () => invalidateAchievements(qc);

  const save = useMutation({
    mutationFn: async ({ image, ...body }: Submit) => {
      const saved =
        editing === 'new' || editing === null
          ? await createAchievement(body)
          : await updateAchievement(editing.id, body);
      if (image === 'remove') await removeAchievementImage(saved.id);
      else if (image) {
        setProgress(0);
        try {
          await setAchievementImage(saved.id, image, setProgress);
        } finally {
          setProgress(null);
        }
      }
    },
    onSuccess: async () => {
      toastSuccess(m.saved);
      setEditing(null);
      await invalidate();
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.fields)) toastError(err);
    },
  });
  const reorder = useMutation({
    mutationFn: reorderAchievements,
    onSuccess: invalidate,
    onError: (err) => toastError(err),
  });
  const remove = useConfirmDelete(useMutation({ mutationFn: deleteAchievement, onSuccess: invalidate }), {
    variables: (a: Achievement) => a.id,
    success: m.deleted,
  });

  const move = (i: number, by: -1 | 1) => {
    const ids = items.map((a) => a.id);
    const j = i + by;
    if (j < 0 || j >= ids.length) return;
    [ids[i], ids[j]] = [ids[j] as number, ids[i] as number];
    reorder.mutate(ids);
  };

  return (
    <>
      <PageHeader
        title={m.title}
        description={m.description}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }, { label: m.title }]}
      />
      <Group justify="space-between" align="end" mb="md">
        <TextInput
          label={m.search}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          leftSection={<IconSearch size={16} />}
          w={{ base: '100%', xs: 260 }}
        />
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => {
            save.reset();
            setEditing('new');
          }}
        >
          {m.create}
        </Button>
      </Group>
      {list.data && (
        <Text fz="sm" c="dimmed" mb="xs">
          {m.count(formatNumber(list.data.total))}
        </Text>
      )}
      {list.isPending ? (
        <Stack>
          {Array.from({ length: 3 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
            <Skeleton key={i} h={84} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light">
          {achievementsFa.loadFailed}
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {m.empty}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="admin-achievements">
          {items.map((a, i) => (
            <Card key={a.id} withBorder padding="sm" data-testid="admin-achievement">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Group wrap="nowrap" gap="sm" align="flex-start" style={{ minWidth: 0 }}>
                  {a.image ? (
                    <img
                      src={a.image.thumb}
                      alt=""
                      width={72}
                      height={54}
                      style={{ objectFit: 'cover', borderRadius: 6, flexShrink: 0 }}
                    />
                  ) : (
                    <IconTrophy size={36} color="var(--mantine-color-yellow-6)" style={{ flexShrink: 0 }} />
                  )}
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {a.title}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {formatJalaliDate(a.date)}
                    </Text>
                  </Stack>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={`${m.moveUp} ${a.title}`}
                    disabled={i === 0 || reorder.isPending}
                    onClick={() => move(i, -1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`${m.moveDown} ${a.title}`}
                    disabled={i === items.length - 1 || reorder.isPending}
                    onClick={() => move(i, 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="light"
                    aria-label={`${m.edit} ${a.title}`}
                    onClick={() => {
                      save.reset();
                      setEditing(a);
                    }}
                  >
                    <IconEdit size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="light"
                    color="red"
                    aria-label={`${m.delete} ${a.title}`}
                    onClick={() => remove.ask(a)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <PersianPagination pages={pages} page={page} onChange={setPage} mt="lg" />

      <Modal
        opened={editing !== null}
        onClose={() => !save.isPending && setEditing(null)}
        title={editing === 'new' ? m.form.newTitle : m.form.editTitle}
        size="lg"
      >
        {editing !== null && (
          <AchievementForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            saving={save.isPending}
            progress={progress}
            serverError={save.error instanceof ApiError ? save.error : null}
            onSubmit={(s) => save.mutate(s)}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <ConfirmModal {...remove.modalProps} title={m.deleteTitle} confirmLabel={m.delete}>
        {remove.item ? m.deleteConfirm(remove.item.title) : ''}
      </ConfirmModal>
    </>
  );
}

function AchievementForm({
  initial,
  saving,
  progress,
  serverError,
  onSubmit,
  onCancel,
}: {
  initial: Achievement | null;
  saving: boolean;
  progress: number | null;
  serverError: ApiError | null;
  onSubmit: (s: Submit) => void;
  onCancel: () => void;
}) {
  const form = useFormState({
    title: initial?.title ?? '',
    description: initial?.description ?? '',
    date: initial?.date ?? todayIso(),
  });
  const { title, description, date } = form.values;
  const [image, setImage] = useState<File | null | 'remove'>(null);
  const fieldErrors = { ...(serverError?.fields ?? {}), ...form.errors };
  const f = m.form;

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (form.check(achievementBodySchema)) onSubmit({ ...achievementBodySchema.parse(form.values), image });
      }}
    >
      <Stack>
        {serverError && !serverError.fields && (
          <Alert color="red" variant="light">
            {serverError.message}
          </Alert>
        )}
        <TextInput
          label={f.title}
          required
          value={title}
          maxLength={200}
          onChange={(e) => form.set('title', e.currentTarget.value)}
          error={fieldErrors.title}
          data-autofocus
        />
        <Textarea
          label={f.description}
          value={description}
          maxLength={2000}
          autosize
          minRows={3}
          onChange={(e) => form.set('description', e.currentTarget.value)}
          error={fieldErrors.description}
        />
        <JalaliDateInput
          label={f.date}
          required
          value={date}
          onChange={(d) => form.set('date', d ?? '')}
          error={fieldErrors.date}
        />
        <Stack gap={6}>
          <Text fz="sm" fw={500}>
            {f.image}
          </Text>
          <Group gap="sm">
            {initial?.image && image === null && (
              <img
                src={initial.image.thumb}
                alt=""
                width={120}
                height={80}
                style={{ objectFit: 'cover', borderRadius: 6 }}
              />
            )}
            {image && image !== 'remove' && (
              <Text fz="sm" dir="ltr">
                {image.name}
              </Text>
            )}
            <FileButton onChange={(file) => file && setImage(file)} accept={IMAGE_LIMITS.mimeTypes.join(',')}>
              {(props) => (
                <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={16} />}>
                  {f.chooseImage}
                </Button>
              )}
            </FileButton>
            {((image && image !== 'remove') || (initial?.image && image !== 'remove')) && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} />}
                onClick={() => setImage(initial?.image ? 'remove' : null)}
              >
                {f.removeImage}
              </Button>
            )}
          </Group>
          {progress !== null && <Progress value={Math.round(progress * 100)} animated aria-label={f.image} />}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {f.cancel}
          </Button>
          <Button type="submit" loading={saving}>
            {f.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
