import { GENDER_LABELS, GENDERS, type Gender } from '@madreseh/contract/genders';
import { GRADE_LABELS } from '@madreseh/contract/grades';
import { academicYearLabel, todayIso } from '@madreseh/contract/jalali-calendar';
import { type ReactNode, useEffect, useState } from 'react';
import { importWithReload } from '../../../app/lazy-route';
import { digitsToPersian } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { useOnline } from '../../../lib/offline';
import { optionsOf } from '../../../lib/options';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { JalaliCalendarField, yearsAgoIso } from '../../../ui/jalali-calendar';
import { Button } from '../../../ui/kit-button';
import { Alert, Skeleton } from '../../../ui/kit-feedback';
import { TextField } from '../../../ui/kit-input';
import { Card, Group, SimpleGrid } from '../../../ui/kit-layout';
import { SelectField } from '../../../ui/kit-select';
import { SegmentedField, StepperHeader, TabsView } from '../../../ui/kit-steps';
import { OfflineFormNotice } from '../../../ui/offline-form-notice';
import { PageHeader } from '../../../ui/page-header';
import { toastError } from '../../../ui/toasts';
import { EMPTY, STEP_FIELDS, toBody, type Values } from '../form-values';
import { preRegFa } from '../messages';
import classes from '../pre-register.module.css';
import { preRegisterClient, useSubmitPreRegistration } from '../public-api';
import { useSchool } from '../use-pre-register';

/**
 * The form's later steps, its receipt and the status lookup: loaded when the visitor goes on (or opens
 * the lookup), not with the page — the first step is all a first visit draws (docs/decisions/0021).
 * The service worker keeps this chunk, so the form still opens and fills in offline.
 */
type Parts = typeof import('../pre-register-parts');
let parts: Parts | null = null;
const loadParts = () =>
  importWithReload(() => import('../pre-register-parts')).then((m) => {
    parts = m;
    return m;
  });

/** Renders `render(parts)` once the later steps' code is here, a placeholder until then. */
function Later({ render }: { render: (p: Parts) => ReactNode }) {
  const [loaded, setLoaded] = useState(parts);
  useEffect(() => {
    if (!loaded) void loadParts().then(setLoaded);
  }, [loaded]);
  return loaded ? render(loaded) : <Skeleton height={240} />;
}

export function Component() {
  const school = useSchool();
  const s = school.data;
  const online = useOnline();
  const [tab, setTab] = useState('register');
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
      {!online && <OfflineFormNotice>{preRegFa.offlineForm}</OfflineFormNotice>}
      <TabsView
        value={tab}
        onChange={setTab}
        tabs={[
          { value: 'register', label: preRegFa.tabRegister },
          { value: 'lookup', label: preRegFa.tabLookup },
        ]}
      >
        {tab === 'register' ? (
          <>
            {school.isPending && <Skeleton height={300} />}
            {school.isError && !s && <Alert tone="red">{preRegFa.loadFailed}</Alert>}
            {s && !s.preRegistrationOpen && (
              <Alert tone="gray" data-testid="pre-register-closed">
                {preRegFa.closed}
              </Alert>
            )}
            {s?.preRegistrationOpen && (
              <RegisterForm grades={s.gradesOffered} schoolName={s.name.trim() || fa.app.name} online={online} />
            )}
          </>
        ) : (
          <Later render={(p) => <p.LookupForm online={online} />} />
        )}
      </TabsView>
    </>
  );
}

interface Done {
  trackingCode: string;
  createdAt: string;
  academicYear: number;
  values: Values;
}

