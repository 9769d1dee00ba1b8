import {
  GRADE_LEVEL_LABELS,
  GRADING_SCALE_LABELS,
  GRADING_SCALES,
  type GradingScale,
  type Group,
} from '@madreseh/contract/groups/groups.contract';
import { academicYearOf } from '@madreseh/contract/jalali';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Modal,
  Group as Row,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconEdit, IconPlus, IconReportAnalytics, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { digitsToPersian, formatAcademicYear } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { useFormState } from '../../../lib/use-form-state';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { FormActions } from '../../../ui/form-parts';
import { formOutcome } from '../../../ui/toasts';
import { useConfirmDelete } from '../../../ui/use-confirm-delete';
import { groupsQuery, useDeleteGroup, useSaveGroup } from '../api';
import { classesFa as t } from '../messages';

interface SubjectDraft {
  key: string;
  id?: number;
  name: string;
  weight: string;
}
interface Draft {
  id: number | null;
  name: string;
  gradeLevel: string;
  academicYear: string;
  gradingScale: GradingScale;
  usesMonthly: boolean;
  subjects: SubjectDraft[];
}

let keySeq = 0;
const newKey = () => `s${++keySeq}`;

function draftOf(g: Group | null): Draft {
  const year = academicYearOf().start;
  return g
    ? {
        id: g.id,
        name: g.name,
        gradeLevel: String(g.gradeLevel),
        academicYear: String(g.academicYear),
        gradingScale: g.gradingScale,
        usesMonthly: g.usesMonthly,
        subjects: g.subjects.map((s) => ({ ...s, weight: String(s.weight), key: newKey() })),
      }
    : {
        id: null,
        name: '',
        gradeLevel: '7',
        academicYear: String(year),
        gradingScale: 'numeric',
        usesMonthly: false,
        subjects: [{ key: newKey(), name: '', weight: '1' }],
      };
}

type DraftForm = ReturnType<typeof useFormState<Draft>>;

/** What the API takes: numbers as numbers, and only the subjects with a name. */
function bodyOf(d: Draft) {
  return {
    name: d.name,
    gradeLevel: Number(d.gradeLevel),
    academicYear: Number(d.academicYear),
    gradingScale: d.gradingScale,
    usesMonthly: d.usesMonthly,
    subjects: d.subjects
      .filter((s) => s.name.trim() !== '')
      .map((s) => ({ ...(s.id ? { id: s.id } : {}), name: s.name, weight: s.weight })),
  };
}

function GroupForm({ initial, onDone }: { initial: Draft; onDone: () => void }) {
  const form = useFormState(initial);
  const { values: d, setValues: setD, errors } = form;
  const save = useSaveGroup();
  const year = academicYearOf().start;
  const years = [year - 1, year, year + 1].map((y) => ({
    value: String(y),
    label: formatAcademicYear(y),
  }));
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate({ id: d.id, body: bodyOf(d) }, formOutcome(form, t.saved, onDone));
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t.name}
          placeholder={t.namePlaceholder}
          value={d.name}
          onChange={(e) => setD({ ...d, name: e.currentTarget.value })}
          error={errors.name}
          required
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label={t.gradeLevel}
            data={GRADE_LEVEL_LABELS.map((label, i) => ({ value: String(i + 1), label }))}
            value={d.gradeLevel}
            onChange={(v) => setD({ ...d, gradeLevel: v ?? '7' })}
            allowDeselect={false}
            error={errors.gradeLevel}
          />
          <Select
            label={t.academicYear}
            data={years}
            value={d.academicYear}
            onChange={(v) => setD({ ...d, academicYear: v ?? String(year) })}
            allowDeselect={false}
            error={errors.academicYear}
          />
        </SimpleGrid>
        <Select
          label={t.gradingScale}
          data={optionsOf(GRADING_SCALES, GRADING_SCALE_LABELS)}
          value={d.gradingScale}
          onChange={(v) => setD({ ...d, gradingScale: (v as GradingScale) ?? 'numeric' })}
          allowDeselect={false}
          error={errors.gradingScale}
        />
        <Checkbox
          label={t.usesMonthly}
          checked={d.usesMonthly}
          onChange={(e) => setD({ ...d, usesMonthly: e.currentTarget.checked })}
        />
        <Text fw={600} size="sm" mt="xs">
          {t.subjects}
        </Text>
        <SubjectRows form={form} />
        <FormActions submitLabel={d.id === null ? t.create : t.save} loading={save.isPending} onCancel={onDone} />
      </Stack>
    </form>
  );
}

