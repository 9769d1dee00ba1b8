import type { StaffAccount, StaffRole } from '@madreseh/contract/admins/admins.contract';
import { ActionIcon, Badge, Code, Group, Menu, Paper, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconEdit, IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatJalaliDate, formatJalaliDateTime } from '../../../lib/format';
import { TableCard } from '../../../ui/table-card';
import { adminsFa as t } from '../messages';

const ROLE_COLORS: Record<StaffRole, string> = { 'super-admin': 'brand', admin: 'blue' };

/** What the page's dialog is doing: a new account, or editing, a new password or (de)activating one. */
export type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; account: StaffAccount }
  | { kind: 'password'; account: StaffAccount }
  | { kind: 'active'; account: StaffAccount };

/** The ⋮ menu of one account; one's own account cannot be switched off (the item says why). */
export function AccountActions({
  account: a,
  isSelf,
  open,
  onMenuChange,
}: {
  account: StaffAccount;
  isSelf: boolean;
  open: (d: Dialog) => void;
  /** The menu opened or closed: the page holds its rows in place meanwhile (useRowMenuHold). */
  onMenuChange: (opened: boolean) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal onChange={onMenuChange}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={t.actionsFor(a.fullName)}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEdit size={16} />} onClick={() => open({ kind: 'edit', account: a })}>
          {t.edit}
        </Menu.Item>
        <Menu.Item leftSection={<IconKey size={16} />} onClick={() => open({ kind: 'password', account: a })}>
          {t.newPassword}
        </Menu.Item>
        {isSelf ? (
          <Tooltip label={t.selfDeactivate} position="left" withArrow>
            <div>
              <Menu.Item leftSection={<IconUserOff size={16} />} disabled aria-describedby={`self-note-${a.id}`}>
                {t.deactivate}
              </Menu.Item>
              <Text id={`self-note-${a.id}`} size="xs" c="dimmed" px="sm" pb={6} maw={220}>
                {t.selfDeactivate}
              </Text>
            </div>
          </Tooltip>
        ) : (
          <Menu.Item
            color={a.active ? 'red' : undefined}
            leftSection={a.active ? <IconUserOff size={16} /> : <IconUserCheck size={16} />}
            onClick={() => open({ kind: 'active', account: a })}
          >
            {a.active ? t.deactivate : t.activate}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

function Badges({ account: a, isSelf }: { account: StaffAccount; isSelf: boolean }) {
  return (
    <>
      <Badge color={ROLE_COLORS[a.role]} variant="light">
        {t.roles[a.role]}
      </Badge>
      <Badge color={a.active ? 'green' : 'dark'} variant={a.active ? 'light' : 'outline'}>
        {a.active ? t.active : t.inactive}
      </Badge>
      {isSelf && (
        <Badge color="gray" variant="dot">
          {t.you}
        </Badge>
      )}
    </>
  );
}

const lastSeen = (a: StaffAccount) => (a.lastSeenAt ? formatJalaliDateTime(a.lastSeenAt) : t.never);

export function AccountCard({
  account: a,
  isSelf,
  actions,
}: {
  account: StaffAccount;
  isSelf: boolean;
  actions: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="admin-row" data-username={a.username}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {a.fullName}
          </Text>
          <Code dir="ltr" fz="xs">
            {a.username}
          </Code>
        </div>
        {actions}
      </Group>
      <Group gap="xs" mt={6} wrap="wrap">
        <Badges account={a} isSelf={isSelf} />
      </Group>
      <Text size="xs" c="dimmed" mt={6}>
        {`${t.columns.created}: ${formatJalaliDate(a.createdAt)}`}
      </Text>
      <Text size="xs" c="dimmed">
        {`${t.columns.lastSeen}: ${lastSeen(a)}`}
      </Text>
    </Paper>
  );
}

/** The accounts as a table, on wide screens. */
export function AccountTable({
  items,
  userId,
  actionsOf,
}: {
  items: StaffAccount[];
  userId: number;
  actionsOf: (a: StaffAccount) => ReactNode;
}) {
  return (
    <TableCard minWidth={820}>
      <Table stickyHeader highlightOnHover verticalSpacing="sm" data-testid="admins-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.columns.name}</Table.Th>
            <Table.Th>{t.columns.username}</Table.Th>
            <Table.Th>{t.columns.role}</Table.Th>
            <Table.Th>{t.columns.status}</Table.Th>
            <Table.Th>{t.columns.created}</Table.Th>
            <Table.Th>{t.columns.lastSeen}</Table.Th>
            <Table.Th w={60}>{t.columns.actions}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((a) => (
            <Table.Tr key={a.id} data-testid="admin-row" data-username={a.username}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <Text fw={600} size="sm">
                    {a.fullName}
                  </Text>
                  {a.id === userId && (
                    <Badge color="gray" variant="dot" size="sm">
                      {t.you}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>
                <Code dir="ltr">{a.username}</Code>
              </Table.Td>
              <Table.Td>
                <Badge color={ROLE_COLORS[a.role]} variant="light">
                  {t.roles[a.role]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge color={a.active ? 'green' : 'dark'} variant={a.active ? 'light' : 'outline'}>
                  {a.active ? t.active : t.inactive}
                </Badge>
              </Table.Td>
              <Table.Td className="tabular">{formatJalaliDate(a.createdAt)}</Table.Td>
              <Table.Td className="tabular">{lastSeen(a)}</Table.Td>
              <Table.Td>{actionsOf(a)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </TableCard>
  );
}
