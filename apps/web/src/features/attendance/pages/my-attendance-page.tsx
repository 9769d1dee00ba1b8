import {
  ATTENDANCE_LABELS,
  type AttendanceState,
  type MyMonth,
} from '@madreseh/contract/attendance/attendance.contract';
import { JALALI_MONTHS, JALALI_WEEKDAYS, todayIso, toJalali } from '@madreseh/contract/jalali';
import { ActionIcon, Alert, Badge, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { digitsToPersian, formatJalaliDateTime, formatNumber } from '../../../lib/format';
import { useViewer } from '../../../lib/viewer';
import { SavedCopyNotice } from '../../../ui/offline-notice';
import { PageHeader } from '../../../ui/page-header';
import { myMonthQuery, noticesQuery } from '../api';
import { attendanceFa as t } from '../messages';

const COLORS: Record<AttendanceState, string> = { present: 'green', absent: 'red', late: 'orange', excused: 'blue' };

/**
 * /student/attendance: the student's month, day by day, with the notices of recorded absences.
 * /parent/:childId/attendance: the same month for a parent's child (their absences reach the parent's bell).
 */
export function Component() {
  const viewer = useViewer();
  const own = viewer.kind === 'student';
  const [params, setParams] = useSearchParams();
  const now = toJalali(todayIso());
  const year = Number(params.get('year')) || now.year;
  const month = Number(params.get('month')) || now.month;
  const q = useQuery(myMonthQuery(year, month, viewer));
  const go = (delta: number) => {
    const index = year * 12 + (month - 1) + delta;
    setParams({ year: String(Math.floor(index / 12)), month: String((index % 12) + 1) }, { replace: true });
  };
  return (
    <>
      <PageHeader title={own ? t.myTitle : t.childTitle} />
      <SavedCopyNotice />
      <Group justify="space-between" mb="sm">
        <ActionIcon variant="light" size="lg" onClick={() => go(-1)} aria-label={t.prevMonth}>
          <IconChevronRight size={20} />
        </ActionIcon>
        <Title order={2} fz="h4" data-testid="month-title">
          {`${JALALI_MONTHS[month - 1]} ${digitsToPersian(year)}`}
        </Title>
        <ActionIcon variant="light" size="lg" onClick={() => go(1)} aria-label={t.nextMonth}>
          <IconChevronLeft size={20} />
        </ActionIcon>
      </Group>
      {q.isPending ? (
        <Skeleton h={200} />
      ) : q.isError ? (
        <Alert color="red">{q.error.message}</Alert>
      ) : (
        <MonthDays data={q.data} month={month} />
      )}
      {own && <Notices />}
    </>
  );
}

/** The month's counts, and each day with a mark: its states (by period) and the reasons given. */
function MonthDays({ data, month }: { data: MyMonth; month: number }) {
  const marked = data.days.filter((d) => d.marks.length > 0);
  return (
    <Stack gap="sm">
      <Paper withBorder p="sm" data-testid="my-counts">
        <Text fw={700}>
          {t.myCounts(
            formatNumber(data.counts.absent),
            formatNumber(data.counts.late),
            formatNumber(data.counts.excused),
          )}
        </Text>
      </Paper>
      {marked.length === 0 ? (
        <Alert color="gray" variant="light">
          {t.noMarks}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} data-testid="my-days">
          {marked.map((d) => (
            <Paper key={d.date} withBorder p={8} data-testid="my-day">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">{`${JALALI_WEEKDAYS[d.weekday]} ${digitsToPersian(d.day)} ${JALALI_MONTHS[month - 1]}`}</Text>
                <Group gap={4}>
                  {d.marks.map((m) => (
                    <Badge
                      key={m.period ?? 0}
                      color={COLORS[m.state]}
                      variant={m.state === 'present' ? 'light' : 'filled'}
                    >
                      {`${m.period ? `${digitsToPersian(m.period)}: ` : ''}${ATTENDANCE_LABELS[m.state]}${
                        m.state === 'late' && m.lateMinutes ? ` ${digitsToPersian(m.lateMinutes)}′` : ''
                      }`}
                    </Badge>
                  ))}
                </Group>
              </Group>
              {d.marks.some((m) => m.reason) && (
                <Text size="xs" c="dimmed" mt={4}>
                  {t.reasons(d.marks.map((m) => m.reason).filter((r): r is string => Boolean(r)))}
                </Text>
              )}
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** The student's own notices of recorded absences. */
function Notices() {
  const notices = useQuery(noticesQuery());
  return (
    <>
      <Title order={2} fz="h4" mt="lg" mb="xs">
        {t.noticesTitle}
      </Title>
      {notices.isPending ? (
        <Skeleton h={80} />
      ) : notices.isError ? null : notices.data.items.length === 0 ? (
        <Text c="dimmed">{t.noNotices}</Text>
      ) : (
        <Stack gap={6} data-testid="notices">
          {notices.data.items.map((n) => (
            <Card key={n.id} withBorder p="sm" data-testid="notice">
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconBell size={18} color="var(--mantine-color-red-6)" />
                <Stack gap={2}>
                  <Text fw={700} size="sm">
                    {digitsToPersian(n.title)}
                  </Text>
                  <Text size="sm">{digitsToPersian(n.body)}</Text>
                  <Text size="xs" c="dimmed">
                    {formatJalaliDateTime(n.createdAt)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
