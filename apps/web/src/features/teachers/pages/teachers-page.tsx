import {
  type Teacher,
  type TeacherCredentials,
  type TeacherInput,
  teacherInputSchema,
} from '@madreseh/contract/teachers/teachers.contract';
import { Button, Checkbox, Group, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { zodFieldErrors } from '../../../lib/form-errors';
import { digitsToPersian } from '../../../lib/format';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { QueryState } from '../../../ui/query-state';
import { useRowMenuHold } from '../../../ui/use-held-while';
import { groupsQuery, teachersQuery, useAssignSubjects, useCreateTeacher, useUpdateTeacher } from '../api';
import { showError, TeachersList } from '../components/teacher-list';
import { teachersFa as t } from '../messages';

/** Create or edit a teacher: name, mobile (the username) and national code, checked by the contract's schema. */
function TeacherForm({ teacher, onDone }: { teacher: Teacher | null; onDone: (c?: TeacherCredentials) => void }) {
  const [v, setV] = useState<TeacherInput>({
    firstName: teacher?.firstName ?? '',
    lastName: teacher?.lastName ?? '',
    mobile: teacher?.mobile ?? '',
    nationalCode: teacher?.nationalCode ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTeacher();
  const update = useUpdateTeacher();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = zodFieldErrors(teacherInputSchema, v);
    setErrors(found);
    if (Object.keys(found).length) return;
    const onError = (err: unknown) => {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      showError(err);
    };
    if (teacher) {
      update.mutate({ id: teacher.id, body: v }, { onSuccess: () => onDone(), onError });
    } else {
      create.mutate(v, { onSuccess: (r) => onDone(r.credentials), onError });
    }
  };
  const field = (name: keyof TeacherInput, label: string, ltr = false) => (
    <TextInput
      label={label}
      value={v[name]}
      onChange={(e) => {
        const value = e.currentTarget.value;
        setV((x) => ({ ...x, [name]: value }));
      }}
      error={errors[name]}
      required
      dir={ltr ? 'ltr' : undefined}
      inputMode={ltr ? 'numeric' : undefined}
      name={name}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {field('firstName', t.firstName)}
        {field('lastName', t.lastName)}
        {field('mobile', t.mobile, true)}
        {field('nationalCode', t.nationalCode, true)}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone()}>
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

/** Which (class, subject) pairs a teacher teaches: every class of the school, a checkbox per subject. */
function AssignForm({ teacher, all, onDone }: { teacher: Teacher; all: Teacher[]; onDone: () => void }) {
  const groups = useQuery(groupsQuery());
  const [chosen, setChosen] = useState(new Set(teacher.assignments.map((a) => a.subjectId)));
  const assign = useAssignSubjects();
  const takenBy = new Map<number, string>();
  for (const other of all) {
    if (other.id === teacher.id) continue;
    for (const a of other.assignments) takenBy.set(a.subjectId, other.fullName);
  }
  const toggle = (id: number) =>
    setChosen((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t.assignHint}
      </Text>
      <QueryState query={groups}>
        {(groups.data?.items ?? []).map((g) => (
          <Paper withBorder p="sm" key={g.id}>
            <Text fw={700} mb={6}>{`${g.name} (${digitsToPersian(g.academicYear)})`}</Text>
            <Group gap="md">
              {g.subjects.map((s) => {
                const other = takenBy.get(s.id);
                return (
                  <Checkbox
                    key={s.id}
                    label={other ? `${s.name} — ${t.takenBy(other)}` : s.name}
                    checked={chosen.has(s.id)}
                    disabled={Boolean(other)}
                    onChange={() => toggle(s.id)}
                  />
                );
              })}
            </Group>
          </Paper>
        ))}
      </QueryState>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t.cancel}
        </Button>
        <Button
          loading={assign.isPending}
          onClick={() =>
            assign.mutate(
              { id: teacher.id, subjectIds: [...chosen] },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: t.assigned });
                  onDone();
                },
                onError: showError,
              },
            )
          }
        >
          {t.save}
        </Button>
      </Group>
    </Stack>
  );
}

/** /dashboard/teachers: teacher accounts, their login slips and their (class, subject) pairs. */
export function Component() {
  const q = useQuery(teachersQuery());
  const navigate = useNavigate();
  const [editing, setEditing] = useState<Teacher | 'new' | null>(null);
  const [assigning, setAssigning] = useState<Teacher | null>(null);
  const held = useRowMenuHold(q.data?.items);
  const items = held.items ?? [];
  const toSlip = (credentials: TeacherCredentials) =>
    navigate('/dashboard/teachers/login-slip', { state: { credentials } });

  return (
    <>
      <DashboardPageHeader title={t.title} description={t.description} />
      <Group justify="flex-end" mb="md">
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing('new')}>
          {t.add}
        </Button>
      </Group>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t.add : t.edit}
        centered
      >
        {editing !== null && (
          <TeacherForm
            teacher={editing === 'new' ? null : editing}
            onDone={(credentials) => {
              setEditing(null);
              if (credentials) {
                notifications.show({ color: 'green', message: t.created });
                toSlip(credentials);
              }
            }}
          />
        )}
      </Modal>
      <Modal
        opened={assigning !== null}
        onClose={() => setAssigning(null)}
        title={assigning ? t.assignTitle(assigning.fullName) : ''}
        size="lg"
      >
        {assigning && <AssignForm teacher={assigning} all={items} onDone={() => setAssigning(null)} />}
      </Modal>
      <QueryState query={q} isEmpty={items.length === 0} empty={<Text c="dimmed">{t.empty}</Text>}>
        <TeachersList
          items={items}
          onAssign={setAssigning}
          onEdit={setEditing}
          onSlip={toSlip}
          onMenuChange={held.onMenuChange}
        />
      </QueryState>
    </>
  );
}
