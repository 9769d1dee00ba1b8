import {
  ATTENDANCE_LABELS,
  type AttendanceState,
  attendanceContract,
  type ClassMonth,
} from '@madreseh/contract/attendance/attendance.contract';
import { JALALI_MONTHS, todayIso, toJalali } from '@madreseh/contract/jalali';
import { Alert, Button, Group, Select, Skeleton, Stack, Table } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { urlFor } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { digitsToPersian } from '../../../lib/format';
import { PersianNumberInput } from '../../../ui/persian-number-input';
import { TableCard } from '../../../ui/table-card';
import { classMonthQuery, groupsQuery } from '../api';
import { attendanceFa as t } from '../messages';
import { showError } from './show-error';

const COLORS: Record<AttendanceState, string> = { present: 'green', absent: 'red', late: 'orange', excused: 'blue' };

/** A class's month: a row per student, a column per day, and the month's totals; exported to XLSX. */
export function MonthTab() {
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
        <PersianNumberInput
          label={t.year}
          value={year}
          // A year is four digits: the month is asked for once it is whole.
          onChange={(v) => v !== '' && v >= 1000 && set('year', String(v))}
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
        <MonthGrid data={q.data} />
      )}
    </Stack>
  );
}

function MonthGrid({ data }: { data: ClassMonth }) {
  return (
    <TableCard minWidth={200 + data.days.length * 28}>
      <Table withColumnBorders fz="xs" data-testid="month-grid" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.student}</Table.Th>
            {data.days.map((d) => (
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
          {data.rows.map((r) => (
            <Table.Tr key={r.studentId}>
              <Table.Td fw={600}>{r.fullName}</Table.Td>
              {data.days.map((d) => {
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
                    {m ? t.letter[m] : ''}
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
    </TableCard>
  );
}
