import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATES,
  type AttendanceState,
  type Sheet,
} from '@madreseh/contract/attendance/attendance.contract';
import { todayIso } from '@madreseh/contract/jalali';
import {
  Alert,
  Box,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconCloudUpload, IconDeviceFloppy, IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { readUser } from '../../../lib/cookies';
import { digitsToPersian, formatJalaliDateTime, formatNumber } from '../../../lib/format';
import { useOnline } from '../../../lib/offline';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import { groupsQuery, holidaysQuery, myClassesQuery, sheetQuery, useFlushQueue, useSaveSheet } from '../api';
import { attendanceFa as t } from '../messages';
import { newClientKey, useQueuedSaves } from '../queue';

interface Mark {
  state: AttendanceState;
  lateMinutes: number | null;
  reason: string;
}

const STATE_COLORS: Record<AttendanceState, string> = {
  present: 'green',
  absent: 'red',
  late: 'orange',
  excused: 'blue',
};
const SHORT: Record<AttendanceState, string> = { present: 'حاضر', absent: 'غایب', late: 'تأخیر', excused: 'موجه' };

/** The list of one class's day: tap a name to mark absent (again for present), or pick late or excused. */
function SheetForm({ sheet }: { sheet: Sheet }) {
  const [marks, setMarks] = useState<Record<number, Mark>>({});
  const [dirty, setDirty] = useState(false);
  // Said on the page, not in a toast: a toast's code may not be on the phone when the network is gone.
  const [status, setStatus] = useState<{ color: string; text: string } | null>(null);
  const save = useSaveSheet();
  useEffect(() => {
    const m: Record<number, Mark> = {};
    for (const r of sheet.rows) m[r.studentId] = { state: r.state, lateMinutes: r.lateMinutes, reason: r.reason ?? '' };
    setMarks(m);
    setDirty(false);
  }, [sheet]);

  const set = (id: number, patch: Partial<Mark>) => {
    setMarks((m) => ({ ...m, [id]: { ...(m[id] ?? { state: 'present', lateMinutes: null, reason: '' }), ...patch } }));
    setDirty(true);
  };
  const counts = useMemo(() => {
    const c = { present: 0, absent: 0, late: 0, excused: 0 };
    for (const m of Object.values(marks)) c[m.state]++;
    return c;
  }, [marks]);
  const incomplete = Object.values(marks).some(
    (m) => (m.state === 'late' && !m.lateMinutes) || (m.state === 'excused' && !m.reason.trim()),
  );

  const doSave = () =>
    save.mutate(
      {
        clientKey: newClientKey(),
        groupId: sheet.group.id,
        date: sheet.date,
        period: sheet.period,
        entries: sheet.rows.map((r) => {
          const m = marks[r.studentId] ?? { state: 'present' as const, lateMinutes: null, reason: '' };
          return {
            studentId: r.studentId,
            state: m.state,
            lateMinutes: m.state === 'late' ? m.lateMinutes : null,
            reason: m.state === 'excused' || m.state === 'absent' ? m.reason || null : null,
          };
        }),
      },
      {
        onSuccess: (r) => {
          setDirty(false);
          setStatus({
            color: r.queued ? 'orange' : 'green',
            text: r.queued ? t.queued : r.sheet?.replayed ? t.replayed : t.saved,
          });
        },
        onError: (err) => setStatus({ color: 'red', text: err.message }),
      },
    );

  if (sheet.rows.length === 0) return <Alert color="gray">{t.noStudents}</Alert>;
  return (
    <>
      <Group justify="space-between" mb="xs" gap={4}>
        <Text size="sm" fw={600} data-testid="attendance-summary">
          {t.summary(
            formatNumber(counts.present + counts.excused),
            formatNumber(counts.absent),
            formatNumber(counts.late),
          )}
        </Text>
        <Text size="xs" c="dimmed">
          {sheet.savedAt ? t.takenAt(formatJalaliDateTime(sheet.savedAt)) : t.notTaken}
        </Text>
      </Group>
      {status && (
        <Alert color={status.color} variant="light" mb={6} py={6} data-testid="attendance-status">
          {status.text}
        </Alert>
      )}
      <Text size="xs" c="dimmed" mb={6}>
        {t.tapHint}
      </Text>
      <Stack gap={6} data-testid="attendance-list">
        {sheet.rows.map((r) => {
          const m = marks[r.studentId] ?? { state: 'present' as const, lateMinutes: null, reason: '' };
          return (
            <Paper
              key={r.studentId}
              withBorder
              p={8}
              data-testid="attendance-row"
              data-state={m.state}
              style={{ borderInlineStart: `4px solid var(--mantine-color-${STATE_COLORS[m.state]}-6)` }}
            >
              <Group justify="space-between" wrap="nowrap" gap={6}>
                <UnstyledButton
                  onClick={() => set(r.studentId, { state: m.state === 'absent' ? 'present' : 'absent' })}
                  style={{ flex: 1, minWidth: 0, minHeight: 36 }}
                  aria-label={`${r.fullName}: ${ATTENDANCE_LABELS[m.state]}`}
                >
                  <Text fw={600} size="sm" truncate>
                    {r.fullName}
                  </Text>
                </UnstyledButton>
                <SegmentedControl
                  size="xs"
                  value={m.state}
                  color={STATE_COLORS[m.state]}
                  onChange={(v) => set(r.studentId, { state: v as AttendanceState })}
                  data={ATTENDANCE_STATES.map((s) => ({ value: s, label: SHORT[s] }))}
                  aria-label={r.fullName}
                />
              </Group>
              {m.state === 'late' && (
                <NumberInput
                  mt={6}
                  size="xs"
                  label={t.lateMinutes}
                  min={1}
                  max={240}
                  value={m.lateMinutes ?? ''}
                  onChange={(v) => set(r.studentId, { lateMinutes: typeof v === 'number' ? v : null })}
                  error={m.lateMinutes ? undefined : ' '}
                />
              )}
              {(m.state === 'excused' || m.state === 'absent') && (
                <TextInput
                  mt={6}
                  size="xs"
                  label={t.reason}
                  value={m.reason}
                  maxLength={200}
                  onChange={(e) => set(r.studentId, { reason: e.currentTarget.value })}
                  error={m.state === 'excused' && !m.reason.trim() ? ' ' : undefined}
                />
              )}
            </Paper>
          );
        })}
      </Stack>
      {/* Sticky in the content column: above the phone's bottom menu, never over the desktop sidebar. */}
      <Box
        pos="sticky"
        bottom="calc(var(--app-shell-footer-offset, 0rem) + var(--mantine-spacing-xs))"
        mt="md"
        style={{ zIndex: 150 }}
      >
        <Button
          fullWidth
          size="md"
          leftSection={<IconDeviceFloppy size={20} />}
          onClick={doSave}
          loading={save.isPending}
          disabled={incomplete}
          variant={dirty || !sheet.taken ? 'filled' : 'light'}
          data-testid="save-attendance"
        >
          {t.save}
        </Button>
      </Box>
    </>
  );
}

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
        if (r.failed.length) setResult({ color: 'red', text: `${t.refused} ${r.failed.join('؛ ')}` });
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
  const date = params.get('date') || todayIso();
  const periods = holidays.data?.periodsPerDay ?? 0;
  const period = periods > 0 ? Math.min(Math.max(Number(params.get('period')) || 1, 1), periods) : null;
  const sheet = useQuery({ ...sheetQuery(groupId ?? 0, date, period), enabled: groupId !== null });

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
            maxDate={todayIso()}
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
      {pending ? (
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
