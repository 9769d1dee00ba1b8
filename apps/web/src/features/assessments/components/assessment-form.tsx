import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_KINDS,
  type Assessment,
  type AssessmentKind,
  assessmentFieldsSchema,
  type Markbook,
} from '@madreseh/contract/assessments/assessments.contract';
import { todayIso } from '@madreseh/contract/jalali';
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { optionsOf } from '../../../lib/options';
import { useFormState } from '../../../lib/use-form-state';
import { typedDecimal } from '../../../ui/digits-input';
import { SubmitForm } from '../../../ui/form-parts';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { useCreateAssessment, useUpdateAssessment } from '../api';
import { formatScore } from '../marks-format';
import { assessmentsFa as t } from '../messages';

interface FormValues {
  kind: AssessmentKind;
  title: string;
  date: string | null;
  maxScore: string;
}

type Form = ReturnType<typeof useFormState<FormValues>>;

/** Creates the assessment, or saves the one being edited; the server's refusal is shown beside its fields. */
function useSubmitAssessment(
  form: Form,
  book: Markbook,
  editing: Assessment | null,
  onClose: () => void,
  onCreated: (id: number) => void,
) {
  const create = useCreateAssessment();
  const update = useUpdateAssessment();
  const submit = () => {
    const body = { ...form.values, date: form.values.date ?? '' };
    if (!form.check(assessmentFieldsSchema, body)) return;
    const onError = (err: Error) => {
      form.showServerErrors(err);
      notifications.show({ color: 'red', message: err.message });
    };
    if (editing) {
      update.mutate(
        { id: editing.id, body },
        {
          onSuccess: () => {
            notifications.show({ color: 'green', message: t.updated });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...body, groupId: book.group.id, subjectId: book.subject.id },
        {
          // The page opens the new assessment's marks: that says it was made (a toast would cover the save button).
          onSuccess: (a) => onCreated(a.id),
          onError,
        },
      );
    }
  };
  return { submit, pending: create.isPending || update.isPending };
}

export function AssessmentForm({
  book,
  editing,
  onClose,
  onCreated,
}: {
  book: Markbook;
  editing: Assessment | null;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const form = useFormState<FormValues>(() =>
    editing
      ? {
          kind: editing.kind,
          title: editing.title,
          date: editing.date,
          maxScore: formatScore(editing.maxScore),
        }
      : { kind: 'quiz', title: '', date: todayIso(), maxScore: formatScore(20) },
  );
  const { submit, pending } = useSubmitAssessment(form, book, editing, onClose, onCreated);
  return (
    <SubmitForm onSubmit={submit}>
      <Stack>
        <AssessmentFields form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={pending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
  );
}

function AssessmentFields({ form }: { form: Form }) {
  return (
    <>
      <Select
        label={t.kind}
        data={optionsOf(ASSESSMENT_KINDS, ASSESSMENT_KIND_LABELS)}
        value={form.values.kind}
        onChange={(v) => v && form.set('kind', v as AssessmentKind)}
        allowDeselect={false}
        error={form.errors.kind}
        data-testid="assessment-kind"
      />
      <TextInput
        label={t.titleLabel}
        placeholder={t.titlePlaceholder}
        value={form.values.title}
        onChange={(e) => form.set('title', e.currentTarget.value)}
        error={form.errors.title}
        maxLength={100}
        required
        data-autofocus
      />
      <JalaliDateInput
        label={t.date}
        value={form.values.date}
        onChange={(v) => form.set('date', v)}
        error={form.errors.date}
        required
      />
      <TextInput
        label={t.maxScore}
        description={t.maxScoreHint}
        inputMode="decimal"
        dir="ltr"
        styles={{ input: { textAlign: 'right' } }}
        value={form.values.maxScore}
        onChange={(e) => form.set('maxScore', typedDecimal(e.currentTarget.value))}
        error={form.errors.maxScore}
      />
    </>
  );
}
