import { academicYearRange, todayIso } from '@madreseh/contract/jalali';
import { lastSchoolDay } from '@madreseh/contract/school-days';
import { Alert, Button, Group, Paper, Select, Skeleton, Text } from '@mantine/core';
import { IconCloudUpload, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { readUser } from '../../../lib/cookies';
import { digitsToPersian, formatNumber } from '../../../lib/format';
import { useOnline } from '../../../lib/offline';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import { groupsQuery, holidaysQuery, myClassesQuery, sheetQuery, useFlushQueue } from '../api';
import { SheetForm } from '../components/sheet-form';
import { attendanceFa as t } from '../messages';
import { useQueuedSaves } from '../queue';

/** What waits on the phone, and sending it: by hand, and by itself when the network returns. */
function QueueBanner() {
  const queued = useQueuedSaves();
  const online = useOnline();
  const flush = useFlushQueue();
  const { mutate } = flush;
  const [result, setResult] = useState<{ color: string; text: string } | null>(null);
  useEffect(() => {
    if (!online || queued.length === 0) return;
    mutate(undefined, {
      onSuccess: (r) => {
        if (r.failed.length) setResult({ color: 'red', text: t.refused(r.failed) });
        else if (r.sent) setResult({ color: 'green', text: t.sentFromQueue(formatNumber(r.sent)) });
      },
    });
  }, [online, queued.length, mutate]);
  if (queued.length === 0 && online) {
    return result ? (
      <Alert
        color={result.color}
        variant="light"
        mb="sm"
        data-testid="attendance-synced"
        withCloseButton
        onClose={() => setResult(null)}
      >
        {result.text}
      </Alert>
    ) : null;
  }
  return (
    <Alert
      color="orange"
      variant="light"
      mb="sm"
      icon={online ? <IconCloudUpload size={18} /> : <IconWifiOff size={18} />}
      data-testid="attendance-queue"
    >
      <Group justify="space-between" gap="xs">
        <Text size="sm">{queued.length ? t.waiting(formatNumber(queued.length)) : t.offlineCopy}</Text>
        {queued.length > 0 && online && (
          <Button size="xs" variant="white" loading={flush.isPending} onClick={() => mutate()}>
            {t.sendNow}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/** /teacher/attendance (and /dashboard/attendance/take): a class's day on a phone, in under a minute. */
export function Component() {
  const staff = readUser()?.role !== 'teacher';
  const [params, setParams] = useSearchParams();
  const mine = useQuery({ ...myClassesQuery(), enabled: !staff });
  const all = useQuery({ ...groupsQuery(), enabled: staff });
  const holidays = useQuery(holidaysQuery());
  const classes = staff
    ? (all.data?.items ?? []).map((g) => ({ id: g.id, label: g.name, year: g.academicYear }))
    : (mine.data?.items ?? []).map((g) => ({ id: g.groupId, label: g.groupName, year: g.academicYear }));
  const pending = staff ? all.isPending : mine.isPending;
  const groupId = Number(params.get('group')) || classes[0]?.id || null;
  const chosen = classes.find((g) => g.id === groupId);
  const yearOfClass = chosen ? academicYearRange(chosen.year) : undefined;
  // Without a day in the address, the last school day: today, or before a Friday or holidays.
  const lastOpen = holidays.data
    ? lastSchoolDay(todayIso(), holidays.data.items)
    : holidays.isError
      ? lastSchoolDay(todayIso(), [])
      : null;
  const date = params.get('date') || lastOpen;
  const periods = holidays.data?.periodsPerDay ?? 0;
  const period = periods > 0 ? Math.min(Math.max(Number(params.get('period')) || 1, 1), periods) : null;
  const sheet = useQuery({
    ...sheetQuery(groupId ?? 0, date ?? todayIso(), period),
    enabled: groupId !== null && date !== null,
  });

  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader title={t.takeTitle} description={t.takeDescription} />
      <QueueBanner />
      <Paper withBorder p="sm" mb="sm">
        <Group grow preventGrowOverflow={false} wrap="wrap" gap="xs">
          <Select
            label={t.group}
            placeholder={t.chooseGroup}
            data={classes.map((g) => ({ value: String(g.id), label: `${g.label} (${digitsToPersian(g.year)})` }))}
            value={groupId ? String(groupId) : null}
            onChange={(v) => setParam('group', v)}
            allowDeselect={false}
            miw={140}
          />
          <JalaliDateInput
            label={t.date}
            value={date}
            onChange={(v) => setParam('date', v)}
            // Only days of the class's school year that have come can be taken.
            minDate={yearOfClass?.from}
            maxDate={yearOfClass && yearOfClass.to < todayIso() ? yearOfClass.to : todayIso()}
            miw={140}
          />
          {periods > 0 && (
            <Select
              label={t.period}
              data={Array.from({ length: periods }, (_, i) => ({
                value: String(i + 1),
                label: t.periodN(digitsToPersian(i + 1)),
              }))}
              value={String(period)}
              onChange={(v) => setParam('period', v)}
              allowDeselect={false}
              miw={100}
            />
          )}
        </Group>
      </Paper>
      {pending || date === null ? (
        <Skeleton h={300} />
      ) : classes.length === 0 ? (
        <Alert color="gray" variant="light">
          {t.noClasses}
        </Alert>
      ) : sheet.isPending ? (
        <Skeleton h={300} />
      ) : sheet.isError ? (
        <Alert color="red">{sheet.error instanceof ApiError ? sheet.error.message : String(sheet.error)}</Alert>
      ) : sheet.data.closed ? (
        <Alert color="gray" variant="light" data-testid="closed-day">
          {t.closed(sheet.data.closed)}
        </Alert>
      ) : (
        <SheetForm sheet={sheet.data} />
      )}
    </>
  );
}
