import {
  ASSESSMENT_KIND_LABELS,
  ASSESSMENT_KINDS,
  type Assessment,
  type AssessmentKind,
  type AveragingRule,
  assessmentFieldsSchema,
  continuousAverage,
  type Markbook,
  parseMark,
  scaledTo20,
  type TakenMark,
  termGradeOf,
  termRange,
} from '@madreseh/contract/assessments/assessments.contract';
import { todayIso } from '@madreseh/contract/jalali';
import { MAIN_TERMS, TERM_LABELS, TERMS, type Term } from '@madreseh/contract/report-cards/report-cards.contract';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowRight,
  IconDeviceFloppy,
  IconPencil,
  IconPlus,
  IconReportAnalytics,
  IconTrash,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatJalaliDate, formatNumber } from '../../../lib/format';
import { useFormState } from '../../../lib/use-form-state';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { typedDecimal } from '../../../ui/digits-input';
import { JalaliDateInput } from '../../../ui/jalali-date-input';
import { PageHeader } from '../../../ui/page-header';
import {
  markbookQuery,
  myClassesQuery,
  useCreateAssessment,
  useDeleteAssessment,
  useSaveMarks,
  useUpdateAssessment,
} from '../api';
import { assessmentsFa as t } from '../messages';

const KIND_COLORS: Record<AssessmentKind, string> = {
  quiz: 'brand',
  homework: 'teal',
  oral: 'orange',
  activity: 'cyan',
  project: 'grape',
  exam: 'red',
};

/** A score with Persian digits and «٫», at most two decimals. */
function formatScore(n: number | null): string {
  if (n === null) return t.noMarks;
  return digitsToPersian(String(Math.round(n * 100) / 100)).replace('.', '٫');
}

function ruleText(rule: AveragingRule): string {
  const method = rule.method === 'simple' ? t.ruleSimple : t.ruleByKind;
  return `${method}؛ ${t.ruleShare(digitsToPersian(rule.continuousShare), digitsToPersian(100 - rule.continuousShare))}`;
}

// ---------------------------------------------------------------- the assessment form

interface FormValues {
  kind: AssessmentKind;
  title: string;
  date: string | null;
  maxScore: string;
}

