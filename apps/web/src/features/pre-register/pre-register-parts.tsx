import type { Gender } from '@madreseh/contract/genders';
import { GRADE_LABELS } from '@madreseh/contract/grades';
import { academicYearLabel } from '@madreseh/contract/jalali-calendar';
import { parseDecimal } from '@madreseh/contract/persian';
import {
  PRE_REGISTER_STATUS_LABELS,
  type PreRegisterPublicStatus,
  preRegisterContract,
} from '@madreseh/contract/pre-register/pre-register.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import { IconCheck, IconCircleCheck, IconCopy, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { digitsToPersian, formatJalaliDate, formatJalaliDateTime } from '../../lib/format';
import { useFormState } from '../../lib/use-form-state';
import { Button } from '../../ui/kit-button';
import { cx, M } from '../../ui/kit-classes';
import { MF } from '../../ui/kit-form';
import light from '../../ui/kit-form.module.css';
import { TextField } from '../../ui/kit-input';
import { Card, Group, SimpleGrid, Stack } from '../../ui/kit-layout';
import { Badge, Text, Title } from '../../ui/kit-text';
import { Ltr } from '../../ui/ltr';
import { toastError } from '../../ui/toasts';
import { fieldSections } from './fields';
import type { Values } from './form-values';
import { preRegFa } from './messages';
import classes from './pre-register.module.css';
import { useLookupPreRegistration } from './public-api';

/**
 * The pre-registration form's later steps, its receipt and the status lookup: a chunk of its own,
 * loaded when the visitor goes past the first step or opens the lookup (docs/decisions/0021). Plain
 * React drawn by Mantine's stylesheet (ui/kit-*.tsx), as the first step.
 */

type FieldProps = (k: keyof Values) => { value: string; onChange: (v: string) => void; error?: string };

/** Steps 2 to 4: schooling and parents, address and notes, review. */
export function LaterStep({ step, values, field }: { step: number; values: Values; field: FieldProps }) {
  if (step === 1) {
    return (
      <SimpleGrid className={classes.fields}>
        <TextField label={preRegFa.previousSchool} {...field('previousSchool')} />
        <TextField
          label={preRegFa.lastAverage}
          inputMode="decimal"
          placeholder={preRegFa.lastAverageExample}
          digits="decimal"
          {...field('lastAverage')}
        />
        <TextField label={preRegFa.fatherName} required {...field('fatherName')} />
        <TextField label={preRegFa.fatherMobile} required inputMode="tel" digits="digits" {...field('fatherMobile')} />
        <TextField label={preRegFa.fatherJob} {...field('fatherJob')} />
        <TextField label={preRegFa.motherName} required {...field('motherName')} />
        <TextField label={preRegFa.motherMobile} inputMode="tel" digits="digits" {...field('motherMobile')} />
        <TextField label={preRegFa.motherJob} {...field('motherJob')} />
      </SimpleGrid>
    );
  }
  if (step === 2) {
    return (
      <Stack gap="sm">
        <TextField label={preRegFa.phone} inputMode="tel" digits="digits" {...field('phone')} />
        <TextField label={preRegFa.address} required multiline minRows={2} {...field('address')} />
        <TextField label={preRegFa.notes} multiline minRows={2} {...field('notes')} />
      </Stack>
    );
  }
  return (
    <>
      <Text style={{ color: 'var(--mantine-color-dimmed)', marginBottom: 'var(--mantine-spacing-sm)' }}>
        {preRegFa.reviewHint}
      </Text>
      <ReviewTable values={values} />
    </>
  );
}

