import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { formatJalaliDateTime } from '../lib/format';

/**
 * «آفلاین — اطلاعات <Jalali time>»: the page shows what was saved when the network last answered.
 * With `offline` and no time (the browser is offline, but what the page shows was loaded before),
 * a line without a time.
 */
export function OfflineNotice({ at, offline = false }: { at: string | null; offline?: boolean }) {
  if (!at && !offline) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCloudOff size={20} />}
      mb="md"
      data-testid="offline-notice"
      role="status"
    >
      {at ? `آفلاین — اطلاعات ${formatJalaliDateTime(at)}` : 'آفلاین — آخرین اطلاعات دریافت‌شده را می‌بینید.'}
    </Alert>
  );
}
