import {
  type AdminNews,
  NEWS_AUDIENCE_LABELS,
  NEWS_AUDIENCES,
  NEWS_STATUSES,
  type NewsAudience,
  type NewsInput,
  type NewsStatus,
} from '@madreseh/contract/news/news.contract';
import { Checkbox, Group, MultiSelect, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { optionsOf } from '../../../lib/options';
import { useFormState } from '../../../lib/use-form-state';
import { TimeInput24, timeOf } from '../../../ui/digits-input';
import { FormActions, SubmitForm } from '../../../ui/form-parts';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { formOutcome } from '../../../ui/toasts';
import { newsQueries, useSaveNews } from '../api';
import { newsFa } from '../messages';
import { CoverInput, NewsTitleInput, UploadProgress, useCoverUpload } from './news-form-parts';

const TEHRAN_OFFSET = '+03:30';

/** The Tehran calendar day and clock time of an instant. */
function tehranParts(iso: string): { date: string; time: string } {
  const d = new Date(new Date(iso).getTime() + 3.5 * 3_600_000);
  return { date: d.toISOString().slice(0, 10), time: d.toISOString().slice(11, 16) };
}

interface FormState {
  title: string;
  summary: string;
  bodyHtml: string;
  audience: NewsAudience;
  pinned: boolean;
  status: NewsStatus;
  date: string | null;
  time: string;
  groupIds: number[];
}

function emptyForm(): FormState {
  const now = tehranParts(new Date().toISOString());
  return {
    title: '',
    summary: '',
    bodyHtml: '',
    audience: 'public',
    pinned: false,
    status: 'published',
    groupIds: [],
    ...now,
  };
}

function formOf(n: AdminNews): FormState {
  return {
    title: n.title,
    summary: n.summary,
    bodyHtml: n.bodyHtml,
    audience: n.audience,
    pinned: n.pinned,
    status: n.status,
    groupIds: n.groupIds,
    ...tehranParts(n.publishAt),
  };
}

type Form = ReturnType<typeof useFormState<FormState>>;

export function NewsForm({ editing, onDone }: { editing: AdminNews | null; onDone: () => void }) {
  const state = useFormState<FormState>(() => (editing ? formOf(editing) : emptyForm()));
  const { values: form, set, errors } = state;
  const { cover, setCover, progress, setProgress } = useCoverUpload();

  const save = useSaveNews(editing?.id ?? null, setProgress);
  const submit = () => {
    const time = timeOf(form.time) ?? '00:00';
    const body: NewsInput = {
      title: form.title,
      summary: form.summary,
      bodyHtml: form.bodyHtml,
      audience: form.audience,
      groupIds: form.audience === 'groups' ? form.groupIds : [],
      pinned: form.pinned,
      status: form.status,
      publishAt: form.date ? new Date(`${form.date}T${time}:00${TEHRAN_OFFSET}`).toISOString() : null,
    };
    save.mutate({ body, cover }, formOutcome(state, newsFa.saved, onDone));
  };

  return (
    <SubmitForm
      onSubmit={() => {
        state.setErrors({});
        submit();
      }}
    >
      <Stack>
        <NewsTitleInput value={form.title} onChange={(v) => set('title', v)} error={errors.title} />
        <Textarea
          label={newsFa.fieldSummary}
          autosize
          minRows={2}
          value={form.summary}
          onChange={(e) => set('summary', e.currentTarget.value)}
          error={errors.summary}
        />
        <RichTextEditor
          label={newsFa.fieldBody}
          value={form.bodyHtml}
          onChange={(v) => set('bodyHtml', v)}
          error={errors.bodyHtml}
        />
        <AudienceFields state={state} />
        <PublishFields state={state} />
        <CoverInput label={newsFa.fieldCover} value={cover} onChange={setCover} />
        <UploadProgress progress={progress} />
        <FormActions submitLabel={newsFa.save} loading={save.isPending} onCancel={onDone} />
      </Stack>
    </SubmitForm>
  );
}

/** Who reads the item: everyone, the students, or the students of chosen classes. */
function AudienceFields({ state }: { state: Form }) {
  const { values: form, set, errors } = state;
  const groups = useQuery(newsQueries.groups());
  return (
    <Stack gap={4}>
      <Text fw={500} fz="sm">
        {newsFa.fieldAudience}
      </Text>
      <SegmentedControl
        value={form.audience}
        onChange={(v) => set('audience', v as NewsAudience)}
        data={optionsOf(NEWS_AUDIENCES, NEWS_AUDIENCE_LABELS)}
      />
      {form.audience === 'groups' && (
        <MultiSelect
          label={newsFa.fieldGroups}
          placeholder={groups.isPending ? newsFa.groupsLoading : undefined}
          data={(groups.data?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
          value={form.groupIds.map(String)}
          onChange={(v) => set('groupIds', v.map(Number))}
          error={errors.groupIds}
          searchable
          nothingFoundMessage={newsFa.noGroups}
        />
      )}
    </Stack>
  );
}

/** When the item is published (Tehran time), whether it is a draft, and whether it is pinned. */
function PublishFields({ state }: { state: Form }) {
  const { values: form, set, errors } = state;
  return (
    <>
      <Group grow align="flex-start" wrap="wrap">
        <JalaliDateInput
          label={newsFa.fieldDate}
          value={form.date}
          onChange={(v) => set('date', v)}
          error={errors.publishAt}
          miw={180}
        />
        <TimeInput24
          label={newsFa.fieldTime}
          value={form.time}
          onChange={(v) => set('time', v)}
          error={form.time && !timeOf(form.time) ? newsFa.timeInvalid : undefined}
          miw={140}
        />
      </Group>
      <Text fz="xs" c="dimmed" mt={-8}>
        {newsFa.publishHint}
      </Text>
      <Group>
        <SegmentedControl
          value={form.status}
          onChange={(v) => set('status', v as NewsStatus)}
          data={optionsOf(NEWS_STATUSES, newsFa.statusChoice)}
        />
        <Checkbox
          label={newsFa.fieldPinned}
          checked={form.pinned}
          onChange={(e) => set('pinned', e.currentTarget.checked)}
        />
      </Group>
    </>
  );
}