function ReviewTable({ values }: { values: Values }) {
  const sections = fieldSections({
    ...values,
    nationalCode: digitsToLatin(values.nationalCode),
    birthDate: values.birthDate ?? '',
    gender: (values.gender || 'male') as Gender,
    grade: Number(values.grade),
    lastAverage: parseDecimal(values.lastAverage),
  });
  return (
    <Stack gap="md" data-testid="review">
      {sections.map((sec) => (
        <div key={sec.title}>
          <Text style={{ fontWeight: 700, marginBottom: 4 }}>{sec.title}</Text>
          <table
            className={MF.table}
            data-with-table-border
            style={{ '--table-vertical-spacing': 'calc(0.4375rem * var(--mantine-scale))' } as React.CSSProperties}
          >
            <tbody className={MF.tbody}>
              {sec.rows.map(([k, v, dir]) => (
                <tr key={k} className={MF.tr} data-with-row-border>
                  <th className={MF.th} style={{ width: '40%' }}>
                    {k}
                  </th>
                  <td className={MF.td}>{dir ? <Ltr>{v}</Ltr> : v}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
    </Stack>
  );
}

/** A tracking code in Persian digits, read left to right, with a button that copies it in Latin digits. */
function TrackingCode({ code }: { code: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, maxWidth: '100%', verticalAlign: 'middle' }}>
      <bdi
        dir="ltr"
        className={cx('tabular', M.text)}
        data-testid="tracking-code"
        style={{
          overflowWrap: 'anywhere',
          unicodeBidi: 'isolate',
          fontWeight: 800,
          fontSize: 'var(--mantine-font-size-xl)',
        }}
      >
        {digitsToPersian(code)}
      </bdi>
      <button
        type="button"
        className={cx(light.iconButton, 'no-print')}
        aria-label={copied ? preRegFa.copied : preRegFa.copy}
        title={copied ? preRegFa.copied : preRegFa.copy}
        onClick={() =>
          void navigator.clipboard?.writeText(code).then(() => {
            setCopied(true);
            setTimeout(() => setCopied(false), 1000);
          })
        }
      >
        {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
      </button>
    </span>
  );
}

export function Receipt({
  done,
  schoolName,
  onNew,
}: {
  done: { trackingCode: string; createdAt: string; academicYear: number; values: Values };
  schoolName: string;
  onNew: () => void;
}) {
  const v = done.values;
  return (
    <Card
      radius="md"
      style={{ '--card-padding': 'var(--mantine-spacing-lg)' } as React.CSSProperties}
      data-testid="pre-register-receipt"
      className="receipt"
    >
      <Stack gap="sm">
        <Group gap="xs">
          <IconCircleCheck color="var(--mantine-color-green-6)" aria-hidden />
          <Title order={2} size={3}>
            {preRegFa.doneTitle}
          </Title>
        </Group>
        <Text style={{ fontWeight: 700 }}>
          {schoolName} — {preRegFa.receiptTitle}
        </Text>
        <Text>{preRegFa.doneText}</Text>
        <Group gap="xs">
          <Text>{preRegFa.trackingCode}:</Text>
          <TrackingCode code={done.trackingCode} />
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
          <Button look="default" onClick={onNew}>
            {preRegFa.newForm}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

const lookupSchema = preRegisterContract.lookup.query;
const NO_LOOKUP = { trackingCode: '', nationalCode: '' };

/** Looks a form's status up by its tracking code and the child's national code. */
export function LookupForm({ online }: { online: boolean }) {
  const form = useFormState(NO_LOOKUP);
  const { values, errors } = form;
  const [result, setResult] = useState<PreRegisterPublicStatus | null>(null);
  const lookup = useLookupPreRegistration({
    onMutate: () => setResult(null),
    onSuccess: setResult,
    onError: (err) => {
      setResult(null);
      toastError(err);
    },
  });
  const field = (k: keyof typeof NO_LOOKUP) => ({
    value: values[k],
    onChange: (v: string) => {
      form.set(k, v);
      form.setErrors(({ [k]: _, ...rest }) => rest);
    },
    error: errors[k],
  });
  return (
    <Card radius="md" style={{ '--card-padding': 'var(--mantine-spacing-lg)' } as React.CSSProperties}>
      <form
        noValidate
        data-testid="lookup-form"
        onSubmit={(e) => {
          e.preventDefault();
          // A new lookup, or one that fails, never leaves the previous child's answer on screen.
          if (form.check(lookupSchema)) lookup.mutate(values);
          else setResult(null);
        }}
      >
        <SimpleGrid className={classes.fields}>
          {(['trackingCode', 'nationalCode'] as const).map((k) => (
            <TextField
              key={k}
              label={preRegFa[k]}
              inputMode="numeric"
              maxLength={10}
              required
              digits="digits"
              {...field(k)}
            />
          ))}
        </SimpleGrid>
        <Button
          type="submit"
          loading={lookup.isPending}
          disabled={!online}
          style={{ marginTop: 'var(--mantine-spacing-md)' }}
        >
          {preRegFa.lookup}
        </Button>
      </form>
      {result && <LookupResult result={result} />}
    </Card>
  );
}

/** The status of the form looked up, with the child's name and grade and its dates. */
function LookupResult({ result }: { result: PreRegisterPublicStatus }) {
  return (
    <Stack gap={6} style={{ marginTop: 'var(--mantine-spacing-lg)' }} data-testid="lookup-result">
      <Group gap="xs">
        <Text>{preRegFa.status}:</Text>
        <Badge
          data-status={result.status}
          style={
            {
              '--badge-height': 'var(--badge-height-lg)',
              '--badge-padding-x': 'var(--badge-padding-x-lg)',
              '--badge-fz': 'var(--badge-fz-lg)',
            } as React.CSSProperties
          }
        >
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
  );
}
