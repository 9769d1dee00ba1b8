import { ATTENDANCE_LABELS, type AttendanceState } from '@madreseh/contract/attendance/attendance.contract';
import { todayIso } from '@madreseh/contract/jalali';
import { lastSchoolDay } from '@madreseh/contract/school-days';
import { Alert, Badge, Button, Group, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { digitsToPersian, formatNumber } from '../../../lib/format';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { TableCard } from '../../../ui/table-card';
import { dayQuery, holidaysQuery } from '../api';
import { HolidaysTab } from '../components/holidays-tab';
import { MonthTab } from '../components/month-tab';
import { attendanceFa as t } from '../messages';

const COLORS: Record<AttendanceState, string> = { present: 'green', absent: 'red', late: 'orange', excused: 'blue' };

/** The school on one day: which classes are taken, and who is absent, late or excused. */
function DayTab() {
  const [date, setDate] = useState(todayIso());
  const q = useQuery(dayQuery(date));
  const holidays = useQuery(holidaysQuery());
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
      ) : q.data.closed && taken === 0 ? (
        // A closed day has no attendance to take: say so, rather than list every class as not taken.
        <Alert color="gray" variant="light" data-testid="day-closed">
          <Text>{date === todayIso() ? t.closedToday(q.data.closed) : t.closed(q.data.closed)}</Text>
          {holidays.data && (
            <Button mt="xs" size="xs" variant="light" onClick={() => setDate(lastSchoolDay(date, holidays.data.items))}>
              {t.lastSchoolDay}
            </Button>
          )}
        </Alert>
      ) : (
        <>
          {q.data.closed && <Alert color="gray">{t.closed(q.data.closed)}</Alert>}
          <Text fw={600}>{t.classesTaken(formatNumber(taken), formatNumber(q.data.classes.length))}</Text>
          <Group gap="xs">
            {q.data.classes.map((c) => (
              <Badge key={c.groupId} size="lg" variant="light" color={c.taken ? (c.absent ? 'red' : 'green') : 'gray'}>
                {c.taken ? t.classAbsent(c.groupName, formatNumber(c.absent)) : `${c.groupName}: ${t.notTakenYet}`}
              </Badge>
            ))}
          </Group>
          {q.data.missing.length === 0 ? (
            <Text c="dimmed">{t.nobodyAbsent}</Text>
          ) : (
            <TableCard minWidth={420}>
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
            </TableCard>
          )}
        </>
      )}
    </Stack>
  );
}

/** /dashboard/attendance: today at school, a class's month, and the calendar of closed days. */
export function Component() {
  return (
    <>
      <DashboardPageHeader title={t.adminTitle} description={t.adminDescription} />
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