function AssessmentForm({
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
      : { kind: 'quiz', title: '', date: todayIso(), maxScore: '۲۰' },
  );
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
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        <Select
          label={t.kind}
          data={ASSESSMENT_KINDS.map((k) => ({ value: k, label: ASSESSMENT_KIND_LABELS[k] }))}
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
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {t.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

// ---------------------------------------------------------------- one assessment's marks

function MarksSheet({
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
  const [values, setValues] = useState<Record<number, string>>({});
  const [dirty, setDirty] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<number, string>>({});
  const [asking, setAsking] = useState(false);
  // A save tried with a bad mark: said beside the button, where the eye is (not in a toast over it).
  const [tried, setTried] = useState(false);
  const save = useSaveMarks();
  const remove = useDeleteAssessment();
  const max = assessment.maxScore;

  useEffect(() => {
    const v: Record<number, string> = {};
    for (const s of book.students) {
      const m = assessment.marks[String(s.id)];
      v[s.id] = m === undefined ? '' : formatScore(m);
    }
    setValues(v);
    setDirty(false);
    setServerErrors({});
  }, [book.students, assessment]);

  const invalid = useMemo(() => {
    const bad = new Set<number>();
    for (const [id, v] of Object.entries(values))
      if (v.trim() !== '' && parseMark(v, max) === null) bad.add(Number(id));
    return bad;
  }, [values, max]);
  const taken = Object.values(values).filter((v) => v.trim() !== '').length;

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>, i: number) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    const next = document.querySelector<HTMLInputElement>(`[data-mark="${i + (e.shiftKey ? -1 : 1)}"]`);
    next?.focus();
    next?.select();
  };

  const doSave = () => {
    setTried(true);
    if (invalid.size > 0) return;
    const marks = book.students.map((s) => ({ studentId: s.id, score: (values[s.id] ?? '').trim() || null }));
    save.mutate(
      { id: assessment.id, body: { marks } },
      {
        onSuccess: () => notifications.show({ color: 'green', message: t.marksSaved }),
        onError: (err) => {
          const fields = err instanceof ApiError ? (err.fields ?? {}) : {};
          const byStudent: Record<number, string> = {};
          for (const [k, msg] of Object.entries(fields)) {
            const i = /^marks\.(\d+)\./.exec(k)?.[1];
            const s = i === undefined ? undefined : book.students[Number(i)];
            if (s) byStudent[s.id] = msg;
          }
          setServerErrors(byStudent);
          notifications.show({ color: 'red', message: err.message });
        },
      },
    );
  };

  return (
    <Stack gap="sm" data-testid="marks-sheet">
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
        <Group gap="xs" mb={4}>
          <Badge color={KIND_COLORS[assessment.kind]} variant="light">
            {ASSESSMENT_KIND_LABELS[assessment.kind]}
          </Badge>
          <Text size="sm" c="dimmed">
            {formatJalaliDate(assessment.date)}
          </Text>
        </Group>
        <Text fw={700}>{assessment.title}</Text>
        <Text size="sm" c="dimmed">
          {t.marksHint(formatScore(max))}
        </Text>
      </Paper>
      <Paper withBorder>
        <Stack gap={0}>
          {book.students.map((s, i) => {
            const bad = invalid.has(s.id) || Boolean(serverErrors[s.id]);
            return (
              <Group
                key={s.id}
                justify="space-between"
                wrap="nowrap"
                px="sm"
                py={6}
                style={{ borderTop: i ? '1px solid var(--mantine-color-default-border)' : undefined }}
                data-testid="mark-row"
              >
                <Text size="sm" fw={500} style={{ minWidth: 0 }} truncate>
                  {s.fullName}
                </Text>
                <TextInput
                  aria-label={t.markLabel(s.fullName)}
                  data-mark={i}
                  inputMode="decimal"
                  autoComplete="off"
                  dir="ltr"
                  w={92}
                  size="md"
                  styles={{ input: { textAlign: 'center', fontVariantNumeric: 'tabular-nums' } }}
                  placeholder="—"
                  value={values[s.id] ?? ''}
                  error={bad ? (serverErrors[s.id] ?? t.badMark(formatScore(max))) : undefined}
                  onChange={(e) => {
                    const v = typedDecimal(e.currentTarget.value);
                    setValues((x) => ({ ...x, [s.id]: v }));
                    setDirty(true);
                  }}
                  onKeyDown={(e) => onKeyDown(e, i)}
                  onFocus={(e) => e.currentTarget.select()}
                />
              </Group>
            );
          })}
        </Stack>
      </Paper>
      <Group justify="space-between">
        {tried && invalid.size > 0 ? (
          <Text size="sm" c="red.8" role="alert">
            {t.fixMarks}
          </Text>
        ) : (
          <Text size="sm" c={dirty ? 'orange.8' : 'dimmed'}>
            {dirty ? t.unsaved : t.taken(formatNumber(taken), formatNumber(book.students.length))}
          </Text>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={18} />}
          onClick={doSave}
          loading={save.isPending}
          disabled={!dirty}
          data-testid="save-marks"
        >
          {t.saveMarks}
        </Button>
      </Group>
    </Stack>
  );
}

// ---------------------------------------------------------------- the list and the averages

function averageOf(a: Assessment): number | null {
  const marks = Object.values(a.marks);
  return marks.length ? marks.reduce((s, m) => s + m, 0) / marks.length : null;
}

function AssessmentList({ book, onOpen }: { book: Markbook; onOpen: (id: number) => void }) {
  if (book.assessments.length === 0)
    return (
      <Alert color="gray" variant="light">
        {t.empty}
      </Alert>
    );
  return (
    <Stack gap="xs" data-testid="assessments">
      {book.assessments.map((a) => (
        <UnstyledButton key={a.id} onClick={() => onOpen(a.id)} data-testid="assessment">
          <Card withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Badge color={KIND_COLORS[a.kind]} variant="light">
                    {ASSESSMENT_KIND_LABELS[a.kind]}
                  </Badge>
                  <Text size="sm" c="dimmed">
                    {formatJalaliDate(a.date)}
                  </Text>
                </Group>
                <Text fw={600} truncate>
                  {a.title}
                </Text>
                <Text size="sm" c="dimmed">
                  {t.taken(formatNumber(Object.keys(a.marks).length), formatNumber(book.students.length))}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="xs" c="dimmed">
                  {t.average}
                </Text>
                <Text fw={700} className="tabular">
                  {formatScore(averageOf(a))}
                </Text>
                <Text size="xs" c="dimmed">
                  {t.outOf(formatScore(a.maxScore))}
                </Text>
              </Stack>
            </Group>
          </Card>
        </UnstyledButton>
      ))}
    </Stack>
  );
}

function Averages({ book, term, onTerm }: { book: Markbook; term: Term; onTerm: (t: Term) => void }) {
  const terms = book.group.usesMonthly ? TERMS : MAIN_TERMS;
  const rows = useMemo(() => {
    const { from, to } = termRange(book.group.academicYear, term);
    const inTerm = book.assessments.filter((a) => a.date >= from && a.date <= to);
    const examHeld = inTerm.some((a) => a.kind === 'exam');
    return book.students.map((s) => {
      const taken: TakenMark[] = inTerm.flatMap((a) => {
        const score = a.marks[String(s.id)];
        return score === undefined ? [] : [{ kind: a.kind, score, maxScore: a.maxScore }];
      });
      const exams = taken.filter((m) => m.kind === 'exam');
      return {
        student: s,
        continuous: continuousAverage(taken, book.rule),
        exam: exams.length ? exams.reduce((x, m) => x + scaledTo20(m.score, m.maxScore), 0) / exams.length : null,
        grade: termGradeOf(taken, book.rule, term, examHeld),
      };
    });
  }, [book, term]);
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Select
          label={t.term}
          data={terms.map((x) => ({ value: x, label: TERM_LABELS[x] }))}
          value={term}
          onChange={(v) => v && onTerm(v as Term)}
          allowDeselect={false}
          w={170}
        />
        <Button
          component={Link}
          to={`/teacher/grades?group=${book.group.id}&term=${term}`}
          variant="light"
          leftSection={<IconReportAnalytics size={18} />}
        >
          {t.toGrades}
        </Button>
      </Group>
      <Text size="sm" c="dimmed" data-testid="rule-line">
        {t.ruleLine(ruleText(book.rule))}
      </Text>
      <Paper withBorder>
        <Table.ScrollContainer minWidth={330}>
          <Table striped data-testid="averages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.student}</Table.Th>
                <Table.Th ta="center">{t.continuous}</Table.Th>
                {MAIN_TERMS.includes(term) && <Table.Th ta="center">{t.exam}</Table.Th>}
                <Table.Th ta="center">{t.termGrade}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.student.id}>
                  <Table.Td>
                    <Text size="sm">{r.student.fullName}</Text>
                  </Table.Td>
                  <Table.Td ta="center" className="tabular">
                    {formatScore(r.continuous)}
                  </Table.Td>
                  {MAIN_TERMS.includes(term) && (
                    <Table.Td ta="center" className="tabular">
                      {formatScore(r.exam)}
                    </Table.Td>
                  )}
                  <Table.Td ta="center" className="tabular" fw={700}>
                    {formatScore(r.grade)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
    </Stack>
  );
}

/** The term a date falls in, by the months of the school year: the main term, or its month for monthly classes. */
function termOf(book: Markbook, iso: string): Term {
  const terms = book.group.usesMonthly ? TERMS.filter((x) => !MAIN_TERMS.includes(x)) : MAIN_TERMS;
  return (
    terms.find((x) => {
      const { from, to } = termRange(book.group.academicYear, x);
      return iso >= from && iso <= to;
    }) ?? 'first'
  );
}

// ---------------------------------------------------------------- the page

/** /teacher/marks: for each (class, subject) of the teacher, her assessments and their marks, and the averages. */
export function Component() {
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
  const tab = params.get('tab') === 'averages' ? 'averages' : 'list';
  const [form, setForm] = useState<'new' | 'edit' | null>(null);

  const setParam = (patch: Record<string, string | null>) => {
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
                  <Button
                    leftSection={<IconPlus size={18} />}
                    onClick={() => setForm('new')}
                    data-testid="add-assessment"
                  >
                    {t.add}
                  </Button>
                )}
              </Group>
              {tab === 'list' ? (
                <AssessmentList book={book.data} onOpen={(id) => setParam({ a: String(id) })} />
              ) : (
                <Averages book={book.data} term={term} onTerm={(x) => setParam({ term: x })} />
              )}
            </>
          )}
        </Stack>
      )}
    </>
  );
}
