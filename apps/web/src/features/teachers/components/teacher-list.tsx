import type { Teacher, TeacherCredentials } from '@madreseh/contract/teachers/teachers.contract';
import { ActionIcon, Badge, Box, Group, Menu, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBook, IconDots, IconEdit, IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api-client';
import { fa } from '../../../messages/fa';
import { TableCard } from '../../../ui/table-card';
import { useCardList } from '../../../ui/use-card-list';
import { useResetTeacherPassword, useSetTeacherActive } from '../api';
import { teachersFa as t } from '../messages';

/** A failed teacher action, as a red toast. */
export function showError(err: unknown) {
  notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : fa.errors.internalLine });
}

interface RowActions {
  onAssign: (teacher: Teacher) => void;
  onEdit: (teacher: Teacher) => void;
  /** A new password was made: print its login slip. */
  onSlip: (credentials: TeacherCredentials) => void;
  /** A row's menu opened or closed: the page holds its rows in place meanwhile (useRowMenuHold). */
  onMenuChange: (opened: boolean) => void;
}

/** The teachers as cards on phones and narrow windows (the table needs 640 px), else as a table. */
export function TeachersList({ items, ...actions }: { items: Teacher[] } & RowActions) {
  const cards = useCardList();
  if (!cards) return <TeachersTable items={items} {...actions} />;
  return (
    <Stack gap="xs" data-testid="teachers-cards">
      {items.map((teacher) => (
        <Paper key={teacher.id} withBorder radius="md" p="sm" data-testid="teacher-row">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <div style={{ minWidth: 0 }}>
              <TeacherName teacher={teacher} />
              <Text size="xs" c="dimmed" dir="ltr" ta="right" ff="monospace">
                {teacher.username}
              </Text>
            </div>
            <TeacherMenu teacher={teacher} {...actions} />
          </Group>
          <Box mt={6}>
            <TeacherSubjects teacher={teacher} />
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

function TeacherName({ teacher }: { teacher: Teacher }) {
  return (
    <>
      <Title order={3} fz="sm">
        {teacher.fullName}
      </Title>
      {!teacher.active && (
        <Badge color="gray" size="sm">
          {t.inactive}
        </Badge>
      )}
    </>
  );
}

function TeacherSubjects({ teacher }: { teacher: Teacher }) {
  if (teacher.assignments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t.noSubjects}
      </Text>
    );
  return (
    <Group gap={4}>
      {teacher.assignments.map((a) => (
        <Badge key={a.subjectId} variant="light">{`${a.groupName} — ${a.subjectName}`}</Badge>
      ))}
    </Group>
  );
}

function TeachersTable({ items, ...actions }: { items: Teacher[] } & RowActions) {
  return (
    <TableCard minWidth={640}>
      <Table verticalSpacing="sm" data-testid="teachers-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.slip.teacher}</Table.Th>
            <Table.Th>{t.mobile}</Table.Th>
            <Table.Th>{t.subjects}</Table.Th>
            <Table.Th w={60}>{t.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((teacher) => (
            <Table.Tr key={teacher.id} data-testid="teacher-row">
              <Table.Td>
                <TeacherName teacher={teacher} />
              </Table.Td>
              <Table.Td dir="ltr" ta="right" ff="monospace">
                {teacher.username}
              </Table.Td>
              <Table.Td>
                <TeacherSubjects teacher={teacher} />
              </Table.Td>
              <Table.Td>
                <TeacherMenu teacher={teacher} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}

/** A teacher's «…» menu: subjects, edit, a new password with its slip, and (de)activating. */
function TeacherMenu({ teacher, onAssign, onEdit, onSlip, onMenuChange }: { teacher: Teacher } & RowActions) {
  const reset = useResetTeacherPassword();
  const setActive = useSetTeacherActive();
  return (
    <Menu position="bottom-end" onChange={onMenuChange}>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`${t.actions} — ${teacher.fullName}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconBook size={16} />} onClick={() => onAssign(teacher)}>
          {t.assign}
        </Menu.Item>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => onEdit(teacher)}>
          {t.edit}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconKey size={16} />}
          disabled={!teacher.active}
          onClick={() => reset.mutate(teacher.id, { onSuccess: onSlip, onError: showError })}
        >
          {t.resetPassword}
        </Menu.Item>
        <Menu.Item
          leftSection={teacher.active ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
          color={teacher.active ? 'red' : undefined}
          onClick={() => setActive.mutate({ id: teacher.id, active: !teacher.active }, { onError: showError })}
        >
          {teacher.active ? t.deactivate : t.activate}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