export function Component() {
  const groups = useQuery(groupsQuery());
  const [editing, setEditing] = useState<Draft | null>(null);
  const remove = useDeleteGroup();
  const deleting = useConfirmDelete(remove, { variables: (g: Group) => g.id, success: t.deleted });

  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <Row justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(draftOf(null))}>
          {t.add}
        </Button>
      </Row>
      {groups.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[1, 2, 3].map((k) => (
            <Skeleton key={k} h={140} radius="md" />
          ))}
        </SimpleGrid>
      ) : groups.isError ? (
        <Alert color="red">{groups.error.message}</Alert>
      ) : groups.data.items.length === 0 ? (
        <Alert color="gray" variant="light">
          {t.empty}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {groups.data.items.map((g) => (
            <GroupCard key={g.id} g={g} onEdit={() => setEditing(draftOf(g))} onDelete={() => deleting.ask(g)} />
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t.edit : t.add}
        size="lg"
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 500}
      >
        {editing && <GroupForm initial={editing} onDone={() => setEditing(null)} />}
      </Modal>
      <ConfirmModal {...deleting.modalProps} title={t.delete} confirmLabel={t.delete}>
        {deleting.item ? t.deleteConfirm(deleting.item.name) : ''}
      </ConfirmModal>
    </>
  );
}

/** The class's subjects and their weights, a row each, added and removed in place. */
function SubjectRows({ form }: { form: DraftForm }) {
  const { values: d, setValues: setD, errors } = form;
  const setSubject = (i: number, patch: Partial<SubjectDraft>) =>
    setD({ ...d, subjects: d.subjects.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  return (
    <>
      {d.subjects.map((s, i) => (
        <Row key={s.key} gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            aria-label={`${t.subjectName} ${digitsToPersian(i + 1)}`}
            placeholder={t.subjectName}
            value={s.name}
            onChange={(e) => setSubject(i, { name: e.currentTarget.value })}
            error={errors[`subjects.${i}.name`]}
            style={{ flex: 1 }}
          />
          <TextInput
            aria-label={`${t.weight} ${digitsToPersian(i + 1)}`}
            value={s.weight}
            onChange={(e) => setSubject(i, { weight: e.currentTarget.value })}
            inputMode="numeric"
            w={80}
            styles={{ input: { textAlign: 'center' } }}
            error={errors[`subjects.${i}.weight`]}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={4}
            aria-label={t.removeSubject}
            onClick={() => setD({ ...d, subjects: d.subjects.filter((_, j) => j !== i) })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Row>
      ))}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        onClick={() => setD({ ...d, subjects: [...d.subjects, { key: newKey(), name: '', weight: '1' }] })}
        w="fit-content"
      >
        {t.addSubject}
      </Button>
    </>
  );
}

/** One class: its name, year, grade, scale, students and subjects; edit, its grades, delete. */
function GroupCard({ g, onEdit, onDelete }: { g: Group; onEdit: () => void; onDelete: () => void }) {
  return (
    <Card withBorder data-testid="group-card">
      <Stack gap={6}>
        <Row justify="space-between" wrap="nowrap">
          <Text fw={700} size="lg">
            {g.name}
          </Text>
          <Badge variant="light">{formatAcademicYear(g.academicYear)}</Badge>
        </Row>
        <Text size="sm" c="dimmed">
          {t.gradeLine(GRADE_LEVEL_LABELS[g.gradeLevel - 1] ?? '', GRADING_SCALE_LABELS[g.gradingScale])}
        </Text>
        <Text size="sm">
          {`${t.students(digitsToPersian(g.studentCount))} · ${t.subjectCount(digitsToPersian(g.subjects.length))}`}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {t.subjectList(g.subjects.map((s) => `${s.name} (${digitsToPersian(s.weight)})`))}
        </Text>
        <Row gap="xs" mt="xs">
          <Button size="xs" variant="light" leftSection={<IconEdit size={14} />} onClick={onEdit}>
            {t.edit}
          </Button>
          <Button
            size="xs"
            variant="light"
            component={Link}
            to={`/dashboard/report-card?group=${g.id}`}
            leftSection={<IconReportAnalytics size={14} />}
          >
            {t.grades}
          </Button>
          <ActionIcon variant="subtle" color="red" aria-label={t.delete} onClick={onDelete}>
            <IconTrash size={16} />
          </ActionIcon>
        </Row>
      </Stack>
    </Card>
  );
}
