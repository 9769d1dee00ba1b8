import { loginBodySchema } from '@madreseh/contract/auth/auth.contract';
import { homePathOf, type Role } from '@madreseh/contract/roles';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock, IconUser } from '@tabler/icons-react';
import { type ChangeEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { readToken, readUser } from '../../../lib/cookies';
import { usePageTitle, useSchoolName } from '../../../lib/school-profile';
import { useFormState } from '../../../lib/use-form-state';
import { fa } from '../../../messages/fa';
import { Brand } from '../../../ui/brand';
import { SubmitForm } from '../../../ui/form-parts';
import { useLogin } from '../api';
import { OtpForm } from '../components/otp-form';
import { authFa } from '../messages';

const LOGIN_ERROR_TOAST = 'login-error';
const EMPTY = { username: '', password: '' };

export function Component() {
  const navigate = useNavigate();
  const [current] = useState(() => (readToken() ? readUser() : null));
  usePageTitle(fa.auth.pageTitle);
  const school = useSchoolName();

  const form = useFormState(EMPTY);
  /** A field's value and error; typing in it clears its error. */
  const field = (k: keyof typeof EMPTY): FieldProps => ({
    value: form.values[k],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      form.set(k, e.currentTarget.value);
      form.setErrors(({ [k]: _, ...rest }) => rest);
    },
    error: form.errors[k],
  });

  const login = useLogin();
  const [way, setWay] = useState<'password' | 'code'>('password');
  const onLogin = {
    onSuccess: ({ user }: { user: { fullName: string; role: Role } }) => {
      // A wrong-password toast from an earlier try is stale once signed in.
      notifications.hide(LOGIN_ERROR_TOAST);
      notifications.show({ color: 'green', message: fa.auth.welcome(user.fullName) });
      navigate(homePathOf(user.role), { replace: true });
    },
    onError: (err: Error) => {
      const message = err instanceof ApiError ? err.message : fa.errors.internalLine;
      if (err instanceof ApiError && err.fields) form.showServerErrors(err);
      notifications.show({ id: LOGIN_ERROR_TOAST, color: 'red', title: fa.auth.submit, message });
    },
  };

  return (
    <Card w="100%" maw={420} p={{ base: 'lg', sm: 'xl' }}>
      <Stack gap="lg">
        <SignInHeader school={school} current={current} />
        <SegmentedControl
          fullWidth
          value={way}
          onChange={(v) => setWay(v as 'password' | 'code')}
          data={[
            { value: 'password', label: authFa.withPassword },
            { value: 'code', label: authFa.withCode },
          ]}
        />
        {way === 'code' && <OtpForm onSignedIn={onLogin.onSuccess} onError={onLogin.onError} />}
        <SubmitForm
          onSubmit={() => {
            if (form.check(loginBodySchema)) login.mutate(form.values, onLogin);
          }}
          noValidate
          hidden={way !== 'password'}
        >
          <Stack gap="md">
            <CredentialFields field={field} />
            <Button type="submit" size="md" loading={login.isPending} fullWidth>
              {fa.auth.submit}
            </Button>
          </Stack>
        </SubmitForm>
        <Group justify="center">
          <Anchor component={Link} to="/" size="sm">
            {fa.auth.backHome}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}

/** The school's sign-in title, and a link back to the panel for someone already signed in. */
function SignInHeader({ school, current }: { school: string; current: ReturnType<typeof readUser> }) {
  return (
    <>
      <Stack gap={6} align="center" ta="center">
        <Brand size={56} withName={false} />
        <Title order={1} fz="h3">
          {fa.auth.title(school)}
        </Title>
        <Text c="dimmed" size="sm">
          {fa.auth.subtitle}
        </Text>
      </Stack>
      {current && (
        <Alert color="brand" variant="light">
          <Stack gap={6}>
            <Text size="sm">{fa.auth.alreadySignedIn(current.fullName)}</Text>
            <Anchor component={Link} to={homePathOf(current.role)} size="sm" fw={600}>
              {fa.auth.goToPanel}
            </Anchor>
          </Stack>
        </Alert>
      )}
    </>
  );
}

type FieldProps = {
  value: string;
  onChange: (e: ChangeEvent<HTMLInputElement>) => void;
  error: string | undefined;
};

function CredentialFields({ field }: { field: (k: keyof typeof EMPTY) => FieldProps }) {
  return (
    <>
      <TextInput
        label={fa.auth.username}
        autoComplete="username"
        autoCapitalize="none"
        dir="ltr"
        leftSection={<IconUser size={18} />}
        {...field('username')}
        name="username"
        data-autofocus
      />
      <PasswordInput
        label={fa.auth.password}
        autoComplete="current-password"
        dir="ltr"
        leftSection={<IconLock size={18} />}
        visibilityToggleButtonProps={{ 'aria-label': fa.auth.showPassword }}
        {...field('password')}
        name="password"
      />
    </>
  );
}
