import { GENDER_LABELS } from '@madreseh/contract/genders';
import type { Profile } from '@madreseh/contract/students/students.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian, formatJalaliDate } from '../../../lib/format';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { withPersianDigits } from '../../../ui/digits-input';
import { SubmitForm } from '../../../ui/form-parts';
import { PageHeader } from '../../../ui/page-header';
import { PasswordChangeFields } from '../../../ui/password-change-fields';
import { PhotoPicker } from '../../../ui/photo-picker';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { profileQuery, useChangePassword, useOwnPhoto, useUpdateProfile } from '../api';
import { profileFa as t } from '../messages';

function errorMessage(err: Error): string {
  return err instanceof ApiError && err.isNetwork ? t.offlineAction : err.message;
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      <Text size="sm" ta="left">
        {value ?? '—'}
      </Text>
    </Group>
  );
}

export function Component() {
  const q = useQuery(profileQuery());
  const p = q.data;

  return (
    <>
      <PageHeader title={fa.student.profile} />
      {q.isPending ? (
        <Skeleton h={300} />
      ) : q.isError ? (
        <Alert color="red">{errorMessage(q.error)}</Alert>
      ) : p ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <ProfileCard p={p} />
          <Stack>
            <ContactForm p={p} />
            <PasswordForm />
          </Stack>
        </SimpleGrid>
      ) : null}
    </>
  );
}

/** Who the student is, as the school recorded it, and her photo. */
function ProfileCard({ p }: { p: Profile }) {
  const photo = useOwnPhoto();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {p.fullName}
        </Title>
        <Text c="dimmed">{p.groupName ?? '—'}</Text>
        <PhotoPicker
          url={p.photoUrl}
          name={p.firstName}
          onUpload={(file, onProgress) =>
            photo.mutateAsync({ file, onProgress }).then(
              () => toastSuccess(t.photoSaved),
              (err: Error) => toastError(errorMessage(err)),
            )
          }
        />
        <Row label={t.username} value={p.username} />
        <Row label={t.nationalCode} value={digitsToPersian(p.nationalCode)} />
        <Row label={t.studentNumber} value={p.studentNumber ? digitsToPersian(p.studentNumber) : null} />
        <Row label={t.birthDate} value={p.birthDate ? formatJalaliDate(p.birthDate) : null} />
        <Row label={t.gender} value={p.gender ? GENDER_LABELS[p.gender] : null} />
        <Row label={t.fatherName} value={p.fatherName} />
        <Row label={t.parentMobile} value={p.parentMobile ? digitsToPersian(p.parentMobile) : null} />
      </Stack>
    </Card>
  );
}

/** A form's answer: `then` and a green toast, or the server's field errors and a red toast (offline said so). */
function outcome(form: { showServerErrors(err: unknown): void }, success: string, then: () => void) {
  return {
    onSuccess: () => {
      then();
      toastSuccess(success);
    },
    onError: (err: Error) => {
      form.showServerErrors(err);
      toastError(errorMessage(err));
    },
  };
}

/** A card holding one small form: its title, its fields and its submit button. */
function CardForm({
  title,
  submitLabel,
  loading,
  onSubmit,
  children,
}: {
  title: string;
  submitLabel: string;
  loading: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder>
      <SubmitForm noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <Title order={3} fz="h5">
            {title}
          </Title>
          {children}
          <Button type="submit" loading={loading} w="fit-content">
            {submitLabel}
          </Button>
        </Stack>
      </SubmitForm>
    </Card>
  );
}

/** The student's own mobile and address. */
function ContactForm({ p }: { p: Profile }) {
  const update = useUpdateProfile();
  const contactForm = useFormState({ mobile: '', address: '' });
  const { values: contact, errors: contactErrors } = contactForm;
  const resetContact = contactForm.reset;
  useEffect(() => {
    resetContact({ mobile: p.mobile ?? '', address: p.address ?? '' });
  }, [p, resetContact]);
  return (
    <CardForm
      title={t.contactTitle}
      submitLabel={t.save}
      loading={update.isPending}
      onSubmit={() =>
        update.mutate(
          contact,
          outcome(contactForm, t.contactSaved, () => contactForm.setErrors({})),
        )
      }
    >
      <TextInput
        label={t.mobile}
        inputMode="tel"
        {...withPersianDigits({
          value: contact.mobile,
          onChange: (mobile: string) => contactForm.set('mobile', mobile),
        })}
        error={contactErrors.mobile}
      />
      <Textarea
        label={t.address}
        autosize
        minRows={2}
        value={contact.address}
        onChange={(e) => contactForm.set('address', e.currentTarget.value)}
        error={contactErrors.address}
      />
    </CardForm>
  );
}

/** A new password, typed twice, after the current one. */
function PasswordForm() {
  const change = useChangePassword();
  const pwForm = useFormState({ currentPassword: '', newPassword: '', repeat: '' });
  const { values: pw, setValues: setPw, errors: pwErrors } = pwForm;
  const submit = () => {
    // Digits compare as at login: «۱۲۳» and «123» are the same password.
    if (digitsToLatin(pw.newPassword) !== digitsToLatin(pw.repeat)) {
      pwForm.setErrors({ repeat: t.repeatMismatch });
      return;
    }
    change.mutate(
      { currentPassword: pw.currentPassword, newPassword: pw.newPassword },
      outcome(pwForm, t.passwordChanged, () => pwForm.reset()),
    );
  };
  return (
    <CardForm title={t.passwordTitle} submitLabel={t.changePassword} loading={change.isPending} onSubmit={submit}>
      <PasswordChangeFields value={pw} onChange={setPw} errors={pwErrors} />
    </CardForm>
  );
}
