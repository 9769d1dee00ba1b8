import type { Achievement } from '@madreseh/contract/achievements/achievements.contract';
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { adminAchievementsQuery, useAchievementChanges } from '../api';
import { AchievementAdminList } from '../components/achievement-admin-list';
import { AchievementDialog } from '../components/achievement-form';
import { achievementsFa } from '../messages';

const m = achievementsFa.admin;

/** `/dashboard/achievement`: list in display order, move up/down, create and edit in a dialog, delete. */
export function Component() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const [editing, setEditing] = useState<Achievement | 'new' | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const list = useQuery(adminAchievementsQuery(page, q));
  const items = list.data?.items ?? [];
  const changes = useAchievementChanges({
    onProgress: setProgress,
    onSaved: () => {
      toastSuccess(m.saved);
      setEditing(null);
    },
    onSaveError: (err) => {
      if (!(err instanceof ApiError && err.fields)) toastError(err);
    },
    onReorderError: (err) => toastError(err),
  });
  const { save, reorder } = changes;
  const remove = useConfirmDelete(changes.remove, { variables: (a: Achievement) => a.id, success: m.deleted });

  const edit = (a: Achievement | 'new') => {
    save.reset();
    setEditing(a);
  };

  return (
    <>
      <DashboardPageHeader title={m.title} description={m.description} crumbs={[{ label: m.title }]} />
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
        <Button leftSection={<IconPlus size={18} />} onClick={() => edit('new')}>
          {m.create}
        </Button>
      </Group>
      {list.data && (
        <Text fz="sm" c="dimmed" mb="xs">
          {m.count(formatNumber(list.data.total))}
        </Text>
      )}
      <AchievementAdminList
        pending={list.isPending}
        failed={list.isError}
        items={items}
        moving={reorder.isPending}
        onReorder={(ids) => reorder.mutate(ids)}
        onEdit={edit}
        onDelete={remove.ask}
      />
      <PersianPagination of={list.data} page={page} onChange={setPage} mt="lg" />

      <AchievementDialog
        editing={editing}
        saving={save.isPending}
        progress={progress}
        serverError={save.error instanceof ApiError ? save.error : null}
        onSubmit={(s) => save.mutate({ ...s, id: editing === 'new' || editing === null ? null : editing.id })}
        onClose={() => setEditing(null)}
      />
      <ConfirmModal {...remove.modalProps} title={m.deleteTitle} confirmLabel={m.delete}>
        {remove.item ? m.deleteConfirm(remove.item.title) : ''}
      </ConfirmModal>
    </>
  );
}
