import type { Credentials, Student, StudentListQuery } from '@madreseh/contract/students/students.contract';
import { Button, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileExport, IconFileImport, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download';
import { formatNumber } from '../../../lib/format';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { QueryState } from '../../../ui/query-state';
import { useCardList } from '../../../ui/use-card-list';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { useRowMenuHold } from '../../../ui/use-held-while';
import { exportUrl, studentsQuery, useMultiDelete } from '../api';
import { CredentialsModal } from '../components/credentials-modal';
import { ImportModal } from '../components/import-modal';
import { StudentDrawer } from '../components/student-drawer';
import { StudentBulkBar, StudentFilters, type StudentFilterValues } from '../components/student-filters';
import { StudentCards, StudentTable } from '../components/student-rows';
import { useSelection } from '../components/use-selection';
import { studentsFa as t } from '../messages';

export function Component() {
  const [values, setValues] = useState<StudentFilterValues>({ q: '', groupId: null, status: null, sort: 'name' });
  const [debouncedQ] = useDebouncedValue(values.q, 300);
  const [page, setPage] = useState(1);
  const [drawer, setDrawer] = useState<{ student: Student | null } | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [importing, setImporting] = useState(false);

  const filters = {
    q: debouncedQ.trim() || undefined,
    groupId: values.groupId ? Number(values.groupId) : undefined,
    status: (values.status as StudentListQuery['status']) ?? undefined,
    sort: values.sort as StudentListQuery['sort'],
  };
  const list = useQuery(studentsQuery({ ...filters, page, pageSize: 20 }));
  const remove = useMultiDelete();
  const held = useRowMenuHold(list.data?.items);
  const items = held.items ?? [];
  const selection = useSelection(items);
  const cards = useCardList();
  const changeFilter = (patch: Partial<StudentFilterValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setPage(1);
    selection.clear();
  };

  const deleting = useConfirmDelete(remove, {
    variables: (ids: number[]) => ids,
    success: (r) => t.deleteResult(formatNumber(r.deleted), formatNumber(r.archived)),
    onDeleted: selection.clear,
  });
  const rows = {
    items,
    selection,
    onEdit: (s: Student) => setDrawer({ student: s }),
    onCredentials: setCredentials,
    onMenuChange: held.onMenuChange,
  };

  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <StudentToolbar
        onAdd={() => setDrawer({ student: null })}
        onImport={() => setImporting(true)}
        onExport={() =>
          downloadFile(exportUrl(filters), 'students.xlsx').catch(() =>
            notifications.show({ color: 'red', message: t.importExport.downloadFailed }),
          )
        }
      />
      <StudentFilters values={values} onChange={changeFilter} />
      <StudentBulkBar selected={selection.selected} onDelete={() => deleting.ask([...selection.selected])} />
      <QueryState query={list} isEmpty={items.length === 0} empty={t.empty} height={300}>
        {cards ? <StudentCards {...rows} /> : <StudentTable {...rows} />}
      </QueryState>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {list.data ? t.total(formatNumber(list.data.total)) : ''}
        </Text>
        <PersianPagination of={list.data} page={page} onChange={setPage} size="sm" mt={0} />
      </Group>

      <StudentDrawer
        opened={drawer !== null}
        student={drawer?.student ?? null}
        onClose={() => setDrawer(null)}
        onCreated={setCredentials}
      />
      <CredentialsModal credentials={credentials} onClose={() => setCredentials(null)} />
      <ImportModal opened={importing} onClose={() => setImporting(false)} />
      <ConfirmModal {...deleting.modalProps} title={t.deleteTitle} confirmLabel={t.confirmDelete}>
        {t.deleteConfirm(formatNumber(selection.selected.size))}
      </ConfirmModal>
    </>
  );
}

function StudentToolbar({
  onAdd,
  onImport,
  onExport,
}: {
  onAdd: () => void;
  onImport: () => void;
  onExport: () => void;
}) {
  return (
    <Group justify="space-between" mb="md" gap="xs">
      <Button leftSection={<IconPlus size={18} />} onClick={onAdd}>
        {t.add}
      </Button>
      <Group gap="xs">
        <Button variant="light" leftSection={<IconFileImport size={18} />} onClick={onImport}>
          {t.importExport.import}
        </Button>
        <Button variant="light" leftSection={<IconFileExport size={18} />} onClick={onExport}>
          {t.importExport.export}
        </Button>
      </Group>
    </Group>
  );
}
