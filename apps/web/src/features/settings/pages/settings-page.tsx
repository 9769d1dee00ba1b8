import type { SessionUser } from '@madreseh/contract/auth/auth.contract';
import type { SchoolProfile } from '@madreseh/contract/settings/settings.contract';
import { Box, Button, Group, SimpleGrid, Skeleton, Stack, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { DashboardPageHeader } from '../../../ui/dashboard-page-header';
import { SubmitForm } from '../../../ui/form-parts';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { SettingsSection } from '../../../ui/settings-section';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { settingsQueries, useSaveSchool } from '../api';
import { ImageSlot } from '../components/image-slot';
import { ContactFields, RegistrationFields } from '../components/school-fields';
import { settingsFa } from '../messages';
import { type Form, formOf } from '../school-form';

/** The form's values and the server's answer; a missing academic year is said before sending. */
function useSchoolForm(profile: SchoolProfile) {
  const state = useFormState<Form>(() => formOf(profile));
  const { values: form, setErrors } = state;
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
  return { state, submit, saving: save.isPending };
}

function SettingsForm({ profile }: { profile: SchoolProfile }) {
  // The stamp and signature are a super-admin's to set (the server refuses anyone else).
  const superAdmin =
    (useRouteLoaderData('dashboard') as { user?: SessionUser } | undefined)?.user?.role === 'super-admin';
  const { state, submit, saving } = useSchoolForm(profile);
  const { values: form, set, errors } = state;
  const err = (k: string) => errors[`school.${k}`];

  return (
    <SubmitForm onSubmit={submit}>
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
          <ContactFields state={state} />
        </SettingsSection>
        <SettingsSection title={settingsFa.registration}>
          <RegistrationFields state={state} />
        </SettingsSection>
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={saving}>
            {settingsFa.save}
          </Button>
        </Group>
      </Stack>
    </SubmitForm>
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
      <DashboardPageHeader
        title={settingsFa.title}
        description={settingsFa.line}
        crumbs={[{ label: fa.dashboard.settings }]}
      />
      {settings.isPending && <Skeleton h={400} radius="md" />}
      {settings.data && <SettingsForm profile={settings.data.school} />}
      {more && <Box mt="lg">{more}</Box>}
    </>
  );
}
