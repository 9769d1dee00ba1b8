import { type ContactInput, contactContract, contactInputSchema } from '@madreseh/contract/contact/contact.contract';
import { Alert, Anchor, Box, Button, Grid, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClock, IconMail, IconMap2, IconMapPin, IconPhone, IconWifiOff } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MantineRoot } from '../../../app/mantine';
import { ApiError, call } from '../../../lib/api-client';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { digitsToPersian } from '../../../lib/format';
import { useOnline } from '../../../lib/offline';
import { mapLinks, schoolProfileQuery } from '../../../lib/school-profile';
import { PageHeader } from '../../../ui/page-header';
import { contactFa } from '../messages';

const EMPTY: Required<ContactInput> = { name: '', replyTo: '', subject: '', message: '', website: '' };

function ContactPage() {
  const school = useQuery(schoolProfileQuery());
  const online = useOnline();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof ContactInput, v: string) => setForm((f) => ({ ...f, [k]: v }));

  const send = useMutation({
    mutationFn: (body: ContactInput) => call(contactContract.send, { body }),
    onSuccess: () => {
      setForm(EMPTY);
      setErrors({});
      notifications.show({ color: 'green', message: contactFa.sent });
    },
    onError: (e) => {
      if (e instanceof ApiError) setErrors(e.fields ?? {});
      notifications.show({ color: 'red', message: (e as Error).message });
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = contactInputSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    send.mutate(form);
  };

  const p = school.data;
  return (
    <Box maw={1100} mx="auto" px="md" py="xl">
      <PageHeader title={contactFa.title} description={contactFa.line} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            {!online && (
              <Alert color="orange" icon={<IconWifiOff size={18} />} mb="md" data-testid="offline-form">
                {contactFa.needsNetwork}
              </Alert>
            )}
            <form onSubmit={submit} noValidate>
              <Stack>
                <TextInput
                  label={contactFa.name}
                  required
                  value={form.name}
                  onChange={(e) => set('name', e.currentTarget.value)}
                  error={errors.name}
                  autoComplete="name"
                />
                <TextInput
                  label={contactFa.replyTo}
                  required
                  value={form.replyTo}
                  onChange={(e) => set('replyTo', e.currentTarget.value)}
                  error={errors.replyTo}
                  placeholder={contactFa.replyToHint}
                  autoComplete="tel"
                />
                <TextInput
                  label={contactFa.subject}
                  required
                  value={form.subject}
                  onChange={(e) => set('subject', e.currentTarget.value)}
                  error={errors.subject}
                />
                <Textarea
                  label={contactFa.message}
                  required
                  autosize
                  minRows={5}
                  value={form.message}
                  onChange={(e) => set('message', e.currentTarget.value)}
                  error={errors.message}
                />
                {/* Honeypot: hidden from people and from assistive technology; bots fill it. */}
                <Box
                  aria-hidden="true"
                  style={{
                    position: 'absolute',
                    width: 1,
                    height: 1,
                    overflow: 'hidden',
                    clipPath: 'inset(50%)',
                    whiteSpace: 'nowrap',
                  }}
                >
                  <label>
                    {contactFa.website}
                    <input
                      type="text"
                      name="website"
                      tabIndex={-1}
                      autoComplete="off"
                      value={form.website}
                      onChange={(e) => set('website', e.currentTarget.value)}
                    />
                  </label>
                </Box>
                <Button type="submit" loading={send.isPending} disabled={!online} size="md">
                  {contactFa.send}
                </Button>
              </Stack>
            </form>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Title order={2} fz="h4" mb="md">
              {p?.name}
            </Title>
            <Stack gap="sm">
              {p?.address && (
                <Text>
                  <IconMapPin size={16} /> {digitsToPersian(p.address)}
                </Text>
              )}
              {p?.phones.map((ph) => (
                <Anchor key={ph} href={`tel:${ph}`}>
                  <IconPhone size={16} /> <span className="tabular">{digitsToPersian(ph)}</span>
                </Anchor>
              ))}
              {p?.email && (
                <Anchor href={`mailto:${p.email}`} dir="ltr">
                  <IconMail size={16} /> {p.email}
                </Anchor>
              )}
              {p?.hours && (
                <Text>
                  <IconClock size={16} /> {digitsToPersian(p.hours)}
                </Text>
              )}
              {p?.location && (
                <>
                  <Button
                    component="a"
                    href={mapLinks(p.location).geo}
                    variant="light"
                    leftSection={<IconMap2 size={18} />}
                  >
                    {contactFa.openMap}
                  </Button>
                  <Anchor href={mapLinks(p.location).web} target="_blank" rel="noopener noreferrer" fz="sm">
                    {contactFa.openMapWeb}
                  </Anchor>
                </>
              )}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Box>
  );
}

/** Still drawn by Mantine, which this page brings with it (docs/decisions/0014). */
export function Component() {
  return (
    <MantineRoot>
      <ContactPage />
    </MantineRoot>
  );
}
