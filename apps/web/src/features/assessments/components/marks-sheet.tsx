import type { Assessment, Markbook } from '@madreseh/contract/assessments/assessments.contract';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight, IconDeviceFloppy, IconPencil, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { formatNumber } from '../../../lib/format';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { typedDecimal } from '../../../ui/digits-input';
import { useDeleteAssessment } from '../api';
import { formatScore } from '../marks-format';
import { assessmentsFa as t } from '../messages';
import { KindAndDate } from './kind-and-date';
import { useMarkSheet } from './use-mark-sheet';

/** Enter goes to the next student's mark (Shift+Enter to the one before), as on paper. */
function onKeyDown(e: KeyboardEvent<HTMLInputElement>, i: number) {
  if (e.key !== 'Enter') return;
  e.preventDefault();
  const next = document.querySelector<HTMLInputElement>(`[data-mark="${i + (e.shiftKey ? -1 : 1)}"]`);
  next?.focus();
  next?.select();
}

/** One assessment's marks: a row per student, typed one after another, saved together. */
export function MarksSheet({
  book,
  assessment,
  onBack,
  onEdit,
}: {
  book: Markbook;
  assessment: Assessment;
  onBack: () => void;
  onEdit: () => void;
}) {
  const sheet = useMarkSheet(book, assessment);
  const max = assessment.maxScore;
  return (
    <Stack gap="sm" data-testid="marks-sheet">
      <SheetHeader assessment={assessment} onBack={onBack} onEdit={onEdit} />
      <Paper withBorder>
        <Stack gap={0}>
          {book.students.map((s, i) => (
            <MarkRow
              key={s.id}
              index={i}
              name={s.fullName}
              value={sheet.values[s.id] ?? ''}
              error={
                sheet.invalid.has(s.id) || sheet.serverErrors[s.id]
                  ? (sheet.serverErrors[s.id] ?? t.badMark(formatScore(max)))
                  : undefined
              }
              onChange={(v) => sheet.setMark(s.id, v)}
            />
          ))}
        </Stack>
      </Paper>
      <Group justify="space-between">
        {sheet.tried && sheet.invalid.size > 0 ? (
          <Text size="sm" c="red.8" role="alert">
            {t.fixMarks}
          </Text>
        ) : (
          <Text size="sm" c={sheet.dirty ? 'orange.8' : 'dimmed'}>
            {sheet.dirty ? t.unsaved : t.taken(formatNumber(sheet.taken), formatNumber(book.students.length))}
          </Text>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={18} />}
          onClick={sheet.doSave}
          loading={sheet.saving}
          disabled={!sheet.dirty}
          data-testid="save-marks"
        >
          {t.saveMarks}
        </Button>
      </Group>
    </Stack>
  );
}

/** Back, edit and delete (after asking), and what the assessment is. */
function SheetHeader({
  assessment,
  onBack,
  onEdit,
}: {
  assessment: Assessment;
  onBack: () => void;
  onEdit: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteAssessment();
  return (
    <>
      <ConfirmModal
        opened={asking}
        title={t.removeTitle}
        loading={remove.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(assessment.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t.deleted });
              setAsking(false);
              onBack();
            },
            onError: (err) => notifications.show({ color: 'red', message: err.message }),
          })
        }
      >
        {t.removeText(assessment.title)}
      </ConfirmModal>
      <Group justify="space-between" wrap="nowrap">
        <Button variant="subtle" px={0} leftSection={<IconArrowRight size={18} />} onClick={onBack}>
          {t.back}
        </Button>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="light" size="lg" aria-label={t.edit} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon variant="light" color="red" size="lg" aria-label={t.remove} onClick={() => setAsking(true)}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
      <Paper withBorder p="sm">
        <KindAndDate a={assessment} mb={4} />
        <Text fw={700}>{assessment.title}</Text>
        <Text size="sm" c="dimmed">
          {t.marksHint(formatScore(assessment.maxScore))}
        </Text>
      </Paper>
    </>
  );
}

function MarkRow({
  index: i,
  name,
  value,
  error,
  onChange,
}: {
  index: number;
  name: string;
  value: string;
  error: string | undefined;
  onChange: (v: string) => void;
}) {
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      px="sm"
      py={6}
      style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
      data-testid="mark-row"
    >
      <Text size="sm" fw={500} style={{ minWidth: 0 }} truncate>
        {name}
      </Text>
      <TextInput
        aria-label={t.markLabel(name)}
        data-mark={i}
        inputMode="decimal"
        autoComplete="off"
        dir="ltr"
        w={92}
        size="md"
        styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
        placeholder="—"
        value={value}
        error={error}
        onChange={(e) => onChange(typedDecimal(e.currentTarget.value))}
        onKeyDown={(e) => onKeyDown(e, i)}
        onFocus={(e) => e.currentTarget.select()}
      />
    </Group>
  );
}
