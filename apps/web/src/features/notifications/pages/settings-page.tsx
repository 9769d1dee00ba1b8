import {
  NOTIFICATION_STATE_LABELS,
  NOTIFICATION_TEMPLATES,
  type NotificationSettingsInput,
  type NotificationSettingsView,
  type NotificationTemplate,
  notificationSettingsSchema,
  SMS_LOG_LABELS,
  SMS_PROVIDER_LABELS,
  SMS_PROVIDERS,
  type SmsProviderName,
} from '@madreseh/contract/notifications/notifications.contract';
import {
  Badge,
  Box,
  Button,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { digitsToPersian, formatJalaliDateTime } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { useFormState } from '../../../lib/use-form-state';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { PersianNumberInput } from '../../../ui/persian-number-input';
import { PersianPagination } from '../../../ui/persian-pagination';
import { SettingsSection } from '../../../ui/settings-section';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { notificationSettingsQuery, smsLogQuery, useSaveNotificationSettings } from '../api';
import { TemplateField } from '../components/template-field';
import { notifyFa } from '../messages';

type Form = Omit<NotificationSettingsInput, 'apiKey' | 'dailyCap' | 'reminderDaysBefore'> & {
  apiKey: string;
  removeKey: boolean;
  dailyCap: number | '';
  reminderDaysBefore: number | '';
};

const formOf = (s: NotificationSettingsView): Form => ({
  provider: s.provider,
  apiKey: '',
  removeKey: false,
  sender: s.sender,
  dailyCap: s.dailyCap,
  reminderDaysBefore: s.reminderDaysBefore,
  templates: { ...s.templates },
});

type State = ReturnType<typeof useFormState<Form>>;

function SettingsForm({ settings }: { settings: NotificationSettingsView }) {
  const state = useFormState<Form>(() => formOf(settings));
  const form = state.values;
  const save = useSaveNotificationSettings();
  const onSave = async () => {
    const body: NotificationSettingsInput = {
      provider: form.provider,
      sender: form.sender,
      dailyCap: form.dailyCap === '' ? -1 : form.dailyCap,
      reminderDaysBefore: form.reminderDaysBefore === '' ? -1 : form.reminderDaysBefore,
      templates: form.templates,
      ...(form.removeKey ? { apiKey: '' } : form.apiKey ? { apiKey: form.apiKey } : {}),
    };
    if (!state.check(notificationSettingsSchema, body)) return;
    try {
      const saved = await save.mutateAsync(body);
      state.reset(formOf(saved));
      toastSuccess(notifyFa.saved);
    } catch (err) {
      state.showServerErrors(err);
      toastError(err);
    }
  };
  return (
    <Stack gap="lg">
      <SettingsSection title={notifyFa.provider}>
        <ProviderFields state={state} settings={settings} />
      </SettingsSection>
      <SettingsSection title={notifyFa.templates}>
        <TemplateFields state={state} />
      </SettingsSection>
      <Group>
        <Button onClick={onSave} loading={save.isPending} data-testid="notification-settings-save">
          {notifyFa.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** The SMS service, its line, its key (written, never read back), the daily cap and the reminder's days. */
function ProviderFields({ state, settings }: { state: State; settings: NotificationSettingsView }) {
  const { values: form, errors, set } = state;
  const env = new Set(settings.fromEnv);
  const envHint = (k: (typeof settings.fromEnv)[number]) => (env.has(k) ? notifyFa.fromEnv : undefined);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={notifyFa.provider}
        data={optionsOf(SMS_PROVIDERS, SMS_PROVIDER_LABELS)}
        value={form.provider}
        onChange={(v) => v && set('provider', v as SmsProviderName)}
        allowDeselect={false}
        disabled={env.has('provider')}
        description={envHint('provider')}
        error={errors.provider}
      />
      <TextInput
        label={notifyFa.sender}
        value={form.sender}
        onChange={(e) => set('sender', e.currentTarget.value)}
        disabled={env.has('sender')}
        description={envHint('sender')}
        error={errors.sender}
        dir="ltr"
        inputMode="numeric"
      />
      <ApiKeyField state={state} settings={settings} fromEnv={env.has('apiKey')} />
      <PersianNumberInput
        label={notifyFa.dailyCap}
        value={form.dailyCap}
        onChange={(v) => set('dailyCap', v)}
        disabled={env.has('dailyCap')}
        description={envHint('dailyCap')}
        error={errors.dailyCap}
      />
      <PersianNumberInput
        label={notifyFa.reminderDays}
        value={form.reminderDaysBefore}
        onChange={(v) => set('reminderDaysBefore', v)}
        disabled={env.has('reminderDaysBefore')}
        description={envHint('reminderDaysBefore')}
        error={errors.reminderDaysBefore}
      />
    </SimpleGrid>
  );
}

function ApiKeyField({
  state,
  settings,
  fromEnv,
}: {
  state: State;
  settings: NotificationSettingsView;
  fromEnv: boolean;
}) {
  const { values: form, errors, set } = state;
  return (
    <div>
      <PasswordInput
        label={notifyFa.apiKey}
        value={form.apiKey}
        onChange={(e) => set('apiKey', e.currentTarget.value)}
        autoComplete="off"
        disabled={fromEnv || form.removeKey}
        description={fromEnv ? notifyFa.fromEnv : settings.apiKeySet ? notifyFa.apiKeySet : notifyFa.apiKeyNotSet}
        error={errors.apiKey}
        dir="ltr"
        data-testid="api-key"
      />
      <Group gap="xs" mt={6}>
        <Badge color={settings.apiKeySet ? 'green' : 'gray'} variant="light" data-testid="api-key-state">
          {settings.apiKeySet ? notifyFa.apiKeyStored : notifyFa.apiKeyMissing}
        </Badge>
        {settings.apiKeySet && !fromEnv && (
          <Button size="compact-xs" variant="subtle" color="red" onClick={() => set('removeKey', !form.removeKey)}>
            {form.removeKey ? notifyFa.apiKeyKeep : notifyFa.apiKeyRemove}
          </Button>
        )}
      </Group>
    </div>
  );
}

/** The text of each notification, with its placeholders as Persian chips and its length in SMS parts. */
function TemplateFields({ state }: { state: State }) {
  const { values: form, errors } = state;
  return (
    <Stack>
      {NOTIFICATION_TEMPLATES.map((k: NotificationTemplate) => (
        <TemplateField
          key={k}
          name={k}
          value={form.templates[k] ?? ''}
          error={errors[`templates.${k}`]}
          onChange={(v) => state.setValues((f) => ({ ...f, templates: { ...f.templates, [k]: v } }))}
        />
      ))}
    </Stack>
  );
}

function SmsLog() {
  const [page, setPage] = useState(1);
  const { data } = useQuery(smsLogQuery(page));
  if (!data) return <Skeleton h={120} />;
  if (!data.items.length) return <Text c="dimmed">{notifyFa.logEmpty}</Text>;
  return (
    <Stack>
      {/* A region that scrolls sideways on a phone: focusable, so a keyboard can scroll it too. */}
      <Box component="section" aria-label={notifyFa.log} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table striped verticalSpacing="xs" miw={560}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{notifyFa.mobile}</Table.Th>
              <Table.Th>{notifyFa.text}</Table.Th>
              <Table.Th>{notifyFa.state}</Table.Th>
              <Table.Th>{notifyFa.when}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.items.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td dir="ltr" style={{ textAlign: 'end' }}>
                  {digitsToPersian(r.mobile)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" lineClamp={2} title={r.text}>
                    {SMS_LOG_LABELS[r.template]}: {r.text}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={r.state === 'failed' ? 'red' : r.state === 'queued' ? 'gray' : 'green'}
                    title={r.lastError ?? undefined}
                  >
                    {NOTIFICATION_STATE_LABELS[r.state]}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{formatJalaliDateTime(r.sentAt ?? r.createdAt)}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {data.total > data.pageSize && <PersianPagination of={data} page={page} onChange={setPage} />}
    </Stack>
  );
}

/** The super-admin's notification settings: provider, write-only key, cap, templates, this month's use. */
export function Component() {
  const { data } = useQuery(notificationSettingsQuery());
  return (
    <>
      <DashboardPageHeader
        title={notifyFa.settingsTitle}
        description={notifyFa.settingsLine}
        crumbs={[{ label: notifyFa.settingsTitle }]}
      />
      {data ? (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            {(
              [
                [notifyFa.monthMessages, data.month.messages],
                [notifyFa.monthParts, data.month.parts],
                [notifyFa.monthFailed, data.month.failed],
              ] as const
            ).map(([label, n]) => (
              <Paper withBorder radius="md" p="sm" key={label}>
                <Text size="xs" c="dimmed">
                  {notifyFa.month} · {label}
                </Text>
                <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {digitsToPersian(n)}
                </Text>
              </Paper>
            ))}
            <Paper withBorder radius="md" p="sm">
              <Text size="xs" c="dimmed">
                {notifyFa.otpToday}
              </Text>
              <Text fw={700} fz="xl" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {notifyFa.otpOfCap(digitsToPersian(data.otpToday.sent), digitsToPersian(data.otpToday.dailyCap))}
              </Text>
            </Paper>
          </SimpleGrid>
          <SettingsForm settings={data} />
          <SettingsSection title={notifyFa.log}>
            <SmsLog />
          </SettingsSection>
        </Stack>
      ) : (
        <Skeleton h={400} />
      )}
    </>
  );
}
