import { type TeacherNews, type TeacherNewsInput, teacherNewsInputSchema } from '@madreseh/contract/news/news.contract';
import { Alert, Checkbox, FileInput, Progress, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormState } from '../../../lib/use-form-state';
import { FormActions } from '../../../ui/form-actions';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { newsQueries, useSaveTeacherNews } from '../api';
import { newsFa } from '../messages';

interface FormState {
  title: string;
  text: string;
  groupIds: string[];
  removeCover: boolean;
}

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
  const t = newsFa.teacher;
  const classes = useQuery(newsQueries.teacherClasses());
  const state = useFormState<FormState>(() => ({
    title: editing?.title ?? '',
    text: editing?.text ?? '',
    groupIds: editing ? editing.groups.map((g) => String(g.id)) : initialGroup ? [String(initialGroup)] : [],
    removeCover: false,
  }));
  const { values: form, set, errors } = state;
  const [cover, setCover] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const save = useSaveTeacherNews(editing?.id ?? null, setProgress);
  const items = classes.data?.items ?? [];

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
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        <TextInput
          label={newsFa.fieldTitle}
          required
          value={form.title}
          onChange={(e) => set('title', e.currentTarget.value)}
          error={errors.title}
        />
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
        {classes.isSuccess && items.length === 0 ? (
          <Alert color="gray" variant="light">
            {t.noClasses}
          </Alert>
        ) : (
          <Checkbox.Group
            label={t.fieldGroups}
            withAsterisk
            value={form.groupIds}
            onChange={(v) => set('groupIds', v)}
            error={errors.groupIds}
          >
            <Stack gap="xs" mt={6}>
              {items.map((c) => (
                <Checkbox key={c.groupId} value={String(c.groupId)} label={c.groupName} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <FileInput
          label={t.fieldImage}
          accept="image/jpeg,image/png,image/webp"
          value={cover}
          onChange={setCover}
          clearable
          placeholder="JPEG، PNG یا WebP"
        />
        {editing?.cover && !cover && (
          <Checkbox
            label={t.removeImage}
            checked={form.removeCover}
            onChange={(e) => set('removeCover', e.currentTarget.checked)}
          />
        )}
        {progress !== null && <Progress value={progress * 100} aria-label={newsFa.uploading} />}
        <FormActions submitLabel={editing ? newsFa.save : t.publish} loading={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}
