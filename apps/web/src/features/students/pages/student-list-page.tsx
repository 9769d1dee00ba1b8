import {
  type Credentials,
  STUDENT_STATUS_LABELS,
  type Student,
  type StudentListQuery,
  type StudentStatus,
} from '@madreseh/contract/students/students.contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconEdit,
  IconFileExport,
  IconFileImport,
  IconFileInvoice,
  IconKey,
  IconPlus,
  IconPrinter,
  IconSearch,
  IconTrash,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../../lib/download';
import { digitsToPersian, formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { PersianPagination } from '../../../ui/persian-pagination';
import { QueryState } from '../../../ui/query-state';
import { useCardList } from '../../../ui/use-card-list';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import {
  exportUrl,
  groupOptionsQuery,
  studentsQuery,
  useIssuePasswords,
  useMultiDelete,
  useResetPassword,
  useSetStatus,
} from '../api';
import { CredentialsModal } from '../components/credentials-modal';
import { ImportModal } from '../components/import-modal';
import { StudentDrawer } from '../components/student-drawer';
import { studentsFa as t } from '../messages';

const STATUS_COLORS: Record<StudentStatus, string> = { active: 'green', inactive: 'gray', archived: 'orange' };

/** The ⋮ menu of one student: edit, invoices, a new password, deactivate or activate. */
function StudentActions({
  student: s,
  onEdit,
  onCredentials,
}: {
  student: Student;
  onEdit: () => void;
  onCredentials: (c: Credentials) => void;
}) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const setStudentStatus = useSetStatus();
  const name = `${s.firstName} ${s.lastName}`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t.actionsFor(name)}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={onEdit}>
          {t.edit}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconFileInvoice size={16} />}
          onClick={() => navigate(`/dashboard/student-invoice/${s.id}`)}
        >
          {t.invoices}
        </Menu.Item>
        {s.status !== 'archived' && (
          <Menu.Item
            leftSection={<IconKey size={16} />}
            onClick={() =>
              reset.mutate(s.id, {
                onSuccess: onCredentials,
                onError: (err) => notifications.show({ color: 'red', message: err.message }),
              })
            }
          >
            {t.resetPassword}
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={s.status === 'active' ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
          onClick={() =>
            setStudentStatus.mutate(
              { id: s.id, status: s.status === 'active' ? 'inactive' : 'active' },
              {
                onSuccess: () => notifications.show({ color: 'green', message: t.statusChanged }),
                onError: (err) => notifications.show({ color: 'red', message: err.message }),
              },
            )
          }
        >
          {s.status === 'active' ? t.deactivate : t.activate}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** One student as a card, for phones and narrow windows (the table needs 720 px). */
function StudentCard({
  student: s,
  checked,
  onToggle,
  actions,
}: {
  student: Student;
  checked: boolean;
  onToggle: () => void;
  actions: ReactNode;
}) {
  const name = `${s.firstName} ${s.lastName}`;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="student-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          <Checkbox aria-label={t.selectOne(name)} checked={checked} onChange={onToggle} mt={2} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="xs" c="dimmed" className="tabular">
              {`${t.columns.nationalCode}: ${digitsToPersian(s.nationalCode)}`}
            </Text>
            {s.studentNumber && (
              <Text size="xs" c="dimmed" className="tabular">
                {`${t.columns.number}: ${digitsToPersian(s.studentNumber)}`}
              </Text>
            )}
          </div>
        </Group>
        {actions}
      </Group>
      <Group gap="xs" mt={6} wrap="wrap">
        <Badge color={STATUS_COLORS[s.status]} variant="light">
          {STUDENT_STATUS_LABELS[s.status]}
        </Badge>
        {!s.hasPassword && s.status !== 'archived' && (
          <Badge color="yellow" variant="light">
            {t.noPassword}
          </Badge>
        )}
        <Text fz="sm" c="dimmed">
          {s.groupName ?? '—'}
        </Text>
      </Group>
    </Paper>
  );
}

export function Component() {
  const [q, setQ] = useState('');
  const [debouncedQ] = useDebouncedValue(q, 300);
  const [groupId, setGroupId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [sort, setSort] = useState<string>('name');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [drawer, setDrawer] = useState<{ student: Student | null } | null>(null);
  const [credentials, setCredentials] = useState<Credentials | null>(null);
  const [importing, setImporting] = useState(false);

  const filters = {
    q: debouncedQ.trim() || undefined,
    groupId: groupId ? Number(groupId) : undefined,
    status: (status as StudentListQuery['status']) ?? undefined,
    sort: sort as StudentListQuery['sort'],
  };
  const list = useQuery(studentsQuery({ ...filters, page, pageSize: 20 }));
  const groups = useQuery(groupOptionsQuery());
  const remove = useMultiDelete();
  const slips = useIssuePasswords();
  const navigate = useNavigate();

  const items = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const allOnPage = items.length > 0 && items.every((s) => selected.has(s.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };
  const toggleAllOnPage = () => {
    const next = new Set(selected);
    for (const s of items) {
      if (allOnPage) next.delete(s.id);
      else next.add(s.id);
    }
    setSelected(next);
  };
  const cards = useCardList();
  const changeFilter = (fn: () => void) => {
    fn();
    setPage(1);
    setSelected(new Set());
  };

  const deleting = useConfirmDelete(remove, {
    variables: (ids: number[]) => ids,
    success: (r) => t.deleteResult(formatNumber(r.deleted), formatNumber(r.archived)),
    onDeleted: () => setSelected(new Set()),
  });

  return (
    <>
      <PageHeader
        title={t.title}
        description={t.description}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }]}
      />
      <Group justify="space-between" mb="md" gap="xs">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setDrawer({ student: null })}>
          {t.add}
        </Button>
        <Group gap="xs">
          <Button variant="light" leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)}>
            {t.importExport.import}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileExport size={18} />}
            onClick={() =>
              downloadFile(exportUrl(filters), 'students.xlsx').catch(() =>
                notifications.show({ color: 'red', message: t.importExport.downloadFailed }),
              )
            }
          >
            {t.importExport.export}
          </Button>
        </Group>
      </Group>

      <Paper withBorder p="sm" mb="md">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <TextInput
            label={t.search}
            placeholder={t.searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            value={q}
            onChange={(e) => {
              const v = e.currentTarget.value;
              changeFilter(() => setQ(v));
            }}
            type="search"
          />
          <Select
            label={t.group}
            placeholder={t.allGroups}
            data={(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
            value={groupId}
            onChange={(v) => changeFilter(() => setGroupId(v))}
            clearable
          />
          <Select
            label={t.status}
            placeholder={t.notArchived}
            data={[
              ...(['active', 'inactive', 'archived'] as const).map((s) => ({
                value: s,
                label: STUDENT_STATUS_LABELS[s],
              })),
              { value: 'all', label: t.all },
            ]}
            value={status}
            onChange={(v) => changeFilter(() => setStatus(v))}
            clearable
          />
          <Select
            label={t.sort}
            data={Object.entries(t.sorts).map(([value, label]) => ({ value, label }))}
            value={sort}
            onChange={(v) => changeFilter(() => setSort(v ?? 'name'))}
            allowDeselect={false}
          />
        </SimpleGrid>
      </Paper>

      {selected.size > 0 && (
        <Alert color="brand" variant="light" mb="sm" data-testid="bulk-bar">
          <Group justify="space-between">
            <Text>{t.selected(formatNumber(selected.size))}</Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPrinter size={16} />}
                loading={slips.isPending}
                onClick={() => {
                  if (selected.size > 100) {
                    notifications.show({ color: 'red', message: t.slipsLimit });
                    return;
                  }
                  slips.mutate([...selected], {
                    onSuccess: ({ items }) =>
                      navigate('/dashboard/student/login-slip', { state: { credentials: items } }),
                    onError: (err) => notifications.show({ color: 'red', message: err.message }),
                  });
                }}
              >
                {t.slipsSelected}
              </Button>
              <Button
                color="red"
                size="xs"
                leftSection={<IconTrash size={16} />}
                onClick={() => deleting.ask([...selected])}
              >
                {t.deleteSelected}
              </Button>
            </Group>
          </Group>
        </Alert>
      )}

      <QueryState query={list} isEmpty={items.length === 0} empty={t.empty} height={300}>
        {cards ? (
          <Stack gap="xs">
            <Checkbox
              label={t.selectAll}
              checked={allOnPage}
              indeterminate={!allOnPage && items.some((s) => selected.has(s.id))}
              onChange={toggleAllOnPage}
            />
            {items.map((s) => (
              <StudentCard
                key={s.id}
                student={s}
                checked={selected.has(s.id)}
                onToggle={() => toggle(s.id)}
                actions={
                  <StudentActions student={s} onEdit={() => setDrawer({ student: s })} onCredentials={setCredentials} />
                }
              />
            ))}
          </Stack>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={720}>
              <Table stickyHeader highlightOnHover verticalSpacing="sm" data-testid="students-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label={t.selectAll}
                        checked={allOnPage}
                        indeterminate={!allOnPage && items.some((s) => selected.has(s.id))}
                        onChange={toggleAllOnPage}
                      />
                    </Table.Th>
                    <Table.Th>{t.columns.name}</Table.Th>
                    <Table.Th>{t.columns.nationalCode}</Table.Th>
                    <Table.Th>{t.columns.number}</Table.Th>
                    <Table.Th>{t.columns.group}</Table.Th>
                    <Table.Th>{t.columns.status}</Table.Th>
                    <Table.Th w={60}>{t.columns.actions}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((s) => {
                    const name = `${s.firstName} ${s.lastName}`;
                    return (
                      <Table.Tr key={s.id} data-testid="student-row">
                        <Table.Td>
                          <Checkbox
                            aria-label={t.selectOne(name)}
                            checked={selected.has(s.id)}
                            onChange={() => toggle(s.id)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Text fw={600} size="sm">
                            {name}
                          </Text>
                          {!s.hasPassword && s.status !== 'archived' && (
                            <Badge size="xs" color="yellow" variant="light">
                              {t.noPassword}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td className="tabular">{digitsToPersian(s.nationalCode)}</Table.Td>
                        <Table.Td className="tabular">
                          {s.studentNumber ? digitsToPersian(s.studentNumber) : '—'}
                        </Table.Td>
                        <Table.Td>{s.groupName ?? '—'}</Table.Td>
                        <Table.Td>
                          <Badge color={STATUS_COLORS[s.status]} variant="light">
                            {STUDENT_STATUS_LABELS[s.status]}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <StudentActions
                            student={s}
                            onEdit={() => setDrawer({ student: s })}
                            onCredentials={setCredentials}
                          />
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
      <Group justify="space-between" mt="md">
        <Text size="sm" c="dimmed">
          {list.data ? t.total(formatNumber(list.data.total)) : ''}
        </Text>
        <PersianPagination pages={pages} page={page} onChange={setPage} size="sm" mt={0} />
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
        {t.deleteConfirm(formatNumber(selected.size))}
      </ConfirmModal>
    </>
  );
}
