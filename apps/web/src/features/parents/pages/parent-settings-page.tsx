import { Alert, Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { digitsToPersian } from '../../../lib/format';
import { PageHeader } from '../../../ui/page-header';
import { smsPreferencesQuery, useSetSmsPreferences } from '../api';
import { parentFa as t } from '../messages';

/** The parent's SMS choice: non-essential messages on or off (payments and codes always go). */
export function Component() {
  const q = useQuery(smsPreferencesQuery());
  const save = useSetSmsPreferences();
  return (
    <>
      <PageHeader title={t.settings} description={t.settingsDescription} />
      {q.isPending && <Skeleton h={120} radius="md" />}
      {q.isError && <Alert color="red">{q.error.message}</Alert>}
      {q.data && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <Switch
              size="md"
              data-testid="sms-optional"
              checked={q.data.optional}
              disabled={save.isPending}
              label={t.smsOptional}
              description={t.smsOptionalHint(digitsToPersian(q.data.mobile))}
              onChange={(e) =>
                save.mutate(e.currentTarget.checked, {
                  onSuccess: (d) => notifications.show({ color: 'green', message: d.optional ? t.smsOn : t.smsOff }),
                  onError: (err) => notifications.show({ color: 'red', message: err.message }),
                })
              }
            />
            <Text size="sm" c="dimmed">
              {t.smsEssential}
            </Text>
          </Stack>
        </Paper>
      )}
    </>
  );
}
