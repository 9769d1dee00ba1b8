import { academicYearLabel, todayIso } from '@madreseh/contract/jalali';
import { parseDecimal } from '@madreseh/contract/persian';
import {
  PRE_REGISTER_STATUS_LABELS,
  type PreRegisterPublicStatus,
  preRegisterBodySchema,
  preRegisterContract,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { GRADE_LABELS } from '@madreseh/contract/settings/settings.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Stepper,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconPrinter, IconWifiOff } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, call } from '../../../lib/api-client';
import { zodFieldErrors } from '../../../lib/form-errors';
import { digitsToPersian, formatJalaliDate, formatJalaliDateTime } from '../../../lib/format';
import { useOnline } from '../../../lib/offline';
import { fa } from '../../../messages/fa';
import { CopyableCode } from '../../../ui/copyable-code';
import { withPersianDigits } from '../../../ui/digits-input';
import { JalaliDateInput, yearsAgoIso } from '../../../ui/jalali-date-input';
import { Ltr } from '../../../ui/ltr';
import { PageHeader } from '../../../ui/page-header';
import { fieldSections } from '../fields';
import { preRegFa } from '../messages';
import classes from '../pre-register.module.css';
import { useSchool } from '../use-pre-register';

const EMPTY = {
  firstName: '',
  lastName: '',
  nationalCode: '',
  birthDate: null as string | null,
  gender: '' as '' | 'male' | 'female',
  grade: '' as string,
  previousSchool: '',
  lastAverage: '',
  fatherName: '',
  fatherMobile: '',
  fatherJob: '',
  motherName: '',
  motherMobile: '',
  motherJob: '',
  phone: '',
  address: '',
  notes: '',
};
type Values = typeof EMPTY;

const STEP_FIELDS: (keyof Values)[][] = [
  ['firstName', 'lastName', 'nationalCode', 'birthDate', 'gender', 'grade'],
  [
    'previousSchool',
    'lastAverage',
    'fatherName',
    'fatherMobile',
    'fatherJob',
    'motherName',
    'motherMobile',
    'motherJob',
  ],
  ['phone', 'address', 'notes'],
];

function toBody(v: Values) {
  return {
    ...v,
    birthDate: v.birthDate ?? '',
    gender: v.gender as 'male' | 'female',
    grade: v.grade ? Number(v.grade) : Number.NaN,
    lastAverage: v.lastAverage,
  };
}

export function Component() {
  const school = useSchool();
  const s = school.data;
  const online = useOnline();
  return (
    <>
      <PageHeader
        title={preRegFa.title}
        description={
          s
            ? `${s.name.trim() || fa.app.name} — ${preRegFa.intro(digitsToPersian(academicYearLabel(s.academicYear)))}`
            : undefined
        }
      />
      {!online && (
        <Alert color="orange" icon={<IconWifiOff size={18} />} mb="md" data-testid="offline-form">
          {preRegFa.offlineForm}
        </Alert>
      )}
      <Tabs defaultValue="register" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="register">{preRegFa.tabRegister}</Tabs.Tab>
          <Tabs.Tab value="lookup">{preRegFa.tabLookup}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="register">
          {school.isPending && <Skeleton h={300} />}
          {school.isError && !s && <Alert color="red">{preRegFa.loadFailed}</Alert>}
          {s && !s.preRegistrationOpen && (
            <Alert color="gray" variant="light" data-testid="pre-register-closed">
              {preRegFa.closed}
            </Alert>
          )}
          {s?.preRegistrationOpen && (
            <RegisterForm grades={s.gradesOffered} schoolName={s.name.trim() || fa.app.name} online={online} />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="lookup">
          <LookupForm online={online} />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function RegisterForm({ grades, schoolName, online }: { grades: number[]; schoolName: string; online: boolean }) {
  const [step, setStep] = useState(0);
  const [done, setDone] = useState<{
    trackingCode: string;
    createdAt: string;
    academicYear: number;
    values: Values;
  } | null>(null);
  const form = useForm<Values>({ initialValues: EMPTY });

  const validateStep = (i: number) => {
    const errors = zodFieldErrors(preRegisterBodySchema, toBody(form.getValues()), STEP_FIELDS[i]);
    form.setErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const submit = useMutation({
    mutationFn: (v: Values) => call(preRegisterContract.submit, { body: toBody(v) }),
    onSuccess: (answer, values) => setDone({ ...answer, values }),
    onError: (err) => {
      if (err instanceof ApiError && err.fields) {
        form.setErrors(err.fields);
        const first = STEP_FIELDS.findIndex((f) => f.some((k) => err.fields?.[k]));
        if (first >= 0) setStep(first);
      }
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : fa.errors.internalLine });
    },
  });

  if (done) {
    const v = done.values;
    return (
      <Card withBorder radius="md" padding="lg" data-testid="pre-register-receipt" className="receipt">
        <Stack gap="sm">
          <Group gap="xs">
            <IconCircleCheck color="var(--mantine-color-green-6)" aria-hidden />
            <Title order={2} fz="h3">
              {preRegFa.doneTitle}
            </Title>
          </Group>
          <Text fw={700}>
            {schoolName} — {preRegFa.receiptTitle}
          </Text>
          <Text>{preRegFa.doneText}</Text>
          <Group gap="xs">
            <Text>{preRegFa.trackingCode}:</Text>
            <CopyableCode code={done.trackingCode} testId="tracking-code" fw={800} fz="xl" />
          </Group>
          <Text>
            {preRegFa.student}: {v.firstName} {v.lastName} — {GRADE_LABELS[Number(v.grade)]}
          </Text>
          <Text>
            {preRegFa.academicYear}: {digitsToPersian(academicYearLabel(done.academicYear))}
          </Text>
          <Text>
            {preRegFa.submittedAt}: {formatJalaliDateTime(done.createdAt)}
          </Text>
          <Group className="no-print">
            <Button leftSection={<IconPrinter size={18} />} onClick={() => window.print()}>
              {preRegFa.printReceipt}
            </Button>
            <Button
              variant="default"
              onClick={() => {
                form.reset();
                setStep(0);
                setDone(null);
              }}
            >
              {preRegFa.newForm}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }

  const next = () => {
    if (validateStep(step)) setStep((s) => s + 1);
  };
  const values = form.getValues();

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        noValidate
        data-testid="pre-register-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (step < 3) next();
          else submit.mutate(form.getValues());
        }}
      >
        <Stepper
          active={step}
          onStepClick={(i) => i < step && setStep(i)}
          size="sm"
          mb="lg"
          classNames={{
            steps: classes.steps,
            step: classes.step,
            stepBody: classes.stepBody,
            stepIcon: classes.stepIcon,
            separator: classes.separator,
          }}
        >
          <Stepper.Step label={preRegFa.stepStudent} icon={digitsToPersian(1)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={preRegFa.firstName} required {...form.getInputProps('firstName')} />
              <TextInput label={preRegFa.lastName} required {...form.getInputProps('lastName')} />
              <TextInput
                label={preRegFa.nationalCode}
                required
                inputMode="numeric"
                maxLength={10}
                {...withPersianDigits(form.getInputProps('nationalCode'))}
              />
              <JalaliDateInput
                label={preRegFa.birthDate}
                required
                maxDate={todayIso()}
                // A child of the chosen grade is about grade + 6 years old; ten before a grade is chosen.
                openAt={yearsAgoIso(values.grade ? Number(values.grade) + 6 : 10)}
                value={values.birthDate}
                onChange={(v) => form.setFieldValue('birthDate', v)}
                error={form.errors.birthDate}
              />
              <Stack gap={4}>
                <Text fz="sm" fw={500}>
                  {preRegFa.gender}
                </Text>
                <SegmentedControl
                  aria-label={preRegFa.gender}
                  data={[
                    { value: 'male', label: 'پسر' },
                    { value: 'female', label: 'دختر' },
                  ]}
                  value={values.gender}
                  onChange={(v) => form.setFieldValue('gender', v as 'male' | 'female')}
                />
                {form.errors.gender && (
                  <Text c="var(--mantine-color-red-light-color)" fz="xs">
                    {form.errors.gender}
                  </Text>
                )}
              </Stack>
              <Select
                label={preRegFa.grade}
                required
                data={grades.map((g) => ({ value: String(g), label: GRADE_LABELS[g] ?? String(g) }))}
                {...form.getInputProps('grade')}
              />
            </SimpleGrid>
          </Stepper.Step>
          <Stepper.Step label={preRegFa.stepEducation} icon={digitsToPersian(2)}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={preRegFa.previousSchool} {...form.getInputProps('previousSchool')} />
              <TextInput
                label={preRegFa.lastAverage}
                inputMode="decimal"
                placeholder="۱۸٫۷۵"
                {...withPersianDigits(form.getInputProps('lastAverage'), 'decimal')}
              />
              <TextInput label={preRegFa.fatherName} required {...form.getInputProps('fatherName')} />
              <TextInput
                label={preRegFa.fatherMobile}
                required
                inputMode="tel"
                {...withPersianDigits(form.getInputProps('fatherMobile'))}
              />
              <TextInput label={preRegFa.fatherJob} {...form.getInputProps('fatherJob')} />
              <TextInput label={preRegFa.motherName} required {...form.getInputProps('motherName')} />
              <TextInput
                label={preRegFa.motherMobile}
                inputMode="tel"
                {...withPersianDigits(form.getInputProps('motherMobile'))}
              />
              <TextInput label={preRegFa.motherJob} {...form.getInputProps('motherJob')} />
            </SimpleGrid>
          </Stepper.Step>
          <Stepper.Step label={preRegFa.stepAddress} icon={digitsToPersian(3)}>
            <Stack gap="sm">
              <TextInput label={preRegFa.phone} inputMode="tel" {...withPersianDigits(form.getInputProps('phone'))} />
              <Textarea label={preRegFa.address} required autosize minRows={2} {...form.getInputProps('address')} />
              <Textarea label={preRegFa.notes} autosize minRows={2} {...form.getInputProps('notes')} />
            </Stack>
          </Stepper.Step>
          <Stepper.Step label={preRegFa.stepReview} icon={digitsToPersian(4)}>
            <Text c="dimmed" mb="sm">
              {preRegFa.reviewHint}
            </Text>
            <ReviewTable values={values} />
          </Stepper.Step>
        </Stepper>
        <Group justify="space-between">
          <Button variant="default" disabled={step === 0} onClick={() => setStep((s) => s - 1)}>
            {preRegFa.back}
          </Button>
          <Button type="submit" loading={submit.isPending} disabled={step === 3 && !online}>
            {step < 3 ? preRegFa.next : preRegFa.submit}
          </Button>
        </Group>
      </form>
    </Card>
  );
}

function ReviewTable({ values }: { values: Values }) {
  const sections = fieldSections({
    ...values,
    nationalCode: digitsToLatin(values.nationalCode),
    birthDate: values.birthDate ?? '',
    gender: (values.gender || 'male') as 'male' | 'female',
    grade: Number(values.grade),
    lastAverage: parseDecimal(values.lastAverage),
  });
  return (
    <Stack gap="md" data-testid="review">
      {sections.map((sec) => (
        <div key={sec.title}>
          <Text fw={700} mb={4}>
            {sec.title}
          </Text>
          <Table withTableBorder>
            <Table.Tbody>
              {sec.rows.map(([k, v, dir]) => (
                <Table.Tr key={k}>
                  <Table.Th w="40%">{k}</Table.Th>
                  <Table.Td>{dir ? <Ltr>{v}</Ltr> : v}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ))}
    </Stack>
  );
}

const lookupSchema = preRegisterContract.lookup.query;

function LookupForm({ online }: { online: boolean }) {
  const form = useForm({
    initialValues: { trackingCode: '', nationalCode: '' },
    validate: (v) => zodFieldErrors(lookupSchema, v),
  });
  const [result, setResult] = useState<PreRegisterPublicStatus | null>(null);
  const lookup = useMutation({
    mutationFn: (v: { trackingCode: string; nationalCode: string }) => call(preRegisterContract.lookup, { query: v }),
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (err) => {
      setResult(null);
      notifications.show({ color: 'red', message: err instanceof ApiError ? err.message : fa.errors.internalLine });
    },
  });
  return (
    <Card withBorder radius="md" padding="lg">
      <form
        // A new lookup, or one that fails, never leaves the previous child's answer on screen.
        onSubmit={form.onSubmit(
          (v) => lookup.mutate(v),
          () => setResult(null),
        )}
        noValidate
        data-testid="lookup-form"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={preRegFa.trackingCode}
            inputMode="numeric"
            maxLength={10}
            required
            {...withPersianDigits(form.getInputProps('trackingCode'))}
          />
          <TextInput
            label={preRegFa.nationalCode}
            inputMode="numeric"
            maxLength={10}
            required
            {...withPersianDigits(form.getInputProps('nationalCode'))}
          />
        </SimpleGrid>
        <Button type="submit" mt="md" loading={lookup.isPending} disabled={!online}>
          {preRegFa.lookup}
        </Button>
      </form>
      {result && (
        <Stack gap={6} mt="lg" data-testid="lookup-result">
          <Group gap="xs">
            <Text>{preRegFa.status}:</Text>
            <Badge size="lg" data-status={result.status}>
              {PRE_REGISTER_STATUS_LABELS[result.status]}
            </Badge>
          </Group>
          <Text>
            {preRegFa.student}: {result.firstName} {result.lastName} — {GRADE_LABELS[result.grade]}
          </Text>
          <Text>
            {preRegFa.submittedAt}: {formatJalaliDate(result.createdAt)}
          </Text>
          {result.statusChangedAt && (
            <Text>
              {preRegFa.lastChange}: {formatJalaliDate(result.statusChangedAt)}
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
