import {
  ATTENDANCE_LABELS,
  ATTENDANCE_STATES,
  type AttendanceState,
  type Sheet,
} from '@madreseh/contract/attendance/attendance.contract';
import {
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { formatJalaliDateTime, formatNumber } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { PersianNumberInput } from '../../../ui/persian-number-input';
import { attendanceFa as t } from '../messages';
import { type Mark, PRESENT, useAttendanceSheet } from './use-attendance-sheet';

const STATE_COLORS: Record<AttendanceState, string> = {
  present: 'green',
  absent: 'red',
  late: 'orange',
  excused: 'blue',
};

/**
 * The chosen state's background under its white word: dark enough for 4.5:1 (Mantine's shade 6 of
 * green gave «حاضر» about 2.2:1), the same hues as the theme's light badges.
 */
const STATE_FILLS: Record<AttendanceState, string> = {
  present: '#237032',
  absent: '#b02525',
  late: '#a63a0b',
  excused: '#1864ab',
};

/** A thumb's target: every state button and the name at least 44 px each way. */
const TARGET = 44;

/** The list of one class's day: tap a name to mark absent (again for present), or pick late or excused. */
export function SheetForm({ sheet }: { sheet: Sheet }) {
  const { marks, set, dirty, status, counts, incomplete, doSave, saving } = useAttendanceSheet(sheet);

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
        {sheet.rows.map((r) => (
          <AttendanceRow
            key={r.studentId}
            name={r.fullName}
            m={marks[r.studentId] ?? PRESENT}
            onChange={(patch) => set(r.studentId, patch)}
          />
        ))}
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
          loading={saving}
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

/** One student: the name toggles absent, the control picks any state; late asks minutes, absence a reason. */
function AttendanceRow({ name, m, onChange }: { name: string; m: Mark; onChange: (patch: Partial<Mark>) => void }) {
  return (
    <Paper
      withBorder
      p={8}
      data-testid="attendance-row"
      data-state={m.state}
      style={{ borderInlineStart: `4px solid var(--mantine-color-${STATE_COLORS[m.state]}-6)` }}
    >
      <Group justify="space-between" wrap="nowrap" gap={6}>
        <UnstyledButton
          onClick={() => onChange({ state: m.state === 'absent' ? 'present' : 'absent' })}
          style={{ flex: 1, minWidth: 0, minHeight: TARGET }}
          aria-label={`${name}: ${ATTENDANCE_LABELS[m.state]}`}
        >
          <Text fw={600} size="sm" truncate>
            {name}
          </Text>
        </UnstyledButton>
        <SegmentedControl
          size="sm"
          value={m.state}
          color={STATE_FILLS[m.state]}
          styles={{
            label: {
              minWidth: TARGET,
              minHeight: TARGET,
              paddingInline: 6,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            },
          }}
          onChange={(v) => onChange({ state: v as AttendanceState })}
          data={optionsOf(ATTENDANCE_STATES, t.short)}
          aria-label={name}
        />
      </Group>
      {m.state === 'late' && (
        <PersianNumberInput
          mt={6}
          size="xs"
          label={t.lateMinutes}
          value={m.lateMinutes ?? ''}
          onChange={(v) => onChange({ lateMinutes: v === '' ? null : v })}
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
          onChange={(e) => onChange({ reason: e.currentTarget.value })}
          error={m.state === 'excused' && !m.reason.trim() ? ' ' : undefined}
        />
      )}
    </Paper>
  );
}
