import { passwordChangeSchema } from '@madreseh/contract/auth/auth.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { useFormState } from '../../lib/use-form-state';
import { SubmitForm } from '../../ui/form-parts';
import { PasswordChangeFields } from '../../ui/password-change-fields';
import { toastError, toastSuccess } from '../../ui/toasts';
import { useChangeOwnPassword } from './api';
import { demoPasswordFa as m } from './messages';

const EMPTY = { currentPassword: '', newPassword: '', repeat: '' };

/**
 * The ask of a super-admin still signed in with the published demo password (session user
 * `demoPassword`): a loud notice on top of every dashboard page, with a form for a new password.
 * «بعداً» hides it for this page view only; the next page shows it again until the password changes.
 */
export function DemoPasswordPrompt() {
  const [hidden, setHidden] = useState(false);
  const [open, setOpen] = useState(false);
  const form = useFormState(EMPTY);
  const { values: pw, setValues: setPw, errors } = form;
  const change = useChangeOwnPassword();
  const revalidator = useRevalidator();
  if (hidden) return null;

  const submit = () => {
    // Digits compare as at login: «۱۲۳» and «123» are the same password.
    const mismatch = digitsToLatin(pw.newPassword) !== digitsToLatin(pw.repeat);
    if (!form.check(passwordChangeSchema) || mismatch) {
      if (mismatch) form.setErrors((found) => (found.newPassword ? found : { ...found, repeat: m.repeatMismatch }));
      return;
    }
    change.mutate(
      { currentPassword: pw.currentPassword, newPassword: pw.newPassword },
      {
        onSuccess: () => {
          setOpen(false);
          setHidden(true);
          form.reset();
          toastSuccess(m.changed);
          void revalidator.revalidate();
        },
        onError: (err) => {
          form.showServerErrors(err);
          toastError(err);
        },
      },
    );
  };

  return (
    <>
      <Alert
        color="red.9"
        variant="filled"
        mb="md"
        icon={<IconAlertTriangle />}
        title={m.title}
        data-testid="demo-password-prompt"
      >
        <Stack gap="sm">
          <Text size="sm">{m.warning}</Text>
          <Group gap="xs">
            <Button color="white" variant="white" c="red.9" size="xs" onClick={() => setOpen(true)}>
              {m.setNew}
            </Button>
            <Button color="white" variant="outline" size="xs" onClick={() => setHidden(true)}>
              {m.later}
            </Button>
          </Group>
        </Stack>
      </Alert>
      <Modal opened={open} onClose={() => setOpen(false)} title={m.setNew} centered>
        <SubmitForm noValidate onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm">{m.warning}</Text>
            <PasswordChangeFields value={pw} onChange={setPw} errors={errors} autoFocus />
            <Button type="submit" loading={change.isPending} w="fit-content">
              {m.submit}
            </Button>
          </Stack>
        </SubmitForm>
      </Modal>
    </>
  );
}