/** The form's values, its step, checking a step before the next, and sending it at the end. */
function useRegisterForm() {
  const [step, setStep] = useState(0);
  const [done, setDone] = useState<Done | null>(null);
  const form = useFormState<Values>(EMPTY);
  const { values, errors } = form;
  const set = <K extends keyof Values>(k: K, v: Values[K]) => {
    form.set(k, v);
    form.setErrors(({ [k]: _, ...rest }) => rest);
  };

  const submit = useSubmitPreRegistration({
    onSuccess: (answer, v) => setDone({ ...answer, values: v }),
    onError: (err) => {
      form.showServerErrors(err);
      if (err instanceof ApiError && err.fields) {
        const first = STEP_FIELDS.findIndex((f) => f.some((k) => err.fields?.[k]));
        if (first >= 0) setStep(first);
      }
      toastError(err);
    },
  });

  const next = async () => {
    const [check] = await Promise.all([preRegisterClient(), loadParts()]);
    if (form.check(check.schema, toBody(values), STEP_FIELDS[step])) setStep((i) => i + 1);
  };
  const restart = () => {
    form.reset();
    setStep(0);
    setDone(null);
  };
  const field = (k: keyof Values) => ({
    value: values[k] ?? '',
    onChange: (v: string) => set(k, v),
    error: errors[k],
  });
  return { step, setStep, done, values, errors, set, field, submit, next, restart };
}

type RegisterState = ReturnType<typeof useRegisterForm>;

const warmUp = () => {
  void preRegisterClient();
  void loadParts();
};

function RegisterForm({ grades, schoolName, online }: { grades: number[]; schoolName: string; online: boolean }) {
  const r = useRegisterForm();
  const { step, setStep, done, values, submit } = r;

  if (done) {
    return <Later render={(p) => <p.Receipt done={done} schoolName={schoolName} onNew={r.restart} />} />;
  }

  return (
    // Not clipped (Mantine's card hides its overflow): the calendar and the grade list open over its edge.
    <Card
      radius="md"
      style={{ '--card-padding': 'var(--mantine-spacing-lg)', overflow: 'visible' } as React.CSSProperties}
    >
      <form
        noValidate
        data-testid="pre-register-form"
        onFocus={warmUp}
        onSubmit={(e) => {
          e.preventDefault();
          if (step < 3) void r.next();
          else submit.mutate(values);
        }}
      >
        <StepperHeader
          active={step}
          onStepClick={setStep}
          steps={[
            { label: preRegFa.stepStudent, icon: digitsToPersian(1) },
            { label: preRegFa.stepEducation, icon: digitsToPersian(2) },
            { label: preRegFa.stepAddress, icon: digitsToPersian(3) },
            { label: preRegFa.stepReview, icon: digitsToPersian(4) },
          ]}
          classNames={{
            steps: classes.steps,
            step: classes.step,
            stepBody: classes.stepBody,
            stepIcon: classes.stepIcon,
            separator: classes.separator,
          }}
        >
          {step === 0 ? (
            <StudentStep r={r} grades={grades} />
          ) : (
            <Later render={(p) => <p.LaterStep step={step} values={values} field={r.field} />} />
          )}
        </StepperHeader>
        <Group justify="space-between">
          <Button look="default" disabled={step === 0} onClick={() => setStep((i) => i - 1)}>
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

/** The first step, drawn with the page: the child's name, national code, birth date, gender and grade. */
function StudentStep({ r, grades }: { r: RegisterState; grades: number[] }) {
  const { values, errors, set, field } = r;
  return (
    <SimpleGrid className={classes.fields}>
      <TextField label={preRegFa.firstName} required {...field('firstName')} />
      <TextField label={preRegFa.lastName} required {...field('lastName')} />
      <TextField
        label={preRegFa.nationalCode}
        required
        inputMode="numeric"
        maxLength={10}
        digits="digits"
        {...field('nationalCode')}
      />
      <JalaliCalendarField
        label={preRegFa.birthDate}
        required
        maxDate={todayIso()}
        // A child of the chosen grade is about grade + 6 years old; ten before a grade is chosen.
        openAt={yearsAgoIso(values.grade ? Number(values.grade) + 6 : 10)}
        value={values.birthDate}
        onChange={(v) => set('birthDate', v)}
        error={errors.birthDate}
      />
      <SegmentedField
        label={preRegFa.gender}
        data={optionsOf(GENDERS, GENDER_LABELS)}
        value={values.gender}
        onChange={(v) => set('gender', v as Gender)}
        error={errors.gender}
      />
      <SelectField
        label={preRegFa.grade}
        required
        data={grades.map((g) => ({ value: String(g), label: GRADE_LABELS[g] ?? String(g) }))}
        {...field('grade')}
      />
    </SimpleGrid>
  );
}
