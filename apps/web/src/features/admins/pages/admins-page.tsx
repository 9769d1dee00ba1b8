import {
  STAFF_ROLES,
  type StaffAccount,
  type StaffRole,
  staffCreateSchema,
  staffPasswordBodySchema,
  staffUpdateSchema,
} from '@madreseh/contract/admins/admins.contract';
import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Menu,
  Modal,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconEdit,
  IconKey,
  IconPlus,
  IconRefresh,
  IconUserCheck,
  IconUserOff,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { formatJalaliDate, formatJalaliDateTime, formatNumber } from '../../../lib/format';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { FormActions } from '../../../ui/form-actions';
import { PageHeader } from '../../../ui/page-header';
import { QueryState } from '../../../ui/query-state';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { useCardList } from '../../../ui/use-card-list';
import { generatePassword, staffQuery, useCreateStaff, useSetStaffPassword, useUpdateStaff } from '../api';
import { adminsFa as t } from '../messages';

const ROLE_COLORS: Record<StaffRole, string> = { 'super-admin': 'brand', admin: 'blue' };
const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: t.roles[r] }));

/** A password field that starts with a strong generated password, with copy and "another one". */
function PasswordField({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <Stack gap={6}>
      <TextInput
        label={t.password}
        description={t.passwordHint}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        dir="ltr"
        autoComplete="new-password"
        spellCheck={false}
        name="password"
        required
        styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.05em' } }}
      />
      <Group gap="xs">
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="light"
              color={copied ? 'green' : 'brand'}
              leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
              onClick={copy}
              disabled={!value}
            >
              {copied ? t.copied : t.copy}
            </Button>
          )}
        </CopyButton>
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconRefresh size={14} />}
          onClick={() => onChange(generatePassword())}
        >
          {t.regenerate}
        </Button>
      </Group>
    </Stack>
  );
}

function RoleSelect({
  value,
  onChange,
  error,
  disabledReason,
}: {
  value: StaffRole;
  onChange: (r: StaffRole) => void;
  error?: string;
  disabledReason?: string;
}) {
  return (
    <Select
      label={t.role}
      data={ROLE_OPTIONS}
      value={value}
      onChange={(v) => onChange((v as StaffRole | null) ?? value)}
      allowDeselect={false}
      error={error}
      disabled={Boolean(disabledReason)}
      description={disabledReason ?? t.roleHints[value]}
    />
  );
}

