import type { Role } from '@madreseh/contract/roles';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { digitsToPersian } from '../../../lib/format';
import { SubmitForm } from '../../../ui/form-parts';
import { useRequestOtp, useVerifyOtp } from '../api';
import { authFa as t } from '../messages';
import { CodeBox } from './code-box';

/** A parent's sign-in with a one-time code: the mobile, then the six digits sent to it. */
export function OtpForm({
  onSignedIn,
  onError,
}: {
  onSignedIn: (answer: { user: { fullName: string; role: Role } }) => void;
  onError: (err: Error) => void;
}) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const request = useRequestOtp();
  const verify = useVerifyOtp();
  const failed = (err: Error) => {
    setFields(err instanceof ApiError ? (err.fields ?? {}) : {});
    onError(err);
  };

  if (!sentTo) {
    return (
      <SubmitForm
        noValidate
        onSubmit={() => request.mutate(mobile, { onSuccess: () => setSentTo(mobile), onError: failed })}
      >
        <Stack gap="md">
          <TextInput
            label={t.otpMobile}
            dir="ltr"
            inputMode="tel"
            autoComplete="tel"
            leftSection={<IconDeviceMobile size={18} />}
            value={mobile}
            onChange={(e) => setMobile(e.currentTarget.value)}
            error={fields.mobile}
            name="mobile"
          />
          <Button type="submit" size="md" loading={request.isPending} fullWidth>
            {t.otpSend}
          </Button>
        </Stack>
      </SubmitForm>
    );
  }
  return (
    <SubmitForm
      noValidate
      onSubmit={() => verify.mutate({ mobile: sentTo, code }, { onSuccess: onSignedIn, onError: failed })}
    >
      <Stack gap="md" align="stretch">
        <Text size="sm">{t.otpSent(digitsToPersian(sentTo))}</Text>
        <CodeBox value={code} onChange={setCode} label={t.otpCode} error={Boolean(fields.code)} />
        <Button type="submit" size="md" loading={verify.isPending} fullWidth disabled={code.length !== 6}>
          {t.otpVerify}
        </Button>
        <Button variant="subtle" size="sm" onClick={() => setSentTo(null)}>
          {t.otpAgain}
        </Button>
      </Stack>
    </SubmitForm>
  );
}
