import type { ContactInput } from '@madreseh/contract/contact/contact.contract';
import { IconClock, IconMail, IconMap2, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { digitsToPersian } from '../../../lib/format';
import { useOnline } from '../../../lib/offline';
import { mapLinks, schoolProfileQuery } from '../../../lib/school-profile';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { Button } from '../../../ui/kit-button';
import { TextField } from '../../../ui/kit-input';
import { Grid, GridCol, Paper, PublicPage, Stack } from '../../../ui/kit-layout';
import { Anchor, Text, Title } from '../../../ui/kit-text';
import { OfflineFormNotice } from '../../../ui/offline-form-notice';
import { PageHeader } from '../../../ui/page-header';
import kit from '../../../ui/public.module.css';
import { toastError, toastSuccess } from '../../../ui/toasts';
import { contactFa } from '../messages';
import { contactSending, useSendContact } from '../public-api';

const EMPTY: Required<ContactInput> = { name: '', replyTo: '', subject: '', message: '', website: '' };

/** The contact page: the school's addresses and a form (plain React drawn by Mantine's stylesheet, ui/kit-*.tsx). */
export function Component() {
  const online = useOnline();
  const state = useFormState(EMPTY);
  const { values: form, set, errors, setErrors } = state;

  const send = useSendContact({
    onSuccess: () => {
      state.reset();
      toastSuccess(contactFa.sent);
    },
    onError: (e) => {
      state.showServerErrors(e);
      toastError(e);
    },
  });

  /** A field's label, value, error and typing, by its key (the label is the message of the same name). */
  const field = (k: 'name' | 'replyTo' | 'subject' | 'message') => ({
    label: contactFa[k],
    value: form[k],
    onChange: (v: string) => set(k, v),
    error: errors[k],
  });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const fieldErrors = (await contactSending()).check(form);
    if (fieldErrors) {
      setErrors(fieldErrors);
      return;
    }
    send.mutate(form);
  };

  return (
    <PublicPage width={1100}>
      <PageHeader title={contactFa.title} description={contactFa.line} />
      <Grid className={kit.gridLg}>
        <GridCol className={kit.col7}>
          <Paper withBorder className={kit.padMdLg}>
            {!online && <OfflineFormNotice>{contactFa.needsNetwork}</OfflineFormNotice>}
            <form onSubmit={submit} noValidate>
              <Stack>
                <TextField required {...field('name')} autoComplete="name" />
                <TextField required {...field('replyTo')} placeholder={contactFa.replyToHint} autoComplete="tel" />
                <TextField required {...field('subject')} />
                <TextField required {...field('message')} multiline minRows={5} />
                <Honeypot value={form.website} onChange={(v) => set('website', v)} />
                <Button type="submit" loading={send.isPending} disabled={!online} size="md">
                  {contactFa.send}
                </Button>
              </Stack>
            </form>
          </Paper>
        </GridCol>
        <GridCol className={kit.col5}>
          <SchoolContacts />
        </GridCol>
      </Grid>
    </PublicPage>
  );
}

/** Honeypot: hidden from people and from assistive technology; bots fill it. */
function Honeypot({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div
      className=""
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
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      </label>
    </div>
  );
}

/** The school's address, phones, e-mail, hours and map links. */
function SchoolContacts() {
  const school = useQuery(schoolProfileQuery());
  const p = school.data;
  return (
    <Paper withBorder className={kit.padMdLg}>
      <Title order={2} size={4} mb="md">
        {p?.name.trim() || fa.app.name}
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
            <Button component="a" href={mapLinks(p.location).geo} look="light" leftSection={<IconMap2 size={18} />}>
              {contactFa.openMap}
            </Button>
            <Anchor
              href={mapLinks(p.location).web}
              target="_blank"
              rel="noopener noreferrer"
              style={{ fontSize: 'var(--mantine-font-size-sm)' }}
            >
              {contactFa.openMapWeb}
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}
