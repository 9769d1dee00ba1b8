import {
  STAFF_ROLES,
  type StaffAccount,
  type StaffRole,
  staffCreateSchema,
  staffPasswordBodySchema,
  staffUpdateSchema,
} from '@madreseh/contract/admins/admins.contract';
import { Button, Code, CopyButton, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { optionsOf } from '../../../lib/options';
import { useFormState } from '../../../lib/use-form-state';
import { FormActions } from '../../../ui/form-parts';
import { formOutcome, toastError, toastSuccess } from '../../../ui/toasts';
import { generatePassword, useCreateStaff, useSetStaffPassword, useUpdateStaff } from '../api';
import { adminsFa as t } from '../messages';
import type { Dialog } from './account-list';

const ROLE_OPTIONS = optionsOf(STAFF_ROLES, t.roles);

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

/** The account's full name, focused first when its form opens. */
function FullNameInput({ value, onChange, error }: { value: string; onChange: (v: string) => void; error?: string }) {
  return (
    <TextInput
      label={t.fullName}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      name="fullName"
      required
      data-autofocus
    />
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

export function CreateForm({ onDone }: { onDone: () => void }) {
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
    create.mutate(v, formOutcome(form, t.created, onDone));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <FullNameInput value={v.fullName} onChange={(fullName) => set('fullName', fullName)} error={errors.fullName} />
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

export function EditForm({ account, isSelf, onDone }: { account: StaffAccount; isSelf: boolean; onDone: () => void }) {
  const form = useFormState({ fullName: account.fullName, role: account.role });
  const { values: v, set, errors } = form;
  const update = useUpdateStaff();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = isSelf ? { fullName: v.fullName } : v;
    if (!form.check(staffUpdateSchema, body)) return;
    update.mutate({ id: account.id, body }, formOutcome(form, t.saved, onDone));
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t.username} value={account.username} dir="ltr" readOnly variant="filled" />
        <FullNameInput value={v.fullName} onChange={(fullName) => set('fullName', fullName)} error={errors.fullName} />
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

export function PasswordForm({ account, onDone }: { account: StaffAccount; onDone: () => void }) {
  const form = useFormState(() => ({ password: generatePassword() }));
  const { password } = form.values;
  const save = useSetStaffPassword();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check(staffPasswordBodySchema)) return;
    save.mutate({ id: account.id, password }, formOutcome(form, t.passwordSaved, onDone));
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

export function ConfirmActive({ account, onDone }: { account: StaffAccount; onDone: () => void }) {
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

/** The page's dialog: create an account, or edit one, give it a new password or (de)activate it. */
export function StaffDialog({
  dialog,
  userId,
  onClose,
}: {
  dialog: Dialog | null;
  userId: number;
  onClose: () => void;
}) {
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
    <Modal opened={dialog !== null} onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t.close }}>
      {dialog?.kind === 'create' && <CreateForm onDone={onClose} />}
      {dialog?.kind === 'edit' && (
        <EditForm account={dialog.account} isSelf={dialog.account.id === userId} onDone={onClose} />
      )}
      {dialog?.kind === 'password' && <PasswordForm account={dialog.account} onDone={onClose} />}
      {dialog?.kind === 'active' && <ConfirmActive account={dialog.account} onDone={onClose} />}
    </Modal>
  );
}
