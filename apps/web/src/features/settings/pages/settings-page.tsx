import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import type { ImageRef } from '@madreseh/contract/images';
import {
  GRADE_LABELS,
  GRADE_LEVELS,
  type SchoolImageKind,
  type SchoolProfile,
  type SchoolProfileInput,
} from '@madreseh/contract/settings/settings.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import {
  Box,
  Button,
  Chip,
  FileButton,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useRouteLoaderData } from 'react-router';
import { digitsToPersian } from '../../../lib/format';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { PageHeader } from '../../../ui/page-header';
import { PersianNumberInput } from '../../../ui/persian-number-input';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { SettingsSection } from '../../../ui/settings-section';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { settingsQueries, useRemoveSchoolImage, useSaveSchool, useUploadSchoolImage } from '../api';
import { settingsFa } from '../messages';

type Form = Required<Omit<SchoolProfileInput, 'location' | 'academicYear'>> & {
  lat: number | '';
  lng: number | '';
  academicYear: number | '';
};

function formOf(p: SchoolProfile): Form {
  return {
    name: p.name,
    slogan: p.slogan,
    aboutHtml: p.aboutHtml,
    address: p.address,
    phones: p.phones,
    email: p.email,
    hours: p.hours,
    preRegistrationOpen: p.preRegistrationOpen,
    gradesOffered: p.gradesOffered,
    academicYear: p.academicYear,
    lat: p.location?.lat ?? '',
    lng: p.location?.lng ?? '',
  };
}

