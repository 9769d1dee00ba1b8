import { holidayInputSchema } from '@madreseh/contract/attendance/attendance.contract';
import { formatJalaliIso } from '@madreseh/contract/jalali';
import { ActionIcon, Alert, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { zodFieldErrors } from '../../../lib/form-errors';
import { digitsToPersian } from '../../../lib/format';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PersianNumberInput } from '../../../ui/persian-number-input';
import { holidaysQuery, useAddHoliday, useRemoveHoliday, useSetPeriods } from '../api';
import { attendanceFa as t } from '../messages';
import { showError } from './show-error';

/** Closed days (Jalali dates with a title) and the number of periods a day. */
export function HolidaysTab() {
  const q = useQuery(holidaysQuery());
  const remove = useRemoveHoliday();
  return (
    <Stack>
      <PeriodsForm saved={q.data?.periodsPerDay} />
      <HolidayForm />
      {q.isPending ? (
        <Skeleton h={120} />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : q.data.items.length === 0 ? (
        <Text c="dimmed">{t.noHolidays}</Text>
      ) : (
        <Stack gap={4} data-testid="holidays">
          {q.data.items.map((h) => (
            <Paper key={h.date} withBorder p={8}>
              <Group justify="space-between">
                <Text size="sm">{`${digitsToPersian(formatJalaliIso(h.date))} — ${h.title}`}</Text>
                <Tooltip label={t.removeHoliday}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t.removeHoliday} ${h.title}`}
                    onClick={() => remove.mutate(h.date, { onError: showError })}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** How many periods a day has (`saved` until it is changed here). */
function PeriodsForm({ saved }: { saved: number | undefined }) {
  const periods = useSetPeriods();
  const [perDay, setPerDay] = useState<number | null>(null);
  return (
    <Paper withBorder p="sm">
      <Group align="flex-end" gap="xs">
        <PersianNumberInput
          label={t.periodsPerDay}
          description={t.periodsHint}
          value={perDay ?? saved ?? 0}
          onChange={(v) => setPerDay(v === '' ? 0 : v)}
          w={220}
        />
        <Button
          variant="light"
          loading={periods.isPending}
          onClick={() =>
            periods.mutate(perDay ?? saved ?? 0, {
              onSuccess: () => notifications.show({ color: 'green', message: t.periodsSaved }),
              onError: showError,
            })
          }
        >
          {t.savePeriods}
        </Button>
      </Group>
    </Paper>
  );
}

/** A new closed day: its date and title, checked by the contract's schema. */
function HolidayForm() {
  const add = useAddHoliday();
  const [date, setDate] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = zodFieldErrors(holidayInputSchema, { date: date ?? '', title });
    setErrors(found);
    if (Object.keys(found).length || !date) return;
    add.mutate(
      { date, title },
      {
        onSuccess: () => {
          setDate(null);
          setTitle('');
        },
        onError: showError,
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs">
        <JalaliDateInput label={t.date} value={date} onChange={setDate} error={errors.date} w={170} />
        <TextInput
          label={t.holidayTitle}
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errors.title}
          w={220}
        />
        <Button type="submit" loading={add.isPending}>
          {t.addHoliday}
        </Button>
      </Group>
    </form>
  );
}
