import type { Markbook } from '@madreseh/contract/assessments/assessments.contract';
import { todayIso } from '@madreseh/contract/jalali';
import { MAIN_TERMS, TERMS, type Term } from '@madreseh/contract/terms';
import { Alert, Button, Group, Modal, SegmentedControl, Select, Skeleton, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';
import { markbookQuery, myClassesQuery } from '../api';
import { AssessmentForm } from '../components/assessment-form';
import { AssessmentList } from '../components/assessment-list';
import { Averages } from '../components/averages';
import { MarksSheet } from '../components/marks-sheet';
import { termOf } from '../marks-format';
import { assessmentsFa as t } from '../messages';

type SetParam = (patch: Record<string, string | null>) => void;

/** What the address chooses: the (class, subject), its markbook, the open assessment, the tab and the term. */
function useMarkbookChoice() {
  const [params, setParams] = useSearchParams();
  const classes = useQuery(myClassesQuery());
  const options = (classes.data?.items ?? []).flatMap((c) =>
    c.subjects.map((s) => ({ value: `${c.groupId}:${s.id}`, label: `${s.name} — ${c.groupName}` })),
  );
  const groupParam = Number(params.get('group')) || null;
  const subjectParam = Number(params.get('subject')) || null;
  const chosen =
    options.find((o) => o.value === `${groupParam}:${subjectParam}`) ??
    (groupParam ? options.find((o) => o.value.startsWith(`${groupParam}:`)) : undefined) ??
    options[0];
  const [groupId, subjectId] = chosen ? chosen.value.split(':').map(Number) : [0, 0];
  const book = useQuery({ ...markbookQuery(groupId ?? 0, subjectId ?? 0), enabled: Boolean(chosen) });
  const openId = Number(params.get('a')) || null;
  const open = book.data?.assessments.find((a) => a.id === openId) ?? null;
  const tab: 'list' | 'averages' = params.get('tab') === 'averages' ? 'averages' : 'list';

  const setParam: SetParam = (patch) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next);
  };
  const termParam = params.get('term') as Term | null;
  const term: Term =
    book.data && termParam && (book.data.group.usesMonthly ? TERMS : MAIN_TERMS).includes(termParam)
      ? termParam
      : book.data
        ? termOf(book.data, todayIso())
        : 'first';
  return { classes, options, chosen, book, open, tab, term, setParam };
}

/** /teacher/marks: for each (class, subject) of the teacher, her assessments and their marks, and the averages. */
export function Component() {
  const { classes, options, chosen, book, open, tab, term, setParam } = useMarkbookChoice();
  const [form, setForm] = useState<'new' | 'edit' | null>(null);

  return (
    <>
      <PageHeader title={t.title} description={t.description} />
      <Modal
        opened={form !== null && Boolean(book.data)}
        onClose={() => setForm(null)}
        title={form === 'edit' ? t.editTitle : t.addTitle}
        centered
      >
        {book.data && form !== null && (
          <AssessmentForm
            book={book.data}
            editing={form === 'edit' ? open : null}
            onClose={() => setForm(null)}
            onCreated={(id) => {
              setForm(null);
              setParam({ a: String(id), tab: null });
            }}
          />
        )}
      </Modal>
      {classes.isPending ? (
        <Skeleton h={200} radius="md" />
      ) : classes.isError ? (
        <Alert color="red">{classes.error.message}</Alert>
      ) : options.length === 0 ? (
        <Alert color="gray" variant="light">
          {t.noClasses}
        </Alert>
      ) : (
        <Stack gap="md">
          <Select
            label={t.assignment}
            placeholder={t.chooseAssignment}
            data={options}
            value={chosen?.value ?? null}
            onChange={(v) => {
              const [g, s] = (v ?? '').split(':');
              setParam({ group: g ?? null, subject: s ?? null, a: null });
            }}
            allowDeselect={false}
            data-testid="assignment"
          />
          {book.isPending ? (
            <Skeleton h={240} radius="md" />
          ) : book.isError ? (
            <Alert color="red">{book.error.message}</Alert>
          ) : open ? (
            <MarksSheet
              book={book.data}
              assessment={open}
              onBack={() => setParam({ a: null })}
              onEdit={() => setForm('edit')}
            />
          ) : (
            <MarkbookTabs book={book.data} tab={tab} term={term} setParam={setParam} onAdd={() => setForm('new')} />
          )}
        </Stack>
      )}
    </>
  );
}

/** The assessments of the chosen (class, subject), or their averages in a term. */
function MarkbookTabs({
  book,
  tab,
  term,
  setParam,
  onAdd,
}: {
  book: Markbook;
  tab: 'list' | 'averages';
  term: Term;
  setParam: SetParam;
  onAdd: () => void;
}) {
  return (
    <>
      <Group justify="space-between" wrap="nowrap">
        <SegmentedControl
          value={tab}
          onChange={(v) => setParam({ tab: v === 'averages' ? 'averages' : null })}
          data={[
            { value: 'list', label: t.tabs.list },
            { value: 'averages', label: t.tabs.averages },
          ]}
        />
        {tab === 'list' && (
          <Button leftSection={<IconPlus size={18} />} onClick={onAdd} data-testid="add-assessment">
            {t.add}
          </Button>
        )}
      </Group>
      {tab === 'list' ? (
        <AssessmentList book={book} onOpen={(id) => setParam({ a: String(id) })} />
      ) : (
        <Averages book={book} term={term} onTerm={(x) => setParam({ term: x })} />
      )}
    </>
  );
}