function ImageSlot({
  kind,
  label,
  image,
  hint,
  readOnly = false,
}: {
  kind: SchoolImageKind;
  label: string;
  image: ImageRef | null;
  hint?: string;
  readOnly?: boolean;
}) {
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useUploadSchoolImage(kind, setProgress);
  const remove = useRemoveSchoolImage(kind);
  return (
    <Stack gap="xs">
      <Text fw={500}>{label}</Text>
      {image ? (
        <Image
          src={image.thumb}
          alt={label}
          h={kind === 'hero' ? 140 : 96}
          w={kind === 'hero' ? '100%' : kind === 'stamp' ? 160 : 96}
          fit={kind === 'hero' ? 'cover' : 'contain'}
          radius="md"
          bg="gray.0"
        />
      ) : (
        <Text c="dimmed" fz="sm">
          {settingsFa.none}
        </Text>
      )}
      {hint && (
        <Text c="dimmed" fz="xs">
          {hint}
        </Text>
      )}
      {progress !== null && <Progress value={progress * 100} aria-label={label} />}
      {!readOnly && (
        <Group gap="xs">
          <FileButton
            accept="image/jpeg,image/png,image/webp"
            onChange={(f) =>
              f &&
              upload.mutate(f, {
                onSuccess: () => toastSuccess(settingsFa.imageSaved),
                onError: (err) => toastError(err),
              })
            }
          >
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={upload.isPending}>
                {settingsFa.upload}
              </Button>
            )}
          </FileButton>
          {image && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => remove.mutate()}
              loading={remove.isPending}
            >
              {settingsFa.remove}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

function SettingsForm({ profile }: { profile: SchoolProfile }) {
  // The stamp and signature are a super-admin's to set (the server refuses anyone else).
  const superAdmin =
    (useRouteLoaderData('dashboard') as { user?: SessionUser } | undefined)?.user?.role === 'super-admin';
  const state = useFormState<Form>(() => formOf(profile));
  const { values: form, set, errors, setErrors } = state;
  const err = (k: string) => errors[`school.${k}`];
  const [phoneText, setPhoneText] = useState('');

  const save = useSaveSchool();
  const submit = () => {
    const { lat, lng, academicYear, ...rest } = form;
    if (academicYear === '') {
      setErrors({ 'school.academicYear': settingsFa.academicYearMissing });
      toastError(settingsFa.academicYearMissing);
      return;
    }
    save.mutate(
      { ...rest, academicYear, location: lat === '' || lng === '' ? null : { lat, lng } },
      {
        onSuccess: () => {
          setErrors({});
          toastSuccess(settingsFa.saved);
        },
        onError: (e) => {
          state.showServerErrors(e);
          toastError(e);
        },
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="lg">
        <SettingsSection title={settingsFa.profile}>
          <Stack>
            <TextInput
              label={settingsFa.name}
              required
              value={form.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={err('name')}
            />
            <TextInput
              label={settingsFa.slogan}
              value={form.slogan}
              onChange={(e) => set('slogan', e.currentTarget.value)}
              error={err('slogan')}
            />
            <RichTextEditor
              label={settingsFa.about}
              value={form.aboutHtml}
              onChange={(v) => set('aboutHtml', v)}
              error={err('aboutHtml')}
            />
          </Stack>
        </SettingsSection>
        <SettingsSection title={settingsFa.images}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ImageSlot kind="logo" label={settingsFa.logo} image={profile.logo} />
            <ImageSlot kind="hero" label={settingsFa.hero} image={profile.hero} />
            <ImageSlot
              kind="stamp"
              label={settingsFa.stamp}
              image={profile.stamp}
              hint={superAdmin ? settingsFa.stampHint : settingsFa.stampSuperAdminOnly}
              readOnly={!superAdmin}
            />
          </SimpleGrid>
        </SettingsSection>
        <SettingsSection title={settingsFa.contact}>
          <Stack>
            <Textarea
              label={settingsFa.address}
              autosize
              minRows={2}
              value={form.address}
              onChange={(e) => set('address', e.currentTarget.value)}
              error={err('address')}
            />
            <TagsInput
              label={settingsFa.phones}
              description={settingsFa.phonesHint}
              value={form.phones.map(digitsToPersian)}
              onChange={(v) => set('phones', v.map(digitsToLatin))}
              searchValue={phoneText}
              onSearchChange={(v) => setPhoneText(digitsToPersian(digitsToLatin(v)))}
              inputMode="tel"
              error={Object.entries(errors).find(([k]) => k.startsWith('school.phones'))?.[1]}
              maxTags={5}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={settingsFa.email}
                dir="ltr"
                value={form.email}
                onChange={(e) => set('email', e.currentTarget.value)}
                error={err('email')}
              />
              <TextInput
                label={settingsFa.hours}
                value={form.hours}
                onChange={(e) => set('hours', e.currentTarget.value)}
                error={err('hours')}
              />
              <PersianNumberInput
                label={settingsFa.lat}
                value={form.lat}
                onChange={(v) => set('lat', v)}
                decimals={6}
                allowNegative
                error={err('location.lat')}
              />
              <PersianNumberInput
                label={settingsFa.lng}
                value={form.lng}
                onChange={(v) => set('lng', v)}
                decimals={6}
                allowNegative
                error={err('location.lng')}
              />
            </SimpleGrid>
            <Text fz="xs" c="dimmed">
              {settingsFa.locationHint}
            </Text>
          </Stack>
        </SettingsSection>
        <SettingsSection title={settingsFa.registration}>
          <Stack>
            <Switch
              label={settingsFa.preRegistrationOpen}
              checked={form.preRegistrationOpen}
              onChange={(e) => set('preRegistrationOpen', e.currentTarget.checked)}
            />
            <Stack gap={6}>
              <Text fw={500} fz="sm">
                {settingsFa.grades}
              </Text>
              <Chip.Group
                multiple
                value={form.gradesOffered.map(String)}
                onChange={(v) => set('gradesOffered', v.map(Number))}
              >
                <Group gap={6}>
                  {GRADE_LEVELS.map((g) => (
                    <Chip key={g} value={String(g)} size="sm">
                      {GRADE_LABELS[g]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
            <PersianNumberInput
              label={settingsFa.academicYear}
              value={form.academicYear}
              onChange={(v) => set('academicYear', v)}
              w={220}
              error={err('academicYear')}
              description={
                form.academicYear === '' ? undefined : digitsToPersian(`${form.academicYear}-${form.academicYear + 1}`)
              }
            />
          </Stack>
        </SettingsSection>
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={save.isPending}>
            {settingsFa.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The settings page; `more` is what other features add below the school's own settings (payments
 * adds its card and gateway settings: app/pages/settings.tsx puts the two together).
 */
export function SettingsPage({ more }: { more?: ReactNode }) {
  const settings = useQuery(settingsQueries.all());
  return (
    <>
      <PageHeader
        title={settingsFa.title}
        description={settingsFa.line}
        crumbs={[{ label: fa.dashboard.home, to: '/dashboard' }, { label: fa.dashboard.settings }]}
      />
      {settings.isPending && <Skeleton h={400} radius="md" />}
      {settings.data && <SettingsForm profile={settings.data.school} />}
      {more && <Box mt="lg">{more}</Box>}
    </>
  );
}