function CreateForm({ onDone }: { onDone: () => void }) {
  const form = useFormState(() => ({
    username: '',
    fullName: '',
    role: 'admin' as StaffRole,
    password: generatePassword(),
  }));
  const { values: v, set, errors } = form;
  const create = useCreateStaff();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(staffCreateSchema)) return;
    create.mutate(v, {
      onSuccess: () => {
        toastSuccess(t.created);
        onDone();
      },
      onError: (err) => {
        form.showServerErrors(err);
        toastError(err);
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t.fullName}
          value={v.fullName}
          onChange={(e) => set('fullName', e.currentTarget.value)}
          error={errors.fullName}
          name="fullName"
          required
          data-autofocus
        />
        <TextInput
          label={t.username}
          description={t.usernameHint}
          value={v.username}
          onChange={(e) => set('username', e.currentTarget.value)}
          error={errors.username}
          name="username"
          dir="ltr"
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          required
        />
        <RoleSelect value={v.role} onChange={(role) => set('role', role)} error={errors.role} />
        <PasswordField value={v.password} onChange={(password) => set('password', password)} error={errors.password} />
        <FormActions submitLabel={t.create} loading={create.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

function EditForm({ account, isSelf, onDone }: { account: StaffAccount; isSelf: boolean; onDone: () => void }) {
  const form = useFormState({ fullName: account.fullName, role: account.role });
  const { values: v, set, errors } = form;
  const update = useUpdateStaff();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = isSelf ? { fullName: v.fullName } : v;
    if (!form.check(staffUpdateSchema, body)) return;
    update.mutate(
      { id: account.id, body },
      {
        onSuccess: () => {
          toastSuccess(t.saved);
          onDone();
        },
        onError: (err) => {
          form.showServerErrors(err);
          toastError(err);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t.username} value={account.username} dir="ltr" readOnly variant="filled" />
        <TextInput
          label={t.fullName}
          value={v.fullName}
          onChange={(e) => set('fullName', e.currentTarget.value)}
          error={errors.fullName}
          name="fullName"
          required
          data-autofocus
        />
        <RoleSelect
          value={v.role}
          onChange={(role) => set('role', role)}
          error={errors.role}
          disabledReason={isSelf ? t.selfRole : undefined}
        />
        <FormActions submitLabel={t.save} loading={update.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

function PasswordForm({ account, onDone }: { account: StaffAccount; onDone: () => void }) {
  const form = useFormState(() => ({ password: generatePassword() }));
  const { password } = form.values;
  const save = useSetStaffPassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(staffPasswordBodySchema)) return;
    save.mutate(
      { id: account.id, password },
      {
        onSuccess: () => {
          toastSuccess(t.passwordSaved);
          onDone();
        },
        onError: (err) => {
          form.showServerErrors(err);
          toastError(err);
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Group gap="xs">
          <Text c="dimmed" size="sm">
            {t.username}:
          </Text>
          <Code dir="ltr">{account.username}</Code>
        </Group>
        <PasswordField value={password} onChange={(p) => form.set('password', p)} error={form.errors.password} />
        <FormActions submitLabel={t.setPassword} loading={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

function ConfirmActive({ account, onDone }: { account: StaffAccount; onDone: () => void }) {
  const update = useUpdateStaff();
  const turningOff = account.active;
  return (
    <Stack gap="md">
      <Text>{turningOff ? t.confirmDeactivate(account.fullName) : t.confirmActivate(account.fullName)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button
          color={turningOff ? 'red' : 'green'}
          loading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: account.id, body: { active: !turningOff } },
              {
                onSuccess: () => {
                  toastSuccess(turningOff ? t.deactivated : t.activated);
                  onDone();
                },
                onError: (err) => {
                  toastError(err);
                  onDone();
                },
              },
            )
          }
        >
          {turningOff ? t.deactivate : t.activate}
        </Button>
      </Group>
    </Stack>
  );
}

type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; account: StaffAccount }
  | { kind: 'password'; account: StaffAccount }
  | { kind: 'active'; account: StaffAccount };

/** The ⋮ menu of one account; one's own account cannot be switched off (the item says why). */
function AccountActions({
  account: a,
  isSelf,
  open,
}: {
  account: StaffAccount;
  isSelf: boolean;
  open: (d: Dialog) => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
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

function AccountCard({ account: a, isSelf, actions }: { account: StaffAccount; isSelf: boolean; actions: ReactNode }) {
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

export function Component() {
  const { user } = useRouteLoaderData('dashboard') as { user: SessionUser };
  const list = useQuery(staffQuery());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const cards = useCardList();
  const close = () => setDialog(null);
  const items = list.data?.items ?? [];

  const actionsOf = (a: StaffAccount) => <AccountActions account={a} isSelf={a.id === user.id} open={setDialog} />;

  const title =
    dialog?.kind === 'create'
      ? t.createTitle
      : dialog?.kind === 'edit'
        ? t.editTitle(dialog.account.fullName)
        : dialog?.kind === 'password'
          ? t.passwordTitle(dialog.account.fullName)
          : dialog?.kind === 'active'
            ? dialog.account.active
              ? t.confirmDeactivateTitle
              : t.confirmActivateTitle
            : '';

  return (
    <>
      <PageHeader
        title={fa.dashboard.admins}
        description={t.description}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }]}
      />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setDialog({ kind: 'create' })}>
          {t.add}
        </Button>
      </Group>

      <QueryState query={list} isEmpty={items.length === 0} empty={t.empty} height={240}>
        {cards ? (
          <Stack gap="xs">
            {items.map((a) => (
              <AccountCard key={a.id} account={a} isSelf={a.id === user.id} actions={actionsOf(a)} />
            ))}
          </Stack>
        ) : (
          <Paper withBorder>
            <Table.ScrollContainer minWidth={820}>
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
                          {a.id === user.id && (
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
            </Table.ScrollContainer>
          </Paper>
        )}
      </QueryState>
      <Text size="sm" c="dimmed" mt="md">
        {list.data ? t.total(formatNumber(items.length)) : ''}
      </Text>

      <Modal opened={dialog !== null} onClose={close} title={title} closeButtonProps={{ 'aria-label': t.close }}>
        {dialog?.kind === 'create' && <CreateForm onDone={close} />}
        {dialog?.kind === 'edit' && (
          <EditForm account={dialog.account} isSelf={dialog.account.id === user.id} onDone={close} />
        )}
        {dialog?.kind === 'password' && <PasswordForm account={dialog.account} onDone={close} />}
        {dialog?.kind === 'active' && <ConfirmActive account={dialog.account} onDone={close} />}
      </Modal>
    </>
  );
}
