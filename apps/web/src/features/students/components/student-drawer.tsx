import { GENDER_LABELS, GENDERS } from '@madreseh/contract/genders';
import { todayIso } from '@madreseh/contract/jalali';
import type { Credentials, Student, StudentInput } from '@madreseh/contract/students/students.contract';
import { Button, Drawer, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian } from '../../../lib/format';
import { optionsOf } from '../../../lib/options';
import { JalaliDateInput, yearsAgoIso } from '../../../ui/jalali-date-input';
import { PhotoPicker } from '../../../ui/photo-picker';
import { groupOptionsQuery, useSaveStudent, useStudentPhoto } from '../api';
import { studentsFa as t } from '../messages';
import { ParentsSection } from './parents-section';

type Draft = Record<keyof Omit<StudentInput, 'groupId' | 'birthDate' | 'gender'>, string> & {
  groupId: string | null;
  birthDate: string | null;
  gender: string | null;
};

function draftOf(s: Student | null): Draft {
  return {
    firstName: s?.firstName ?? '',
    lastName: s?.lastName ?? '',
    nationalCode: s?.nationalCode ?? '',
    studentNumber: s?.studentNumber ?? '',
    groupId: s?.groupId ? String(s.groupId) : null,
    birthDate: s?.birthDate ?? null,
    gender: s?.gender ?? null,
    fatherName: s?.fatherName ?? '',
    parentMobile: s?.parentMobile ?? '',
    address: s?.address ?? '',
  };
}

type FieldOf = (name: keyof Draft) => {
  value: string;
  onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: string | undefined;
};

/** Create or edit a student in a side drawer; a new student's credentials go to onCreated. */
export function StudentDrawer({
  opened,
  student,
  onClose,
  onCreated,
}: {
  opened: boolean;
  student: Student | null;
  onClose: () => void;
  onCreated: (c: Credentials) => void;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="left"
      size="lg"
      title={<Text fw={700}>{student ? t.edit : t.add}</Text>}
    >
      {opened && <StudentForm key={student?.id ?? 'new'} student={student} onClose={onClose} onCreated={onCreated} />}
      {opened && student && <ParentsSection key={`parents-${student.id}`} studentId={student.id} />}
    </Drawer>
  );
}

function StudentForm({
  student,
  onClose,
  onCreated,
}: {
  student: Student | null;
  onClose: () => void;
  onCreated: (c: Credentials) => void;
}) {
  const [d, setD] = useState(() => draftOf(student));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveStudent();
  const field: FieldOf = (name) => ({
    value: (d[name] as string | null) ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setD({ ...d, [name]: e.currentTarget.value }),
    error: errors[name],
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate(
      {
        id: student?.id ?? null,
        body: {
          ...d,
          groupId: d.groupId ? Number(d.groupId) : null,
          gender: (d.gender as StudentInput['gender']) ?? null,
        },
      },
      {
        onSuccess: ({ credentials }) => {
          notifications.show({ color: 'green', message: t.form.saved });
          onClose();
          if (credentials) onCreated(credentials);
        },
        onError: (err) => {
          setErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
          notifications.show({ color: 'red', message: err.message });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {student && <StudentPhoto student={student} />}
        <StudentFields d={d} setD={setD} errors={errors} field={field} />
        <Textarea label={t.form.address} autosize minRows={2} {...field('address')} />
        {!student && (
          <Text size="sm" c="dimmed">
            {t.form.usernameHint}
          </Text>
        )}
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {student ? t.form.save : t.form.create}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** An existing student's photo: upload a new one or remove it. */
function StudentPhoto({ student }: { student: Student }) {
  const photo = useStudentPhoto();
  const [photoUrl, setPhotoUrl] = useState(student.photoUrl ?? null);
  const photoDone = {
    onSuccess: (s: Student) => setPhotoUrl(s.photoUrl),
    onError: (err: Error) => notifications.show({ color: 'red', message: err.message }),
  };
  return (
    <PhotoPicker
      url={photoUrl}
      name={student.firstName}
      onUpload={(file, onProgress) =>
        photo.mutateAsync({ id: student.id, file, onProgress }).then(photoDone.onSuccess, photoDone.onError)
      }
      onRemove={() => photo.mutateAsync({ id: student.id, file: null }).then(photoDone.onSuccess, photoDone.onError)}
    />
  );
}

function StudentFields({
  d,
  setD,
  errors,
  field,
}: {
  d: Draft;
  setD: (d: Draft) => void;
  errors: Record<string, string>;
  field: FieldOf;
}) {
  const groups = useQuery(groupOptionsQuery());
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <TextInput label={t.form.firstName} required {...field('firstName')} name="firstName" data-autofocus />
      <TextInput label={t.form.lastName} required {...field('lastName')} name="lastName" />
      <TextInput
        label={t.form.nationalCode}
        required
        dir="ltr"
        inputMode="numeric"
        maxLength={10}
        {...field('nationalCode')}
        name="nationalCode"
      />
      <TextInput label={t.form.studentNumber} dir="ltr" {...field('studentNumber')} name="studentNumber" />
      <Select
        label={t.form.group}
        placeholder={t.form.noGroup}
        data={(groups.data?.items ?? []).map((g) => ({
          value: String(g.id),
          label: `${g.name} (${digitsToPersian(g.academicYear)})`,
        }))}
        value={d.groupId}
        onChange={(v) => setD({ ...d, groupId: v })}
        clearable
        error={errors.groupId}
        name="groupId"
      />
      <JalaliDateInput
        label={t.form.birthDate}
        value={d.birthDate}
        onChange={(v) => setD({ ...d, birthDate: v })}
        maxDate={todayIso()}
        openAt={yearsAgoIso(10)}
        clearable
        error={errors.birthDate}
      />
      <Select
        label={t.form.gender}
        data={optionsOf(GENDERS, GENDER_LABELS)}
        value={d.gender}
        onChange={(v) => setD({ ...d, gender: v })}
        clearable
        error={errors.gender}
      />
      <TextInput label={t.form.fatherName} {...field('fatherName')} />
      <TextInput label={t.form.parentMobile} dir="ltr" inputMode="tel" {...field('parentMobile')} />
    </SimpleGrid>
  );
}
