import { GRADE_LABELS, GRADE_LEVELS } from '@madreseh/contract/settings/settings.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import { Chip, Group, SimpleGrid, Stack, Switch, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { digitsToPersian } from '../../../lib/format';
import { PersianNumberInput } from '../../../ui/persian-number-input';
import { settingsFa } from '../messages';
import type { SchoolFormState } from '../school-form';

/** The address, phones, e-mail, hours and the map location of the school. */
export function ContactFields({ state }: { state: SchoolFormState }) {
  const { values: form, set, errors } = state;
  const err = (k: string) => errors[`school.${k}`];
  const [phoneText, setPhoneText] = useState('');
  return (
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
  );
}

/** Whether pre-registration is open, the grades the school takes and the academic year. */
export function RegistrationFields({ state }: { state: SchoolFormState }) {
  const { values: form, set, errors } = state;
  return (
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
        error={errors['school.academicYear']}
        description={
          form.academicYear === '' ? undefined : digitsToPersian(`${form.academicYear}-${form.academicYear + 1}`)
        }
      />
    </Stack>
  );
}
