import { type TeacherNews, type TeacherNewsInput, teacherNewsInputSchema } from '@madreseh/contract/news/news.contract';
import { Alert, Checkbox, Stack, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useFormState } from '../../../lib/use-form-state';
import { FormActions, SubmitForm } from '../../../ui/form-parts';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { newsQueries, useSaveTeacherNews } from '../api';
import { newsFa } from '../messages';
import { CoverInput, NewsTitleInput, UploadProgress, useCoverUpload } from './news-form-parts';

interface FormState {
  title: string;
  text: string;
  groupIds: string[];
  removeCover: boolean;
}

const t = newsFa.teacher;

/** A teacher's news item: title, plain text, her classes and an optional image. */
export function TeacherNewsForm({
  editing,
  initialGroup,
  onDone,
}: {
  editing: TeacherNews | null;
  initialGroup?: number | null;
  onDone: () => void;
}) {
  const state = useFormState<FormState>(() => ({
    title: editing?.title ?? '',
    text: editing?.text ?? '',
    groupIds: editing ? editing.groups.map((g) => String(g.id)) : initialGroup ? [String(initialGroup)] : [],
    removeCover: false,
  }));
  const { values: form, set, errors } = state;
  const { cover, setCover, progress, setProgress } = useCoverUpload();
  const save = useSaveTeacherNews(editing?.id ?? null, setProgress);

  const submit = () => {
    const body: TeacherNewsInput = {
      title: form.title,
      text: form.text,
      groupIds: form.groupIds.map(Number),
      removeCover: form.removeCover,
    };
    if (!state.check(teacherNewsInputSchema, body)) return;
    save.mutate(
      { body, cover },
      {
        onSuccess: () => {
          toastSuccess(editing ? t.updated : t.saved);
          onDone();
        },
        onError: (err) => {
          state.showServerErrors(err);
          toastError(err);
        },
      },
    );
  };

  return (
    <SubmitForm onSubmit={submit}>
      <Stack>
        <NewsTitleInput value={form.title} onChange={(v) => set('title', v)} error={errors.title} />
        <Textarea
          label={t.fieldText}
          description={t.textHint}
          required
          autosize
          minRows={4}
          maxRows={14}
          value={form.text}
          onChange={(e) => set('text', e.currentTarget.value)}
          error={errors.text}
        />
        <ClassChoice value={form.groupIds} onChange={(v) => set('groupIds', v)} error={errors.groupIds} />
        <CoverInput label={t.fieldImage} value={cover} onChange={setCover} />
        {editing?.cover && !cover && (
          <Checkbox
            label={t.removeImage}
            checked={form.removeCover}
            onChange={(e) => set('removeCover', e.currentTarget.checked)}
          />
        )}
        <UploadProgress progress={progress} />
        <FormActions submitLabel={editing ? newsFa.save : t.publish} loading={save.isPending} onCancel={onDone} />
      </Stack>
    </SubmitForm>
  );
}

/** The teacher's classes to write to, a checkbox each (or why there are none). */
function ClassChoice({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (v: string[]) => void;
  error: string | undefined;
}) {
  const classes = useQuery(newsQueries.teacherClasses());
  const items = classes.data?.items ?? [];
  if (classes.isSuccess && items.length === 0)
    return (
      <Alert color="gray" variant="light">
        {t.noClasses}
      </Alert>
    );
  return (
    <Checkbox.Group label={t.fieldGroups} withAsterisk value={value} onChange={onChange} error={error}>
      <Stack gap="xs" mt={6}>
        {items.map((c) => (
          <Checkbox key={c.groupId} value={String(c.groupId)} label={c.groupName} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
