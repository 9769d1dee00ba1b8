import { passwordChangeSchema } from '@madreseh/contract/student/student.contract';
import { digitsToLatin } from '@madreseh/contract/text';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { zodFieldErrors } from '../../lib/form-errors';
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
  const [pw, setPw] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = useChangeOwnPassword();
  const revalidator = useRevalidator();
  if (hidden) return null;

  const submit = () => {
    const fieldErrors = zodFieldErrors(passwordChangeSchema, pw);
    // Digits compare as at login: «۱۲۳» and «123» are the same password.
    if (!fieldErrors.newPassword && digitsToLatin(pw.newPassword) !== digitsToLatin(pw.repeat))
      fieldErrors.repeat = m.repeatMismatch;
    setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    change.mutate(
      { currentPassword: pw.currentPassword, newPassword: pw.newPassword },
      {
        onSuccess: () => {
          setOpen(false);
          setHidden(true);
          setPw(EMPTY);
          toastSuccess(m.changed);
          void revalidator.revalidate();
        },
        onError: (err) => {
          setErrors(err instanceof ApiError ? (err.fields ?? {}) : {});
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
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{m.warning}</Text>
            <PasswordChangeFields value={pw} onChange={setPw} errors={errors} autoFocus />
            <Button type="submit" loading={change.isPending} w="fit-content">
              {m.submit}
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
