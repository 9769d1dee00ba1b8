import {
  ATTENDANCE_LABELS,
  type AttendanceState,
  attendanceContract,
  holidayInputSchema,
} from '@madreseh/contract/attendance/attendance.contract';
import { formatJalaliIso, JALALI_MONTHS, todayIso, toJalali } from '@madreseh/contract/jalali';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconChecklist, IconDownload, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { urlFor } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { zodFieldErrors } from '../../../lib/form-errors';
import { digitsToPersian, formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import {
  classMonthQuery,
  dayQuery,
  groupsQuery,
  holidaysQuery,
  useAddHoliday,
  useRemoveHoliday,
  useSetPeriods,
} from '../api';
import { attendanceFa as t } from '../messages';

const COLORS: Record<AttendanceState, string> = { present: 'green', absent: 'red', late: 'orange', excused: 'blue' };
const LETTER: Record<AttendanceState, string> = { present: '✓', absent: 'غ', late: 'ت', excused: 'م' };

function showError(err: Error) {
  notifications.show({ color: 'red', message: err.message });
}

/** The school on one day: which classes are taken, and who is absent, late or excused. */
function DayTab() {
  const [date, setDate] = useState(todayIso());
  const q = useQuery(dayQuery(date));
  const taken = q.data?.classes.filter((c) => c.taken).length ?? 0;
  return (
    <Stack>
      <Group align="flex-end">
        <JalaliDateInput label={t.date} value={date} onChange={(v) => v && setDate(v)} maxDate={todayIso()} w={180} />
        <Button
          component={Link}
          to="/dashboard/attendance/take"
          variant="light"
          leftSection={<IconChecklist size={18} />}
        >
          {t.take}
        </Button>
      </Group>
      {q.isPending ? (
        <Skeleton h={200} />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : (
        <>
          {q.data.closed && <Alert color="gray">{t.closed(q.data.closed)}</Alert>}
          <Text fw={600}>{t.classesTaken(formatNumber(taken), formatNumber(q.data.classes.length))}</Text>
          <Group gap="xs">
            {q.data.classes.map((c) => (
              <Badge key={c.groupId} size="lg" variant="light" color={c.taken ? (c.absent ? 'red' : 'green') : 'gray'}>
                {`${c.groupName}: ${c.taken ? `${formatNumber(c.absent)} غایب` : t.notTakenYet}`}
              </Badge>
            ))}
          </Group>
          {q.data.missing.length === 0 ? (
            <Text c="dimmed">{t.nobodyAbsent}</Text>
          ) : (
            <Paper withBorder>
              <Table.ScrollContainer minWidth={420}>
                <Table data-testid="day-missing">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t.student}</Table.Th>
                      <Table.Th>{t.group}</Table.Th>
                      <Table.Th>{fa.dashboard.attendance}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {q.data.missing.map((m) => (
                      <Table.Tr key={`${m.studentId}-${m.period}`}>
                        <Table.Td>{m.fullName}</Table.Td>
                        <Table.Td>{m.groupName}</Table.Td>
                        <Table.Td>
                          <Badge color={COLORS[m.state]}>
                            {`${m.period ? `${t.periodN(digitsToPersian(m.period))} — ` : ''}${ATTENDANCE_LABELS[m.state]}${
                              m.lateMinutes ? ` ${digitsToPersian(m.lateMinutes)} ${t.lateMinutes}` : ''
                            }`}
                          </Badge>
                          {m.reason && (
                            <Text size="xs" c="dimmed">
                              {m.reason}
                            </Text>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}

/** A class's month: a row per student, a column per day, and the month's totals; exported to XLSX. */
function MonthTab() {
  const groups = useQuery(groupsQuery());
  const [params, setParams] = useSearchParams();
  const now = toJalali(todayIso());
  const groupId = Number(params.get('group')) || groups.data?.items[0]?.id || null;
  const year = Number(params.get('year')) || now.year;
  const month = Number(params.get('month')) || now.month;
  const q = useQuery({ ...classMonthQuery(groupId ?? 0, year, month), enabled: groupId !== null });
  const set = (name: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(name, v);
    setParams(next, { replace: true });
  };
  const download = () =>
    downloadFile(
      urlFor(attendanceContract.exportMonth, undefined, { groupId: groupId ?? 0, year, month }),
      `attendance-${year}-${month}.xlsx`,
    ).catch(showError);
  return (
    <Stack>
      <Group align="flex-end" gap="xs">
        <Select
          label={t.group}
          data={(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={groupId ? String(groupId) : null}
          onChange={(v) => set('group', v)}
          allowDeselect={false}
          w={160}
        />
        <Select
          label={t.monthLabel}
          data={JALALI_MONTHS.map((m, i) => ({ value: String(i + 1), label: m }))}
          value={String(month)}
          onChange={(v) => set('month', v)}
          allowDeselect={false}
          w={120}
        />
        <NumberInput
          label={t.year}
          value={year}
          onChange={(v) => typeof v === 'number' && set('year', String(v))}
          w={100}
        />
        <Button variant="light" leftSection={<IconDownload size={18} />} onClick={download} disabled={!groupId}>
          {t.exportXlsx}
        </Button>
      </Group>
      {q.isPending ? (
        <Skeleton h={300} />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={200 + q.data.days.length * 28}>
            <Table withColumnBorders fz="xs" data-testid="month-grid" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.student}</Table.Th>
                  {q.data.days.map((d) => (
                    <Table.Th key={d.date} ta="center" p={2} bg={d.closed ? 'gray.1' : undefined}>
                      {digitsToPersian(d.day)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="center">{t.absentDays}</Table.Th>
                  <Table.Th ta="center">{t.lates}</Table.Th>
                  <Table.Th ta="center">{t.excusedDays}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.rows.map((r) => (
                  <Table.Tr key={r.studentId}>
                    <Table.Td fw={600}>{r.fullName}</Table.Td>
                    {q.data.days.map((d) => {
                      const m = r.marks[d.date] as AttendanceState | undefined;
                      return (
                        <Table.Td
                          key={d.date}
                          ta="center"
                          p={2}
                          bg={d.closed ? 'gray.1' : undefined}
                          c={m ? COLORS[m] : undefined}
                          fw={m && m !== 'present' ? 800 : undefined}
                          title={m ? ATTENDANCE_LABELS[m] : (d.closed ?? undefined)}
                        >
                          {m ? LETTER[m] : ''}
                        </Table.Td>
                      );
                    })}
                    <Table.Td ta="center">{digitsToPersian(r.counts.absent)}</Table.Td>
                    <Table.Td ta="center">{digitsToPersian(r.counts.late)}</Table.Td>
                    <Table.Td ta="center">{digitsToPersian(r.counts.excused)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </Stack>
  );
}

/** Closed days (Jalali dates with a title) and the number of periods a day. */
function HolidaysTab() {
  const q = useQuery(holidaysQuery());
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const periods = useSetPeriods();
  const [date, setDate] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [perDay, setPerDay] = useState<number | null>(null);
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
    <Stack>
      <Paper withBorder p="sm">
        <Group align="flex-end" gap="xs">
          <NumberInput
            label={t.periodsPerDay}
            description={t.periodsHint}
            min={0}
            max={10}
            value={perDay ?? q.data?.periodsPerDay ?? 0}
            onChange={(v) => setPerDay(typeof v === 'number' ? v : 0)}
            w={220}
          />
          <Button
            variant="light"
            loading={periods.isPending}
            onClick={() =>
              periods.mutate(perDay ?? q.data?.periodsPerDay ?? 0, {
                onSuccess: () => notifications.show({ color: 'green', message: t.periodsSaved }),
                onError: showError,
              })
            }
          >
            {t.savePeriods}
          </Button>
        </Group>
      </Paper>
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

/** /dashboard/attendance: today at school, a class's month, and the calendar of closed days. */
export function Component() {
  return (
    <>
      <PageHeader
        title={t.adminTitle}
        description={t.adminDescription}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }]}
      />
      <Tabs defaultValue="day" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="day">{t.today}</Tabs.Tab>
          <Tabs.Tab value="month">{t.month}</Tabs.Tab>
          <Tabs.Tab value="holidays">{t.holidays}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="day">
          <DayTab />
        </Tabs.Panel>
        <Tabs.Panel value="month">
          <MonthTab />
        </Tabs.Panel>
        <Tabs.Panel value="holidays">
          <HolidaysTab />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
