import {
  type Credentials,
  STUDENT_STATUS_LABELS,
  type Student,
  type StudentStatus,
} from '@madreseh/contract/students/students.contract';
import { fullNameOf } from '@madreseh/contract/text';
import { ActionIcon, Badge, Checkbox, Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconEdit, IconFileInvoice, IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { TableCard } from '../../../ui/table-card';
import { useResetPassword, useSetStatus } from '../api';
import { studentsFa as t } from '../messages';
import type { Selection } from './use-selection';

const STATUS_COLORS: Record<StudentStatus, string> = { active: 'green', inactive: 'gray', archived: 'orange' };

/** The ⋮ menu of one student: edit, invoices, a new password, deactivate or activate. */
function StudentActions({
  student: s,
  onEdit,
  onCredentials,
  onMenuChange,
}: {
  student: Student;
  onEdit: () => void;
  onCredentials: (c: Credentials) => void;
  onMenuChange: (opened: boolean) => void;
}) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const setStudentStatus = useSetStatus();
  const name = fullNameOf(s);
  return (
    <Menu position="bottom-end" withinPortal onChange={onMenuChange}>
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

/** One student of the list: checked or not, and its ⋮ menu. */
interface OneStudent {
  student: Student;
  checked: boolean;
  onToggle: () => void;
  actions: ReactNode;
}

/** One student as a card, for phones and narrow windows (the table needs 720 px). */
function StudentCard({ student: s, checked, onToggle, actions }: OneStudent) {
  const name = fullNameOf(s);
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
/** What the list and the cards need of the page: the selection and what the ⋮ menu opens. */
export interface StudentRowsProps {
  items: Student[];
  selection: Selection;
  onEdit: (s: Student) => void;
  onCredentials: (c: Credentials) => void;
  /** A row's menu opened or closed: the page holds its rows in place meanwhile (useRowMenuHold). */
  onMenuChange: (opened: boolean) => void;
}

/** The ⋮ menu of a student's card or table row. */
const actionsOf = (s: Student, { onEdit, onCredentials, onMenuChange }: StudentRowsProps) => (
  <StudentActions student={s} onEdit={() => onEdit(s)} onCredentials={onCredentials} onMenuChange={onMenuChange} />
);

/** The students of the page as cards, with a «select all» checkbox above them. */
export function StudentCards(rows: StudentRowsProps) {
  const { items, selection } = rows;
  return (
    <Stack gap="xs">
      <Checkbox
        label={t.selectAll}
        checked={selection.allOnPage}
        indeterminate={selection.someOnPage}
        onChange={selection.toggleAllOnPage}
      />
      {items.map((s) => (
        <StudentCard
          key={s.id}
          student={s}
          checked={selection.selected.has(s.id)}
          onToggle={() => selection.toggle(s.id)}
          actions={actionsOf(s, rows)}
        />
      ))}
    </Stack>
  );
}

/** The students of the page as a table, on wide screens. */
export function StudentTable(rows: StudentRowsProps) {
  const { items, selection } = rows;
  return (
    <TableCard minWidth={720}>
      <Table stickyHeader highlightOnHover verticalSpacing="sm" data-testid="students-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t.selectAll}
                checked={selection.allOnPage}
                indeterminate={selection.someOnPage}
                onChange={selection.toggleAllOnPage}
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
          {items.map((s) => (
            <StudentRow
              key={s.id}
              student={s}
              checked={selection.selected.has(s.id)}
              onToggle={() => selection.toggle(s.id)}
              actions={actionsOf(s, rows)}
            />
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

function StudentRow({ student: s, checked, onToggle, actions }: OneStudent) {
  const name = fullNameOf(s);
  return (
    <Table.Tr data-testid="student-row">
      <Table.Td>
        <Checkbox aria-label={t.selectOne(name)} checked={checked} onChange={onToggle} />
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
      <Table.Td className="tabular">{s.studentNumber ? digitsToPersian(s.studentNumber) : '—'}</Table.Td>
      <Table.Td>{s.groupName ?? '—'}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[s.status]} variant="light">
          {STUDENT_STATUS_LABELS[s.status]}
        </Badge>
      </Table.Td>
      <Table.Td>{actions}</Table.Td>
    </Table.Tr>
  );
}
